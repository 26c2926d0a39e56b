import { expect, type Page } from "@playwright/test";
import { checkPage } from "./support/check-page";
import { newMemberTest as test } from "./support/member";

/**
 * Issue 27, target 7: a member turns light pages on from their profile; the next pages carry no
 * script element and the browser fetches no script, yet they work (a form posts and is saved);
 * turned off, the scripts are back. With JavaScript on, the form reloads the document, so the
 * very next page is already light; with it off, the same holds of what the server sends.
 */
const scriptsOf = (page: Page) => page.locator("script").count();

test("turn light pages on: the next pages carry no script and still work; turn them off again", async ({ page }) => {
  // Five pages, a native post each way, an axe check and its screenshots: past 90 s on a loaded machine.
  test.setTimeout(180_000);
  await page.goto("/profile");
  expect(await scriptsOf(page)).toBeGreaterThan(0);

  const light = page.getByRole("region", { name: "Pages légères" });
  await expect(light.getByText("Les pages légères sont désactivées.")).toBeVisible();
  await light.getByLabel("Pages légères").check();
  await light.getByRole("button", { name: "Enregistrer" }).click();
  await expect(page.getByRole("status")).toContainText("Pages légères activées");
  await expect(light.getByText("Les pages légères sont activées.")).toBeVisible();
  await expect(light.getByLabel("Pages légères")).toBeChecked();
  expect(await scriptsOf(page)).toBe(0);
  await checkPage(page, "profile-light-pages");

  // From here on the browser fetches no script at all.
  const scriptsFetched: string[] = [];
  page.on("request", (request) => {
    if (request.resourceType() === "script" || /\.js(\?|$)/.test(request.url())) scriptsFetched.push(request.url());
  });

  // Another page, reached by its link in the sidebar.
  await page.getByRole("link", { name: "Formation", exact: true }).first().click();
  await expect(page).toHaveURL(/\/trainings$/);
  expect(await scriptsOf(page)).toBe(0);

  // A form still posts and is saved.
  await page.goto("/profile");
  const details = page.getByRole("region", { name: "Mes informations" });
  await details.getByLabel("Rôle ou fonction").fill("Navigatrice");
  await details.getByRole("button", { name: "Enregistrer" }).click();
  await expect(page.getByRole("status")).toHaveText("Vos informations sont enregistrées.");
  await expect(details.getByLabel("Rôle ou fonction")).toHaveValue("Navigatrice");
  expect(await scriptsOf(page)).toBe(0);
  expect(scriptsFetched).toEqual([]);

  // Off again: the pages have their scripts back.
  await light.getByLabel("Pages légères").uncheck();
  await light.getByRole("button", { name: "Enregistrer" }).click();
  await expect(page.getByRole("status")).toContainText("Pages légères désactivées");
  await expect(light.getByText("Les pages légères sont désactivées.")).toBeVisible();
  expect(await scriptsOf(page)).toBeGreaterThan(0);
});
