import { expect, type Page } from "@playwright/test";
import { checkPage } from "./check-page";

/** On /admin/prices (the page open): sets a training's price and VAT rate, as an admin types them. */
export async function setPrice(page: Page, training: string, { euros, vat }: { euros: string; vat: string }) {
  const priceForm = page.locator("section", { has: page.getByRole("heading", { name: training }) });
  await priceForm.getByLabel("Prix TTC (€)").fill(euros);
  await priceForm.getByLabel("Taux de TVA (%)").fill(vat);
  await priceForm.getByRole("button", { name: "Enregistrer le prix" }).click();
  await expect(page.getByText(`Prix de « ${training} » enregistré.`)).toBeVisible();
}

/**
 * An admin fills in the seller's details every receipt states, on /admin/legal, reached from
 * /admin/prices, which says nothing is for sale until they are there (and no more once they are).
 */
export async function fillSeller(page: Page) {
  await page.goto("/admin/prices");
  const gaps = page.getByText(/^Rien n’est en vente tant que/);
  if ((await gaps.count()) > 0) {
    await checkPage(page, "admin-prices-seller-missing");
    await page.getByRole("link", { name: /Renseigner les coordonnées du vendeur/ }).click();
  } else await page.goto("/admin/legal");
  await expect(page).toHaveURL(/\/admin\/legal$/);
  await page.getByLabel("Raison sociale").fill("Cap Formation");
  await page.getByLabel("Forme juridique").fill("SAS");
  await page.getByLabel("Siège social").fill("12 rue des Lilas, 69003 Lyon");
  await page.getByLabel("SIREN et RCS").fill("RCS Lyon 912 345 678");
  await page.getByLabel("TVA intracommunautaire").fill("FR 32 912345678");
  await page.getByRole("button", { name: "Enregistrer les coordonnées" }).click();
  await expect(page.getByText("Coordonnées enregistrées.")).toBeVisible();
  await page.goto("/admin/prices");
  await expect(gaps).toHaveCount(0);
}
