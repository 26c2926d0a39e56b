import { readFile } from "node:fs/promises";
import { expect } from "@playwright/test";
import { checkPage } from "./support/check-page";
import { newMemberTest as test } from "./support/member";
import { ownTraining } from "./support/own-training";
import { grantRoleBehind } from "./support/roles";

/**
 * Issue 26, first slice, with JavaScript on and off: a member is made an author; the Writing link
 * appears; they open the trainings, a training's outline, download its JSON file, then check a
 * broken copy of it and read the mistake with its path.
 */
test("an author lists the trainings, reads an outline, downloads its file, saves a draft (a second tab is refused, not lost) and checks a broken file", async ({
  page,
  member,
}) => {
  test.setTimeout(120_000);
  await grantRoleBehind(page, member.email, "author", "/author/trainings");

  await page.goto("/");
  await page.getByRole("link", { name: "Rédaction" }).first().click();
  await expect(page).toHaveURL(/\/author\/trainings$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Formations");
  await expect(page.getByRole("heading", { name: /What kind of captain am I\?/ })).toBeVisible();
  await checkPage(page, "author-trainings");

  await page.getByRole("link", { name: /Quel capitaine suis-je/ }).click();
  await expect(page).toHaveURL(/\/author\/trainings\/capitaine$/);
  await expect(page.getByText("Quiz : 8 questions")).toBeVisible();
  await checkPage(page, "author-outline");

  const [download] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("link", { name: "Télécharger le fichier JSON" }).click(),
  ]);
  expect(download.suggestedFilename()).toBe("capitaine.json");
  const file = JSON.parse(await readFile((await download.path())!, "utf8"));
  expect(file.slug).toBe("capitaine");

  // Two tabs on the same draft: the first save lands, the second (read before it) is refused, not
  // lost. The journey edits a copy of its own: others run at once on one server.
  const edited = await ownTraining(page, "le-point-gps");
  await page.goto(`/author/trainings/${edited}`);
  const other = await page.context().newPage();
  await other.goto(`/author/trainings/${edited}`);
  await page.getByRole("group", { name: "Titre" }).getByLabel("Anglais").fill("Edited in the browser");
  await page.getByRole("button", { name: "Enregistrer le brouillon" }).click();
  await expect(page.getByRole("status")).toContainText("Brouillon enregistré");
  await expect(page.getByText("des modifications ne sont pas encore publiées")).toBeVisible();
  await checkPage(page, "author-overview-saved");
  await other.getByRole("group", { name: "Résumé" }).getByLabel("Anglais").fill("Another author's summary");
  await other.getByRole("button", { name: "Enregistrer le brouillon" }).click();
  await expect(other.getByRole("alert")).toContainText("Quelqu’un a enregistré cette formation");
  await expect(other.getByRole("group", { name: "Résumé" }).getByLabel("Anglais")).toHaveValue(
    "Another author's summary",
  );
  await checkPage(other, "author-overview-stale");
  await other.getByRole("link", { name: "Recharger la page" }).click();
  await expect(other.getByRole("group", { name: "Titre" }).getByLabel("Anglais")).toHaveValue("Edited in the browser");
  await other.close();

  await page.goto("/author/check");
  await expect(page.getByText("Cap n’enregistre rien ici")).toBeVisible();
  file.modules[0].quiz.questions[0].max = 9;
  await page.getByLabel("Fichier JSON de la formation").setInputFiles({
    name: "capitaine.json",
    mimeType: "application/json",
    buffer: Buffer.from(JSON.stringify(file)),
  });
  await page.getByRole("button", { name: "Vérifier" }).click();
  const mistakes = page.getByRole("alert");
  await expect(mistakes).toContainText("Ce fichier a 1 erreur");
  await expect(mistakes).toContainText("modules[0].quiz.questions[0].max");
  await expect(mistakes).toContainText("le maximum (9) dépasse le nombre de réponses (4)");
  await checkPage(page, "author-check-refused");
});
