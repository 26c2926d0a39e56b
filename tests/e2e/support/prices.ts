import { expect, type Page } from "@playwright/test";

/** On /admin/prices (the page open): sets a training's price and VAT rate, as an admin types them. */
export async function setPrice(page: Page, training: string, { euros, vat }: { euros: string; vat: string }) {
  const priceForm = page.locator("section", { has: page.getByRole("heading", { name: training }) });
  await priceForm.getByLabel("Prix TTC (€)").fill(euros);
  await priceForm.getByLabel("Taux de TVA (%)").fill(vat);
  await priceForm.getByRole("button", { name: "Enregistrer le prix" }).click();
  await expect(page.getByText(`Prix de « ${training} » enregistré.`)).toBeVisible();
}
