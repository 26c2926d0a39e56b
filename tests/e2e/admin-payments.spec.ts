import { expect } from "@playwright/test";
import { checkPage } from "./support/check-page";
import { grantRoleBehind, othersTest as test } from "./support/roles";
import { fillSeller, setPrice } from "./support/prices";

/**
 * With JavaScript on and off: once a member has bought the payable training, the admin's payments
 * page shows the last twelve weeks' sales as a chart drawn on the server and as a table, and lists
 * the payment, found again by the buyer's address; at a phone's width and a desktop's.
 */
test.describe.configure({ timeout: 180_000 });

test("the admin sees the week's sale on the chart, in the table and in the list", async ({ page, member, others }) => {
  const { member: buyer, context, page: buyerPage } = await others.signedInAs("member", { name: "sales-buyer" });
  await grantRoleBehind(page, member.email, "admin", "/admin/payments");

  await fillSeller(page);
  await page.goto("/admin/prices");
  await setPrice(page, "Tenir le cap", { euros: "49", vat: "20" });

  await buyerPage.goto("/training/tenir-le-cap");
  await buyerPage.getByRole("button", { name: "Acheter — 49,00 €" }).click();
  await buyerPage.getByRole("button", { name: "Pay" }).click();
  await expect(buyerPage.getByText("Paiement reçu : la formation est ouverte.")).toBeVisible();
  await context.close();

  await page.getByRole("navigation", { name: "Administration" }).getByRole("link", { name: "Paiements" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Paiements");
  const chart = page.getByRole("img", { name: /Montant encaissé \(brut\) chacune des 12 dernières semaines/ });
  await expect(chart).toBeVisible();
  await expect(chart.locator("rect")).toHaveCount(12);
  const weeks = page.getByRole("table", { name: /Par semaine, du dimanche au samedi/ });
  await expect(weeks.locator("tbody tr")).toHaveCount(12);
  await expect(weeks.getByRole("columnheader", { name: "Payé (brut)" })).toBeVisible();
  await expect(weeks.locator("tbody tr").last().locator("td").nth(1)).not.toHaveText("0,00 €");

  await page.getByLabel("Membre (nom ou adresse e-mail)").fill(buyer.email);
  await page.getByRole("button", { name: "Filtrer" }).click();
  await expect(page).toHaveURL(/person=/);
  const row = page.getByRole("row", { name: new RegExp(buyer.email.replace(/[.+]/g, "\\$&")) });
  await expect(row).toHaveCount(1);
  await expect(row.getByText("Payé", { exact: true })).toBeVisible();
  await expect(row.getByText("49,00 €")).toBeVisible();
  await expect(page.getByText("1 paiement", { exact: true })).toBeVisible();

  await page.goto("/admin/payments");
  await checkPage(page, "admin-payments");
  for (const width of [390, 1366]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: test.info().outputPath(`admin-payments-${width}.png`), fullPage: true });
  }
});
