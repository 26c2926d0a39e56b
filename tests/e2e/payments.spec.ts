import { expect } from "@playwright/test";
import { checkPage } from "./support/check-page";
import { waitForMail } from "./support/mailbox";
import { grantRoleBehind, othersTest as test } from "./support/roles";
import { fillSeller, setPrice } from "./support/prices";

/**
 * With JavaScript on and off, through the fake Stripe the browser tests' server is pointed at: an
 * admin prices the payable training; a member buys it on its page ("Acheter — 49,00 €", a plain
 * form answered with a 303 to Checkout), pays, comes back to the training open, gets the receipt
 * by mail and on its page; the admin refunds it from the member's page and the training closes.
 */
test.describe.configure({ timeout: 180_000 });

test("a member buys the payable training, gets a numbered receipt, and is refunded", async ({
  page,
  member,
  others,
}) => {
  const { member: buyer, context, page: buyerPage } = await others.signedInAs("member", { name: "buyer" });

  await grantRoleBehind(page, member.email, "admin", "/admin/prices");
  await fillSeller(page);
  await page.goto("/admin/prices");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Prix des formations");
  await setPrice(page, "Tenir le cap", { euros: "49", vat: "20" });

  await buyerPage.goto("/training/tenir-le-cap");
  await buyerPage.getByRole("button", { name: "Acheter — 49,00 €" }).click();
  await expect(buyerPage.getByRole("heading", { name: "Fake Checkout" })).toBeVisible();
  await buyerPage.getByRole("button", { name: "Pay" }).click();
  await expect(buyerPage).toHaveURL(/\/training\/tenir-le-cap\?receipt=\d+$/);
  await expect(buyerPage.getByText("Paiement reçu : la formation est ouverte.")).toBeVisible();
  await expect(buyerPage.getByRole("button", { name: /Acheter/ })).toHaveCount(0);

  const mail = await waitForMail(buyer.email, /Votre reçu n° \d+/);
  expect(mail.text).toContain("49,00");
  expect(mail.text).toContain("Vendu par : Cap Formation, SAS, 12 rue des Lilas, 69003 Lyon");
  await buyerPage.getByRole("link", { name: /Voir le reçu n° \d+/ }).click();
  await expect(buyerPage.getByRole("heading", { level: 1 })).toHaveText(/Reçu n° \d+/);
  await expect(buyerPage.getByText("Total TTC")).toBeVisible();
  await expect(buyerPage.getByText(/RCS Lyon 912 345 678/)).toBeVisible();
  await checkPage(buyerPage, "receipt");
  await expect(buyerPage.getByText(buyer.email)).toBeVisible();

  await page.goto(`/admin/members?q=${encodeURIComponent(buyer.email)}`);
  await page.locator('a[href^="/admin/members/"]').filter({ hasText: buyer.firstName }).first().click();
  const payments = page.locator("section", { has: page.getByRole("heading", { name: "Paiements" }) });
  await payments.getByLabel("Motif du remboursement (gardé au journal)").fill("Demandé par mail");
  await payments.getByRole("button", { name: "Rembourser « Tenir le cap »" }).click();
  await expect(page.getByText(/Remboursement demandé à Stripe/)).toBeVisible();

  await waitForMail(buyer.email, /Remboursement : Tenir le cap/);
  await buyerPage.goto("/training/tenir-le-cap");
  await expect(buyerPage.getByRole("button", { name: "Acheter — 49,00 €" })).toBeVisible();
  await context.close();
});
