import { expect } from "@playwright/test";
import { checkPage } from "./support/check-page";
import { othersTest as test } from "./support/roles";

/**
 * Issue 26 items 1, 4 and 7, with JavaScript on and off: an author creates a training (its slug
 * made from its title), previews a training as a member at a phone's width and the full one, in
 * both languages, and has a broken file refused with the path of its mistake.
 */
test.use({ role: "author" });

test("an author creates a training, previews a draft as a member and has a broken file refused", async ({ page }) => {
  test.setTimeout(150_000);
  // Its own slug on every run: a PostgreSQL database outlives a run.
  const project = `${test.info().project.name}-${Date.now().toString(36)}`;

  await page.goto("/author/trainings");
  await page.getByRole("link", { name: "Nouvelle formation" }).click();
  await expect(page).toHaveURL(/\/author\/trainings\/new$/);
  await page.getByRole("radio", { name: "Test" }).check();
  await page.getByLabel("Français").fill(`Cap d’été ${project}`);
  await page.getByLabel("Anglais").fill(`Summer course ${project}`);
  await checkPage(page, "author-create");
  await page.getByRole("button", { name: "Créer le brouillon" }).click();
  await expect(page).toHaveURL(new RegExp(`/author/trainings/cap-d-ete-${project}$`));
  await expect(page.getByRole("heading", { level: 1 }).first()).toContainText(`Cap d’été ${project}`);

  // The same slug again is refused under its field.
  await page.goto("/author/trainings/new");
  await page.getByLabel("Français").fill(`Cap d’été ${project}`);
  await page.getByRole("button", { name: "Créer le brouillon" }).click();
  await expect(page.getByText("Une formation porte déjà cet identifiant")).toBeVisible();

  // The new draft's preview marks what is missing.
  await page.goto(`/author/trainings/cap-d-ete-${project}/preview`);
  await expect(page.getByText("éléments manquent encore avant de publier")).toBeVisible();

  await page.goto("/author/trainings/j-embarque/preview");
  await expect(page.locator(".preview-frame h1")).toHaveText("J’embarque");
  await checkPage(page, "author-preview-phone");
  await page.getByRole("link", { name: "Pleine largeur" }).click();
  await expect(page).toHaveURL(/width=full/);
  await page.getByRole("link", { name: "Anglais" }).click();
  await expect(page).toHaveURL(/lang=en&width=full/);
  await expect(page.locator(".preview-frame h1")).toHaveText("Coming aboard");
  await checkPage(page, "author-preview-full");
  await page.getByRole("link", { name: /Start : Taking the helm/ }).click();
  await expect(page).toHaveURL(/\/preview\/prendre-la-barre\?lang=en/);
  await expect(page.getByRole("button", { name: /I've read/ }).first()).toBeDisabled();
  await checkPage(page, "author-preview-module");

  await page.goto("/author/trainings/j-embarque/import");
  await page.getByLabel("Fichier JSON de la formation").setInputFiles({
    name: "j-embarque.json",
    mimeType: "application/json",
    buffer: Buffer.from(JSON.stringify({ slug: "j-embarque", kind: "training" })),
  });
  await page.getByRole("button", { name: "Remplacer le brouillon" }).click();
  const refusal = page.getByRole("alert");
  await expect(refusal).toContainText("Ce fichier n’est pas une formation valide");
  await expect(refusal).toContainText("Rien n’a été changé.");
  await expect(refusal).toContainText("title");
  await checkPage(page, "author-import-refused");
});
