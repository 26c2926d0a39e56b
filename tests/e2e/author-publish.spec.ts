import { expect, type Page } from "@playwright/test";
import { checkPage } from "./support/check-page";
import { newMemberTest as test } from "./support/member";
import { grantRole } from "./support/roles";

/**
 * Issue 26 items 4 and 6, with JavaScript on and off: an author changes a training's draft,
 * reads what publishing would change, publishes it as the next version, then goes back to the
 * first version from the history. Each project writes its own training (they share one server).
 */
test("an author publishes a draft, then publishes the first version again from the history", async ({
  page,
  member,
}, info) => {
  test.setTimeout(120_000);
  const slug = info.project.name === "js-on" ? "cap-2024" : "capitaine";
  await grantRole(member.email, "author");

  await page.goto(`/author/trainings/${slug}`);
  await page.locator('textarea[name="summaryEn"]').fill("A summary written in the browser.");
  await page.getByRole("button", { name: "Enregistrer le brouillon" }).click();
  await expect(page.getByText("Brouillon enregistré")).toBeVisible();

  await page.getByRole("link", { name: "Publier", exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/author/trainings/${slug}/publish$`));
  await expect(page.getByText("Tout y est, en français et en anglais")).toBeVisible();
  await expect(page.getByText("titre, résumé ou réglages de la formation modifiés")).toBeVisible();
  await checkPage(page, "author-publish");
  await page.getByRole("button", { name: "Publier", exact: true }).click();
  await expect(page.getByText("Version 2 publiée")).toBeVisible();
  await expect(page.getByText("rien à publier")).toBeVisible();

  await page.getByRole("link", { name: "Historique" }).click();
  await expect(page).toHaveURL(new RegExp(`/author/trainings/${slug}/history$`));
  await expect(page.getByRole("heading", { name: /Version 2/ })).toBeVisible();
  await expect(page.getByText("Par les fichiers du dépôt")).toBeVisible();
  await checkPage(page, "author-history");
  await page.getByRole("button", { name: "Republier la version 1" }).click();
  await expect(page.getByText("Version 3 publiée")).toBeVisible();
  await expect(page.getByText("retour à la version 1")).toBeVisible();
  await checkPage(page, "author-history-reverted");

  // A draft missing its English summary: the page says where, in which language, and offers no button.
  await page.goto(`/author/trainings/${slug}`);
  await page.locator('textarea[name="summaryEn"]').fill("");
  await page.getByRole("button", { name: "Enregistrer le brouillon" }).click();
  await expect(page.getByText("Brouillon enregistré")).toBeVisible();
  await page.goto(`/author/trainings/${slug}/publish`);
  await expect(page.getByText("Il manque encore 1 chose avant de publier")).toBeVisible();
  await expect(page.getByText("Résumé › en anglais")).toBeVisible();
  await expect(page.getByRole("button", { name: "Publier", exact: true })).toHaveCount(0);
  await checkPage(page, "author-publish-missing");
});

/** Picks the first answers each question allows. */
async function answerEveryQuestion(page: Page) {
  const questions = page.locator("fieldset.question");
  for (let i = 0; i < (await questions.count()); i++) {
    const question = questions.nth(i);
    const hint = (await question.locator(".question__hint").textContent()) ?? "";
    const min = Number(/entre (\d+) et/.exec(hint)?.[1] ?? 1);
    for (let a = 0; a < min; a++) await question.locator("input").nth(a).check();
  }
}

test("a member's result page shows their answers as they read them", async ({ page }) => {
  await page.goto("/training/j-embarque/modules/prendre-la-barre");
  await page.waitForLoadState("load");
  await answerEveryQuestion(page);
  await expect(async () => {
    if (!/quiz=done/.test(page.url())) await page.getByRole("button", { name: "Valider mes réponses" }).click();
    await expect(page).toHaveURL(/quiz=done/, { timeout: 3_000 });
  }).toPass({ timeout: 20_000 });
  await page.goto("/training_results/j-embarque");
  await page.getByText("Vos réponses").first().click();
  await expect(page.getByText("Qui tient la barre", { exact: false }).first()).toBeVisible();
  await checkPage(page, "result-answers");
});
