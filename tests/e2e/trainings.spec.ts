import { expect, type Page } from "@playwright/test";
import { checkPage } from "./support/check-page";
import { newMemberTest as test } from "./support/member";
import { pickRightAnswers, seededTraining } from "./support/seeded-quiz";

const onboarding = seededTraining("j-embarque");

/**
 * Issue 4's journey, with JavaScript on and off: a new member starts "J'embarque", reads each
 * part, meets the quiz's messages with their choices kept, fails below the pass mark and reads the
 * review, passes, completes every module, lands on the congratulation page and sees the result.
 */
async function readEveryPart(page: Page) {
  const buttons = page.getByRole("button", { name: /^J’ai lu/ });
  // Every module these journeys open starts with parts to read: wait for them before counting.
  // The URL of a client-side navigation can change before the new page has rendered, and then
  // none was counted and none read (the previous module's page has none left).
  await expect(buttons.first()).toBeVisible();
  // Each round reads the page as it is now: a click that lands while the previous post's page is
  // still loading (JavaScript off) or hydrating must not leave the count behind. Each click marks
  // a part read and the page comes back without its button, until none is left.
  await expect(async () => {
    await page.waitForLoadState("load");
    const left = await buttons.count();
    if (left > 0) {
      await buttons.first().click();
      await expect(buttons).toHaveCount(left - 1, { timeout: 3_000 });
    }
    await expect(buttons).toHaveCount(0, { timeout: 500 });
  }).toPass({ timeout: 45_000 });
}

/** Submits valid answers and waits to land on `url`; a click lost while the page re-renders is retried. */
async function submitQuiz(page: Page, url: RegExp) {
  await expect(async () => {
    if (!url.test(page.url())) await page.getByRole("button", { name: "Valider mes réponses" }).click();
    await expect(page).toHaveURL(url, { timeout: 3_000 });
  }).toPass({ timeout: 20_000 });
}

/** Picks answers in every question of the quiz: the first `min` of each. */
async function answerEveryQuestion(page: Page) {
  await page.waitForLoadState("load");
  const questions = page.locator("fieldset.question");
  for (let i = 0; i < (await questions.count()); i++) {
    const question = questions.nth(i);
    const hint = (await question.locator(".question__hint").textContent()) ?? "";
    const min = Number(/entre (\d+) et/.exec(hint)?.[1] ?? 1);
    const inputs = question.locator("input");
    for (let a = 0; a < min; a++) await inputs.nth(a).check();
  }
}

test("a new member follows J'embarque to the end and sees the result", async ({ page }) => {
  test.setTimeout(420_000);
  await page.goto("/trainings");
  await checkPage(page, "trainings");
  const card = page.getByRole("article", { name: "J’embarque" });
  await expect(card.getByRole("link", { name: /Commencer/ })).toBeVisible();
  await card.getByRole("link", { name: "J’embarque", exact: true }).click();
  await expect(page).toHaveURL(/\/training\/j-embarque$/);
  await checkPage(page, "training");
  await page.getByRole("link", { name: "Commencer", exact: true }).click();

  // Module 1: read every part, then try the quiz with too few and too many answers.
  await expect(page).toHaveURL(/\/training\/j-embarque\/modules\/prendre-la-barre$/);
  await readEveryPart(page);
  const multi = page.locator("fieldset.question", { hasText: "Choisissez entre 2 et 3 réponses" }).first();
  await answerEveryQuestion(page);
  await multi.locator("input").nth(1).uncheck();
  await page.getByRole("button", { name: "Valider mes réponses" }).click();
  await expect(multi.getByText("Veuillez choisir au moins 2 réponses")).toBeVisible();
  // The message, with the question's number, describes the question's group.
  await expect(multi).toHaveAccessibleDescription(/Veuillez choisir au moins 2 réponses/);
  await expect(multi.locator("input").nth(0)).toBeChecked();
  // SPEC §4: the question counts its answers left unselected (1 of 5 chosen).
  await expect(multi.getByText("4 réponses non cochées")).toBeVisible();
  await checkPage(page, "module-quiz-refused");

  for (let a = 0; a < 4; a++) await multi.locator("input").nth(a).check();
  await page.getByRole("button", { name: "Valider mes réponses" }).click();
  await expect(multi.getByText("Vous ne pouvez pas choisir plus de 3 réponses")).toBeVisible();
  await expect(multi).toHaveAccessibleDescription(/Vous ne pouvez pas choisir plus de 3 réponses/);
  for (let a = 0; a < 4; a++) await expect(multi.locator("input").nth(a)).toBeChecked();

  // Three of five picked, and the first question's first answer ("Mon coach"): below the 70 % mark.
  await multi.locator("input").nth(3).uncheck();
  await submitQuiz(page, /quiz=done#quiz$/);
  const review = page.locator(".quiz-review");
  await expect(review.getByRole("heading", { name: "Quiz non réussi" })).toBeVisible();
  await expect(page.getByText("Quiz réussi", { exact: true })).toHaveCount(0);
  await expect(review.getByText("1 bonne réponse sur 2.")).toBeVisible();
  await expect(review.getByText("Il faut 2 bonnes réponses sur 2 (70 %) pour le réussir.")).toBeVisible();
  await expect(review.getByText("Le module sera terminé une fois ce quiz réussi.")).toBeVisible();
  // The review: the question marked wrong, the right answer, the author's feedback.
  const reviewed = review.locator("li", { hasText: "qui tient la barre de votre vie" });
  await expect(reviewed.getByText("Faux", { exact: true })).toBeVisible();
  await expect(reviewed.getByText("Votre réponse : Mon coach")).toBeVisible();
  await expect(reviewed.getByText("La bonne réponse : Moi, le capitaine")).toBeVisible();
  await expect(reviewed.getByText(/c’est vous qui décidez du cap/)).toBeVisible();
  await expect(page.getByText("Module terminé", { exact: true })).toHaveCount(0);
  await checkPage(page, "module-quiz-failed");

  // Tried again with the right answer: passed, and only now is the module completed.
  await page.getByRole("radio", { name: "Moi, le capitaine" }).check();
  await expect(async () => {
    if (!(await review.getByRole("heading", { name: "Quiz réussi" }).isVisible()))
      await page.getByRole("button", { name: "Valider mes réponses" }).click();
    await expect(review.getByRole("heading", { name: "Quiz réussi" })).toBeVisible({ timeout: 3_000 });
  }).toPass({ timeout: 20_000 });
  await expect(review.getByText("2 bonnes réponses sur 2.")).toBeVisible();
  await expect(review.getByText("Juste", { exact: true })).toHaveCount(2);
  await expect(page.getByText("Module terminé", { exact: true }).first()).toBeVisible();
  // On the training page the completed module offers its result (SPEC §4), the next one to start.
  await page.goto("/training/j-embarque");
  await expect(page.getByRole("link", { name: "Voir mon résultat : Prendre la barre" })).toHaveAttribute(
    "href",
    "/training/j-embarque/modules/prendre-la-barre#quiz",
  );
  await page.goto("/training/j-embarque/modules/prendre-la-barre");

  // Modules 2 and 3.
  for (const slug of ["lire-sa-carte", "fixer-son-cap"]) {
    await page.getByRole("link", { name: /Module suivant/ }).click();
    await expect(page).toHaveURL(new RegExp(`/modules/${slug}$`));
    await readEveryPart(page);
    await pickRightAnswers(page, onboarding.modules.find((m) => m.slug === slug)!);
    // Module 2 comes back completed; module 3 ends the training.
    await submitQuiz(page, /quiz=done#quiz$|\/congratulations$/);
  }

  await expect(page).toHaveURL(/\/training\/j-embarque\/congratulations$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Félicitations !");
  await checkPage(page, "congratulations");
  await page.getByRole("link", { name: "Voir mon résultat" }).click();
  await expect(page).toHaveURL(/\/training_results\/j-embarque$/);
  await expect(page.getByText(/au quiz/).first()).toBeVisible();

  await page.goto("/trainings");
  await expect(
    page.getByRole("article", { name: "J’embarque" }).getByRole("link", { name: /Voir mon résultat/ }),
  ).toBeVisible();
});

test("the results tick only the modules done", async ({ page }) => {
  const [done] = onboarding.modules;
  await page.goto(`/training/j-embarque/modules/${done.slug}`);
  await readEveryPart(page);
  await pickRightAnswers(page, done);
  await submitQuiz(page, /quiz=done#quiz$/);
  await page.goto("/training_results/j-embarque");
  const tick = (title: string) =>
    page.locator(".check-list > li", { hasText: title }).evaluate((item) => getComputedStyle(item, "::before").content);
  await expect(page.locator(".check-list > li", { hasText: done.title.fr })).toContainText("2 / 2 au quiz");
  expect(await tick(done.title.fr)).toBe('"✓"');
  for (const module of onboarding.modules.slice(1)) {
    await expect(page.locator(".check-list > li", { hasText: module.title.fr })).toContainText("Pas encore fait");
    expect(await tick(module.title.fr)).not.toContain("✓");
  }
});

test("a payable training's modules say why they are locked and how to unlock them", async ({ page }) => {
  await page.goto("/training/tenir-le-cap");
  const modules = page.locator("ol.training-list > li");
  await expect(modules.first().getByText("Ce module s’ouvre avec la formation.")).toBeVisible();
  await expect(modules.first().getByRole("link", { name: "Débloquer avec un code" })).toHaveAttribute(
    "href",
    "/trainings#unlock",
  );
});

test("the captain test gives a profile and a chart with its figures", async ({ page }) => {
  await page.goto("/training/capitaine/modules/questionnaire");
  await readEveryPart(page);
  await answerEveryQuestion(page);
  await submitQuiz(page, /\/training\/capitaine\/congratulations$/);
  await page.goto("/result");
  const section = page.locator("#capitaine");
  await expect(section.getByRole("heading", { name: /Votre profil/ })).toBeVisible();
  await expect(section.getByRole("img", { name: /graphique des scores/ })).toBeVisible();
  await expect(section.getByText(/sur 100/).first()).toBeVisible();
  await checkPage(page, "result");
});
