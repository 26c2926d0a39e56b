import { expect } from "@playwright/test";
import { newMemberTest as authorTest, signedInTest } from "./support/member";
import { ownTraining } from "./support/own-training";
import { grantRole } from "./support/roles";
import { test } from "./support/test";

/**
 * Issue 27, target 6: the first paint never waits for scripts. A page's scripts (its modules and
 * strings) are asked for only once the browser has painted it (app/.server/http/scripts-after-paint.server.ts),
 * and what a member types before the page hydrates stays (app/forms/typed-before-hydration.ts).
 */
test.describe("a page is painted before its scripts are fetched @js-only", () => {
  test("no script or strings request starts before the first contentful paint", async ({ page }) => {
    await page.goto("/home/login");
    const timings = await page.evaluate(() => ({
      paint: performance.getEntriesByName("first-contentful-paint")[0]?.startTime,
      // Everything the page asked for but its icon: modules (/build/) and strings (/i18n/).
      scripts: performance
        .getEntriesByType("resource")
        .filter((entry) => /^\/(build|i18n)\//.test(new URL(entry.name).pathname))
        .map((entry) => ({ url: entry.name, start: entry.startTime })),
    }));
    expect(timings.paint).toBeGreaterThan(0);
    // The modules and the strings file, every one of them asked for after the paint.
    expect(timings.scripts.filter((entry) => entry.url.endsWith(".js")).length).toBeGreaterThan(3);
    expect(timings.scripts.filter((entry) => entry.url.endsWith(".json"))).toHaveLength(1);
    for (const script of timings.scripts) expect(script.start, script.url).toBeGreaterThanOrEqual(timings.paint);
  });
});

test.describe("the first paint shows the whole page @js-only", () => {
  signedInTest(
    "on a slow phone, a long page's first frame is drawn once its content is parsed to the end",
    async ({ page }) => {
      // A 4× slower processor: the parser yields midway through the page, where Chromium would paint its top.
      const cdp = await page.context().newCDPSession(page);
      await cdp.send("Emulation.setCPUThrottlingRate", { rate: 4 });
      // A frame's callbacks run when it is drawn: the first one says what the parser had reached.
      await page.addInitScript(() => {
        requestAnimationFrame(() => {
          document.documentElement.dataset.firstFrame = [
            document.getElementById("quiz") ? "quiz" : "",
            document.getElementById("content-end") ? "content-end" : "",
          ].join(" ");
        });
      });
      await page.goto("/training/j-embarque/modules/prendre-la-barre");
      await expect(page.locator("html")).toHaveAttribute("data-first-frame", "quiz content-end");
      await cdp.send("Emulation.setCPUThrottlingRate", { rate: 1 });
    },
  );
});

test.describe("what a member types before the page hydrates @js-only", () => {
  authorTest(
    "an author's summary typed while the scripts load is still there once the page has hydrated",
    async ({ page, member }) => {
      await grantRole(member.email, "author");
      const slug = await ownTraining(page, "cap-2024");
      // The client entry, which hydrates the page, is held until the author has typed.
      let release = () => {};
      const held = new Promise<void>((resolve) => {
        release = resolve;
      });
      await page.route(/\/build\/entry\.client-[\w-]+\.js$/, async (route) => {
        await held;
        await route.continue();
      });
      const entryAsked = page.waitForRequest(/\/build\/entry\.client-[\w-]+\.js$/);
      await page.goto(`/author/trainings/${slug}`, { waitUntil: "commit" });
      await entryAsked;
      const summary = page.locator('textarea[name="summaryEn"]');
      await summary.fill("A summary typed before the page hydrated.");
      await expect(page.locator("html")).not.toHaveAttribute("data-hydrated");

      // The form, taking its fields over as it hydrates, writes their saved text back: the typed one wins.
      release();
      await expect(page.locator("html")).toHaveAttribute("data-hydrated", "");
      await expect(summary).toHaveValue("A summary typed before the page hydrated.");
      await page.getByRole("button", { name: "Enregistrer le brouillon" }).click();
      await expect(page.getByText("Brouillon enregistré")).toBeVisible();
      await page.reload();
      await expect(summary).toHaveValue("A summary typed before the page hydrated.");
    },
  );
});
