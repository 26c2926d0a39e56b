import { expect, type Page } from "@playwright/test";
import { test } from "./support/test";

/**
 * The version check on start-up, the new-build notice and the route rules (SPEC §4). With
 * JavaScript off nothing of the first two happens: the page stays as the server sent it.
 */
const jsOn = () => test.info().project.use.javaScriptEnabled !== false;

/** Waits until the page has hydrated and its start-up requests are done. */
async function settled(page: Page) {
  await page.waitForLoadState("networkidle");
}

async function storedVersion(page: Page) {
  const state = await page.context().storageState();
  return state.origins.flatMap((origin) => origin.localStorage).find((item) => item.name === "last_front_version")
    ?.value;
}

test.describe("version check on start-up", () => {
  // A browser that last saw an older front end, with a cookie its scripts can clear.
  test.use({
    storageState: async ({ baseURL }, use) =>
      use({
        cookies: [
          {
            name: "e2e_scriptable",
            value: "1",
            domain: new URL(baseURL!).hostname,
            path: "/",
            expires: -1,
            httpOnly: false,
            secure: false,
            sameSite: "Lax",
          },
        ],
        origins: [
          {
            origin: baseURL!,
            localStorage: [
              { name: "last_front_version", value: "an-old-build" },
              { name: "register_firstName", value: "Marie" },
            ],
          },
        ],
      }),
  });

  test("an older stored version goes through /clear_cache.html and comes back to the page", async ({
    page,
    request,
  }) => {
    const current = String(await (await request.get("/api/debug/data_page/front-version")).json());
    await page.goto("/coming-soon?ref=e2e");
    if (!jsOn()) {
      await page.waitForTimeout(1_500);
      await expect(page).toHaveURL(/\/coming-soon\?ref=e2e$/);
      expect(await storedVersion(page)).toBe("an-old-build");
      return;
    }
    await page.waitForURL("**/clear_cache.html");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Cap vient d’être mis à jour");
    await page.waitForURL((url) => url.pathname === "/coming-soon" && url.search === "?ref=e2e");
    await settled(page);
    expect(await storedVersion(page)).toBe(current);
    const storage = await page.evaluate(() => ({ ...localStorage }));
    expect(storage, "local storage was cleared, the new version kept").toEqual({ last_front_version: current });
    expect((await page.context().cookies()).map((cookie) => cookie.name)).not.toContain("e2e_scriptable");
  });

  test("with invited_id in the URL nothing is cleared and the page stays", async ({ page }) => {
    await page.goto("/home/register?invited_id=inv-42");
    await settled(page);
    await page.waitForTimeout(1_000);
    await expect(page).toHaveURL(/\/home\/register\?invited_id=inv-42$/);
    expect(await storedVersion(page)).toBe("an-old-build");
    expect((await page.context().cookies()).map((cookie) => cookie.name)).toContain("e2e_scriptable");
  });
});

test("a new build is offered as a reload, polled every 5 minutes", async ({ page }) => {
  const notice = page.getByRole("status").filter({ hasText: "Une nouvelle version de Cap est disponible." });
  if (!jsOn()) {
    await page.goto("/coming-soon");
    await expect(notice).toHaveCount(0);
    return;
  }
  await page.clock.install();
  await page.route("**/builds/latest.json", (route) =>
    route.fulfill({ json: { id: "a-newer-build", timestamp: Date.now() } }),
  );
  await page.route("**/builds/meta/a-newer-build.json", (route) =>
    route.fulfill({ json: { id: "a-newer-build", timestamp: Date.now(), routeRules: {} } }),
  );
  await page.goto("/coming-soon");
  await settled(page);
  await page.clock.fastForward("04:00");
  await expect(notice).toHaveCount(0);
  await page.clock.fastForward("01:01");
  await expect(notice).toBeVisible();

  await page.evaluate(() => ((window as { beforeReload?: boolean }).beforeReload = true));
  await notice.getByRole("button", { name: "Recharger" }).click();
  await page.waitForFunction(() => !(window as { beforeReload?: boolean }).beforeReload);
  await expect(page).toHaveURL(/\/coming-soon$/);
});

test("without a DSN no error-reporting code is loaded and no request leaves the site", async ({ page, baseURL }) => {
  const requests: string[] = [];
  page.on("request", (request) => requests.push(request.url()));
  await page.goto("/coming-soon");
  await settled(page);
  await expect(page.locator("#error-reporting")).toHaveCount(0);
  expect(requests.filter((url) => new URL(url).origin !== new URL(baseURL!).origin)).toEqual([]);
  expect(requests.filter((url) => url.includes("error-reporting"))).toEqual([]);
});

test.describe("route rules", () => {
  test("the server redirects a declared path, keeping the query", async ({ page }) => {
    await page.goto("/register?invited_id=inv-7");
    await expect(page).toHaveURL(/\/home\/register\?invited_id=inv-7$/);
  });

  test("going to a declared path from a page ends on its target (with JavaScript, without a document load)", async ({
    page,
  }) => {
    if (!jsOn()) {
      await page.goto("/coming-soon");
      await page.goto("/login");
      await expect(page).toHaveURL(/\/home\/login$/);
      return;
    }
    const rules = page.waitForResponse((response) => response.url().includes("/builds/meta/"));
    await page.goto("/coming-soon");
    await rules;
    await settled(page);
    await page.evaluate(() => ((window as { sameDocument?: boolean }).sameDocument = true));
    await page.evaluate(() =>
      (window as unknown as { __remixRouter: { navigate(to: string): void } }).__remixRouter.navigate("/login"),
    );
    await page.waitForURL((url) => url.pathname === "/home/login");
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    expect(await page.evaluate(() => (window as { sameDocument?: boolean }).sameDocument)).toBe(true);
  });
});
