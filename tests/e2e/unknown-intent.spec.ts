import { expect, type Page } from "@playwright/test";
import { test as base } from "./support/test";
import { checkPage } from "./support/check-page";
import { newMemberTest } from "./support/member";

/**
 * Issue 23 item 6, with JavaScript on and off: a post no form of the page sends (its intent
 * rewritten on the way, as a stale or forged page would send it) is answered with a message over
 * the page, and nothing changes.
 */
const UNKNOWN_INTENT =
  "Cette page ne connaît pas ce formulaire : rien n’a été modifié. Rechargez la page, puis réessayez.";

/** Rewrites the intent of the page's next posts: `intent=from` becomes `intent=to`. */
async function rewriteIntent(page: Page, from: string, to: string) {
  await page.route(
    () => true,
    (route) => {
      const body = route.request().postData();
      if (route.request().method() !== "POST" || !body?.includes(`intent=${from}`)) return route.continue();
      return route.continue({ postData: body.replace(`intent=${from}`, `intent=${to}`) });
    },
  );
}

newMemberTest("the overview says so when a post's intent is unknown, and keeps no goal", async ({ page }) => {
  await page.goto("/");
  await rewriteIntent(page, "edit", "explode");
  await page.getByLabel("Mon objectif", { exact: true }).fill("Courir un semi-marathon");
  await page.getByRole("button", { name: "Définir mon objectif" }).click();
  await expect(page.getByRole("alert")).toHaveText(UNKNOWN_INTENT);
  await expect(page.locator("#goal").getByText(/^Vous n’avez pas encore d’objectif principal/)).toBeVisible();
  await checkPage(page, "overview-unknown-intent");

  // The same form, sent as the page sends it, works.
  await page.unrouteAll();
  await page.goto("/");
  await page.getByLabel("Mon objectif", { exact: true }).fill("Courir un semi-marathon");
  await page.getByRole("button", { name: "Définir mon objectif" }).click();
  await expect(page.locator("#goal .goal__text")).toHaveText("Courir un semi-marathon");
  await expect(page.getByRole("alert")).toHaveCount(0);
});

base("registration says so when a post's step is unknown, and stays at step one", async ({ page }) => {
  await page.goto("/home/register");
  await rewriteIntent(page, "next", "third");
  await page.getByLabel("Prénom").fill("Marie");
  await page.getByLabel("Nom", { exact: true }).fill("Curie");
  await page.getByLabel("Date de naissance").fill("1990-05-17");
  await page.getByRole("button", { name: "Continuer" }).click();
  await expect(page.getByRole("alert")).toHaveText(UNKNOWN_INTENT);
  await expect(page).toHaveURL(/\/home\/register$/);
  await expect(page.getByRole("button", { name: "Continuer" })).toBeVisible();
});
