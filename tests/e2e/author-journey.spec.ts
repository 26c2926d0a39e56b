import { expect, type Page } from "@playwright/test";
import sharp from "sharp";
import { checkPage } from "./support/check-page";
import { othersTest as test } from "./support/roles";

/**
 * Issue 26's whole story, with JavaScript on and off: an author creates a training with a module,
 * a video part and a quiz, previews it, publishes it; a member follows it to its result; then the
 * author rewords the question and removes the answer the member chose, publishes again, and the
 * member's result page still shows the question and the answer as they read them.
 */
test.use({ role: "author" });

const prompt = { fr: "Que faire quand le vent tourne ?", en: "What to do when the wind turns?" };
const reworded = "Quand le vent tourne, que faites-vous ?";
const answers = [
  { fr: "Tenir le cap", en: "Hold the course" },
  { fr: "Changer de cap", en: "Change course" },
  { fr: "Jeter l’ancre", en: "Drop anchor" },
];

test("an author writes, previews and publishes a training; a member's result survives a reworded question and a removed answer", async ({
  page,
  others,
}) => {
  test.setTimeout(240_000);
  const run = `${test.info().project.name}-${Date.now().toString(36)}`;
  const slug = `parcours-${run}`;

  // A new training: its titles, then its summaries.
  await page.goto("/author/trainings/new");
  await page.getByLabel("Français").fill(`Parcours ${run}`);
  await page.getByLabel("Anglais").fill(`Journey ${run}`);
  await page.getByLabel("Identifiant").fill(slug);
  await page.getByRole("button", { name: "Créer le brouillon" }).click();
  await expect(page).toHaveURL(new RegExp(`/author/trainings/${slug}$`));
  await page.locator("#training-summaryFr").fill("Un parcours écrit dans le navigateur.");
  await page.locator("#training-summaryEn").fill("A journey written in the browser.");
  await saveDraft(page, "Brouillon enregistré");

  // A module with its summary and hours.
  await page.getByRole("link", { name: "Modules", exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/author/trainings/${slug}/modules$`));
  await page.getByRole("group", { name: "Titre" }).getByLabel("Français").fill("Lire le vent");
  await page.getByRole("group", { name: "Titre" }).getByLabel("Anglais").fill("Reading the wind");
  await page.getByRole("button", { name: "Ajouter", exact: true }).click();
  await expect(page.getByText("Module ajouté au brouillon.")).toBeVisible();
  await page
    .getByRole("link", { name: /Lire le vent/ })
    .first()
    .click();
  await expect(page).toHaveURL(/\/modules\/lire-le-vent$/);
  await page.locator("#module-summaryFr").fill("Observer avant d’agir.");
  await page.locator("#module-summaryEn").fill("Look before you act.");
  await page.getByLabel("Durée en heures").fill("1");
  await saveDraft(page, "Module enregistré dans le brouillon.");

  // Its video part: introduction, an https address, transcript, poster and captions.
  await page.getByLabel("Type de partie").selectOption("video");
  await page.locator("#add-part-titleFr").fill("Le vent en images");
  await page.locator("#add-part-titleEn").fill("The wind on film");
  await page.getByRole("button", { name: "Ajouter la partie" }).click();
  await expect(page.getByText("Partie ajoutée au brouillon.")).toBeVisible();
  await page
    .getByRole("link", { name: /Le vent en images/ })
    .first()
    .click();
  await expect(page).toHaveURL(/\/parts\/le-vent-en-images$/);
  await page.locator("#part-bodyFr").fill("Regardez le *vent* tourner.");
  await page.locator("#part-bodyEn").fill("Watch the *wind* turn.");
  await page.locator("#part-src").fill("https://videos.example/vent.mp4");
  await page.locator("#part-transcriptFr").fill("Le vent tourne, le cap reste.");
  await page.locator("#part-transcriptEn").fill("The wind turns, the course stays.");
  await saveDraft(page, "Partie enregistrée dans le brouillon.");
  const poster = await sharp({ create: { width: 640, height: 360, channels: 3, background: "#1d4e89" } })
    .jpeg()
    .toBuffer();
  await page.getByLabel("Image d’aperçu").setInputFiles({ name: "vent.jpg", mimeType: "image/jpeg", buffer: poster });
  await page.locator("#poster").getByRole("button", { name: "Envoyer" }).click();
  await expect(page.getByText("Image d’aperçu enregistrée dans le brouillon.")).toBeVisible();
  for (const [lang, label, words] of [
    ["fr", "Sous-titres en français", "Le vent tourne."],
    ["en", "Sous-titres en anglais", "The wind turns."],
  ] as const) {
    await page.getByLabel(label).setInputFiles({
      name: `${lang}.vtt`,
      mimeType: "text/vtt",
      buffer: Buffer.from(`WEBVTT\n\n00:01.000 --> 00:04.000\n${words}\n`),
    });
    await page.locator(`#captions-${lang}`).getByRole("button", { name: "Envoyer" }).click();
    await expect(page.getByText("Sous-titres vérifiés et enregistrés dans le brouillon.")).toBeVisible();
  }

  // Its quiz: one question, three answers, the first one right.
  await page.getByRole("link", { name: /Module : Lire le vent/ }).click();
  await expect(page).toHaveURL(/\/modules\/lire-le-vent$/);
  await page.getByRole("link", { name: /^Quiz/ }).click();
  await expect(page).toHaveURL(/\/modules\/lire-le-vent\/quiz$/);
  await page.getByRole("button", { name: "Ajouter un quiz" }).click();
  await expect(page.getByText("Quiz ajouté au brouillon.")).toBeVisible();
  const add = page.locator("#quiz-question");
  await add.locator('[name="promptFr"]').fill(prompt.fr);
  await add.locator('[name="promptEn"]').fill(prompt.en);
  await add.getByRole("button", { name: "Ajouter la question" }).click();
  await expect(page.getByText("Question ajoutée. Écrivez maintenant ses réponses.")).toBeVisible();
  await page.getByRole("button", { name: "Ajouter la réponse" }).click();
  await expect(page.getByText("Réponse ajoutée.")).toBeVisible();
  const question = page.locator("#question");
  for (const [index, answer] of answers.entries()) {
    await question.locator(`[name="answers[${index}].labelFr"]`).fill(answer.fr);
    await question.locator(`[name="answers[${index}].labelEn"]`).fill(answer.en);
  }
  await question.getByLabel("Bonne réponse").first().check();
  await question.getByRole("button", { name: "Enregistrer la question" }).click();
  await expect(page.getByText("Question enregistrée dans le brouillon.")).toBeVisible();
  const questionPage = page.url().split("?")[0];

  // The preview, as a member at a phone's width, then publishing.
  await page.goto(`/author/trainings/${slug}/preview`);
  await expect(page.locator(".preview-frame h1")).toHaveText(`Parcours ${run}`);
  await expect(page.getByText("éléments manquent encore")).toHaveCount(0);
  await checkPage(page, "author-journey-preview");
  await publish(page, slug, 1);

  // A member follows it to its result, choosing the third answer.
  const { page: reader } = await others.signedInAs("member", { name: "e2e-reader" });
  await reader.goto("/trainings");
  await reader
    .getByRole("link", { name: new RegExp(`Parcours ${run}`) })
    .first()
    .click();
  await expect(reader).toHaveURL(new RegExp(`/training/${slug}$`));
  await reader.goto(`/training/${slug}/modules/lire-le-vent`);
  await expect(reader.getByRole("heading", { level: 1 })).toHaveText("Lire le vent");
  await clickUntil(reader, reader.getByRole("button", { name: /J’ai lu/ }).first(), async () =>
    expect(reader.getByRole("button", { name: /J’ai lu/ })).toHaveCount(0, { timeout: 3_000 }),
  );
  await reader.getByRole("radio", { name: answers[2].fr }).check();
  await clickUntil(reader, reader.getByRole("button", { name: "Valider mes réponses" }), async () =>
    expect(reader).toHaveURL(/quiz=done|congratulations/, { timeout: 3_000 }),
  );
  await reader.goto(`/training_results/${slug}/j-embarque`);
  await expectAnswered(reader);
  await checkPage(reader, "author-journey-member-result");

  // The author rewords the question and removes the answer the member chose, then publishes.
  await page.goto(questionPage);
  await question.locator('[name="promptFr"]').fill(reworded);
  await question.getByRole("button", { name: "Enregistrer la question" }).click();
  await expect(page.getByText("Question enregistrée dans le brouillon.")).toBeVisible();
  await page.getByRole("button", { name: "Retirer : Réponse 3" }).click();
  await expect(page.getByText("Réponse retirée.")).toBeVisible();
  await publish(page, slug, 2);

  // The member's module page asks the reworded question; their result still shows what they read.
  await reader.goto(`/training/${slug}/modules/lire-le-vent`);
  await expect(reader.getByText(reworded)).toBeVisible();
  await expect(reader.getByRole("radio", { name: answers[2].fr })).toHaveCount(0);
  await reader.goto(`/training_results/${slug}/j-embarque`);
  await expectAnswered(reader);
  await checkPage(reader, "author-journey-member-result-after-edit");
});

async function saveDraft(page: Page, saved: string) {
  await page.getByRole("button", { name: "Enregistrer le brouillon" }).first().click();
  await expect(page.getByText(saved).first()).toBeVisible();
}

async function publish(page: Page, slug: string, version: number) {
  await page.goto(`/author/trainings/${slug}/publish`);
  await expect(page.getByText("Tout y est, en français et en anglais")).toBeVisible();
  await page.getByRole("button", { name: "Publier", exact: true }).click();
  await expect(page.getByText(`Version ${version} publiée`)).toBeVisible();
}

/** The question as the member read it, and the answer they chose, on their result page. */
async function expectAnswered(reader: Page) {
  await reader.getByText("Vos réponses").first().click();
  await expect(reader.getByText(prompt.fr)).toBeVisible();
  await expect(reader.getByText(answers[2].fr)).toBeVisible();
}

/**
 * Clicks until `done` holds: with JavaScript on, a click before the page is hydrated may be lost
 * to the browser's own submission racing the script's.
 */
async function clickUntil(page: Page, button: ReturnType<Page["locator"]>, done: () => Promise<void>) {
  await page.waitForLoadState("load");
  await expect(async () => {
    if (await button.isVisible()) await button.click();
    await done();
  }).toPass({ timeout: 20_000 });
}
