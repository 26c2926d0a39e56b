import { expect } from "@playwright/test";
import { checkPage } from "./support/check-page";
import { newMemberTest as test } from "./support/member";
import { grantRole } from "./support/roles";

/**
 * With JavaScript on and off: the legal pages are a click away at the foot of a public page and
 * of a signed-in one; an admin publishes a new version of the terms, which the page then shows
 * with its date, the earlier version still readable.
 */
test("the footer leads to the legal pages; an admin publishes a new version of the terms and it shows", async ({
  page,
  member,
}) => {
  test.setTimeout(240_000);
  const legalLinks = page.getByRole("navigation", { name: "Informations légales" });

  await page.goto("/coming-soon");
  await legalLinks.getByRole("link", { name: "Mentions légales" }).click();
  await expect(page).toHaveURL(/\/legal\/mentions-legales$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Mentions légales");
  await expect(page.getByText("Directeur de la publication")).toBeVisible();
  await checkPage(page, "legal-notice");

  await page.goto("/trainings");
  await legalLinks.getByRole("link", { name: "Conditions d’utilisation" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Conditions d’utilisation");
  await expect(page.getByText(/^Version du \d{1,2} \S+ \d{4}$/)).toBeVisible();

  await grantRole(member.email, "admin");
  await page.goto("/admin/legal");
  await page.getByRole("link", { name: "Publier une nouvelle version" }).nth(1).click();
  await expect(page).toHaveURL(/\/admin\/legal\/conditions-utilisation$/);
  const words = `Conditions revues pour ${test.info().project.name} ${Date.now()}.`;
  await page.getByLabel("Texte en français").fill(`## Objet\n${words}`);
  await page.getByLabel("Texte en anglais").fill("## Purpose\nRevised terms.");
  await checkPage(page, "admin-legal-version");
  await page.getByRole("button", { name: "Publier la nouvelle version" }).click();
  // Publishing writes a version and its audit entry: on a busy machine, give it time.
  await expect(page.getByText("Nouvelle version publiée : Conditions d’utilisation.")).toBeVisible({
    timeout: 30_000,
  });

  await page.getByRole("link", { name: "Conditions d’utilisation" }).first().click();
  await expect(page.getByText(words)).toBeVisible();
  const versions = page.getByRole("navigation", { name: "Toutes les versions" });
  await versions.getByRole("link", { name: /^Version 1 du / }).click();
  await expect(page.getByText("Vous lisez une version antérieure.")).toBeVisible();
  await expect(page.getByText(words)).toHaveCount(0);
});
