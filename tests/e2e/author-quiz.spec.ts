import { expect } from "@playwright/test";
import { checkPage } from "./support/check-page";
import { newMemberTest as test } from "./support/member";
import { ownTraining } from "./support/own-training";
import { grantRole } from "./support/roles";

/**
 * Issue 26, item 3, with JavaScript on and off: an author opens a module's quiz, adds a question,
 * writes its answers, is told the rule `max ≤ answers` with its numbers, fixes it and saves; then
 * opens a test's skills page and reads the chart a member would get. It edits a copy of its own,
 * so no other journey saves over it.
 */
test("an author writes a quiz question, is told the selection rule, and previews a test's chart", async ({
  page,
  member,
}) => {
  test.setTimeout(120_000);
  const [seeded, module] =
    test.info().project.name === "js-off"
      ? ["tenir-le-cap", "tenir-ses-engagements"]
      : ["j-embarque", "prendre-la-barre"];
  expect((await page.goto(`/author/trainings/${seeded}/modules/${module}/quiz`))?.status()).toBe(404);
  await grantRole(member.email, "author");
  // A copy of its own: other journeys save drafts at once on one server.
  const training = await ownTraining(page, seeded);
  const quiz = `/author/trainings/${training}/modules/${module}/quiz`;

  await page.goto(quiz);
  await expect(page.getByRole("heading", { name: "Quiz du module" })).toBeVisible();
  // However many questions the quiz has now (another journey may have written one), one more after.
  const count = async () => page.locator(".author-quiz .author-item").count();
  const before = await count();
  await expect(page.getByText(`${before} questions (50 au plus).`)).toBeVisible();
  await checkPage(page, "author-quiz");

  const add = page.locator("#quiz-question");
  await add.locator('[name="promptFr"]').fill("Cap ou pas cap ?");
  await add.locator('[name="promptEn"]').fill("Heading or not?");
  await add.getByRole("button", { name: "Ajouter la question" }).click();
  await expect(page).toHaveURL(new RegExp(`${quiz}/cap-ou-pas-cap(-\\d+)?\\?saved=questionAdded$`));
  await expect(page.getByText("Question ajoutée. Écrivez maintenant ses réponses.")).toBeVisible();

  const form = page.locator("#question");
  await form.locator('[name="answers[0].labelFr"]').fill("Cap");
  await form.locator('[name="answers[0].labelEn"]').fill("Heading");
  await form.locator('[name="answers[1].labelFr"]').fill("Pas cap");
  await form.locator('[name="answers[1].labelEn"]').fill("No heading");
  await form.getByLabel("Bonne réponse").first().check();
  await form.getByLabel("Maximum").fill("3");
  await form.getByRole("button", { name: "Enregistrer la question" }).click();
  await expect(
    page.getByText("Au plus 3 réponses peuvent être choisies, mais la question n’en a que 2."),
  ).toBeVisible();
  // What was typed stays in the form.
  await expect(form.locator('[name="answers[1].labelEn"]')).toHaveValue("No heading");
  await checkPage(page, "author-question-refused");

  await form.getByLabel("Maximum").fill("1");
  await form.getByRole("button", { name: "Enregistrer la question" }).click();
  await expect(page.getByText("Question enregistrée dans le brouillon.")).toBeVisible();
  await expect(form.locator('[name="answers[0].labelEn"]')).toHaveValue("Heading");
  await checkPage(page, "author-question");

  await page.getByRole("link", { name: "Retour au quiz" }).click();
  await expect(page.getByText(`${before + 1} questions (50 au plus).`)).toBeVisible();

  await page.goto("/author/trainings/capitaine/skills");
  await expect(page.getByRole("heading", { name: "Ce qu’un membre verrait" })).toBeVisible();
  await expect(page.getByRole("img", { name: /Quel capitaine suis-je/ })).toBeVisible();
  await expect(page.getByText(/^Votre profil/)).toBeVisible();
  await checkPage(page, "author-skills");

  // A test's question gives points per skill instead of right answers.
  await page.goto("/author/trainings/capitaine/modules/questionnaire/quiz/nouveau-projet");
  await expect(page.getByText("Points par compétence (0 à 100)").first()).toBeVisible();
  await expect(page.getByLabel("Bonne réponse")).toHaveCount(0);
  await checkPage(page, "author-question-test");
});
