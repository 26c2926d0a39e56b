import { expect } from "@playwright/test";
import sharp from "sharp";
import { checkPage } from "./support/check-page";
import { newMemberTest as test } from "./support/member";
import { ownTraining } from "./support/own-training";
import { grantRole } from "./support/roles";

/**
 * Issue 26 item 2, with JavaScript on and off: an author adds a module to a training's draft, sets
 * its hours, adds a video part, writes its introduction (a formatting mistake is told with its
 * line), uploads a poster and captions, and finds the part on the module's page.
 */
test("an author adds a module and a video part, with its text, poster and captions", async ({ page, member }) => {
  test.setTimeout(150_000);
  await grantRole(member.email, "author");
  // A copy of its own: other journeys save drafts at once on one server.
  const training = await ownTraining(page, test.info().project.name === "js-off" ? "j-embarque" : "tenir-le-cap");
  // A name of its own: a run on a database kept from an earlier one adds a module of its own too.
  const run = String(Date.now()).slice(-6);
  const name = `Garder le cap ${run}`;

  await page.goto(`/author/trainings/${training}/modules`);
  await expect(page.getByRole("heading", { name: "Modules du brouillon" })).toBeVisible();
  await page.getByRole("group", { name: "Titre" }).getByLabel("Français").fill(name);
  await page.getByRole("group", { name: "Titre" }).getByLabel("Anglais").fill("Holding course");
  await page.getByRole("button", { name: "Ajouter", exact: true }).click();
  await expect(page.getByText("Module ajouté au brouillon.")).toBeVisible();
  await page.getByRole("button", { name: `↑ Monter : ${name}` }).click();
  await expect(page.getByText("Ordre des modules enregistré")).toBeVisible();
  await checkPage(page, "author-modules");

  await page
    .getByRole("link", { name: new RegExp(name) })
    .first()
    .click();
  await expect(page).toHaveURL(new RegExp(`/modules/garder-le-cap-${run}$`));
  await page.getByLabel("Durée en heures").fill("1,5");
  await page.getByLabel(/invitation à réserver/).check();
  await page.getByRole("button", { name: "Enregistrer le brouillon" }).click();
  await expect(page.getByText("Module enregistré dans le brouillon.")).toBeVisible();
  await expect(page.getByLabel("Durée en heures")).toHaveValue("1,5");
  await page.getByLabel("Type de partie").selectOption("video");
  await page.locator("#add-part-titleFr").fill("La vidéo du cap");
  await page.getByRole("button", { name: "Ajouter la partie" }).click();
  await expect(page.getByText("Partie ajoutée au brouillon.")).toBeVisible();
  await checkPage(page, "author-module");

  await page
    .getByRole("link", { name: /La vidéo du cap/ })
    .first()
    .click();
  await expect(page).toHaveURL(/\/parts\/la-video-du-cap$/);
  const intro = page.locator("#part-bodyFr");
  await intro.fill("Bienvenue.\n\nUn [lien](javascript:alert(1)) ici.");
  await page.getByRole("button", { name: "Enregistrer le brouillon" }).click();
  await expect(page.getByText("Ligne 3 : un lien a un texte")).toBeVisible();
  await intro.fill("Bienvenue *à bord*.\n\nUn [lien](https://exemple.fr) ici.");
  await page.locator("#part-src").fill("https://videos.example/cap.mp4");
  await page.getByRole("button", { name: "Enregistrer le brouillon" }).click();
  await expect(page.getByText("Partie enregistrée dans le brouillon.")).toBeVisible();

  const poster = await sharp({ create: { width: 800, height: 450, channels: 3, background: "#1d4e89" } })
    .jpeg()
    .toBuffer();
  await page.getByLabel("Image d’aperçu").setInputFiles({ name: "poster.jpg", mimeType: "image/jpeg", buffer: poster });
  await page.locator("#poster").getByRole("button", { name: "Envoyer" }).click();
  await expect(page.getByText("Image d’aperçu enregistrée dans le brouillon.")).toBeVisible();

  await page.getByLabel("Sous-titres en français").setInputFiles({
    name: "fr.vtt",
    mimeType: "text/vtt",
    buffer: Buffer.from("WEBVTT\n\n00:01.000 --> 00:04.000\n<script>x</script>\n"),
  });
  await page.locator("#captions-fr").getByRole("button", { name: "Envoyer" }).click();
  await expect(page.getByText(/ligne 4 : balise non autorisée/).first()).toBeVisible();
  await page.getByLabel("Sous-titres en français").setInputFiles({
    name: "fr.vtt",
    mimeType: "text/vtt",
    buffer: Buffer.from("WEBVTT\n\n00:01.000 --> 00:04.000\nBienvenue à bord.\n"),
  });
  await page.locator("#captions-fr").getByRole("button", { name: "Envoyer" }).click();
  await expect(page.getByText("Sous-titres vérifiés et enregistrés dans le brouillon.")).toBeVisible();
  await expect(page.locator(".author-upload__poster")).toBeVisible();
  await checkPage(page, "author-part");
});
