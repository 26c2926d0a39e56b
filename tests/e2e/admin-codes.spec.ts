import { expect } from "@playwright/test";
import { checkPage } from "./support/check-page";
import { grantRoleBehind, othersTest as test } from "./support/roles";

/**
 * Issue 24 item 9, with JavaScript on and off: an admin creates an access code for the payable
 * training; a member types it in lower case on /trainings and finds the training open; the admin
 * sees the use on the code's page, then disables the code after ticking the confirmation.
 */
// A member beside the admin, and `npm run roles`.
test.describe.configure({ timeout: 180_000 });

test("an admin creates an access code, a member types it in lower case and the admin sees the use", async ({
  page,
  member,
  others,
}) => {
  const project = test.info().project.name;
  const code = `e2e-${project}-${Date.now() % 1_000_000}`;
  const { context, page: learnerPage } = await others.signedInAs("member", { name: "code-user" });

  await grantRoleBehind(page, member.email, "admin", "/admin/codes");

  await page.goto("/admin/codes");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Codes d’accès");
  await checkPage(page, "admin-codes");
  await page.getByRole("link", { name: "Nouveau code d’accès" }).click();
  await expect(page).toHaveURL(/\/admin\/codes\/new$/);

  // A taken code first (the seed's, in another case): the message stands under the field.
  await page.getByLabel("Code (facultatif)").fill("cap-equipage");
  await page.getByRole("button", { name: "Créer le code" }).click();
  await expect(page.getByText("Ce code existe déjà : choisissez-en un autre, ou laissez le champ vide.")).toBeVisible();
  await checkPage(page, "admin-code-new-refused");
  await page.getByLabel("Formation ouverte").selectOption({ label: "Tenir le cap" });
  await page.getByLabel("Code (facultatif)").fill(code);
  await page.getByLabel("Nombre d’utilisations (facultatif)").fill("5");
  await page.getByLabel("Note (facultative)").fill("Pour le parcours e2e");
  await checkPage(page, "admin-code-new");
  await page.getByRole("button", { name: "Créer le code" }).click();
  await expect(page.getByText("Le code a été créé.")).toBeVisible();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(code.toUpperCase());
  await expect(page.getByText("0 utilisation sur 5")).toBeVisible();

  // The member types it in lower case where members type codes.
  await learnerPage.goto("/trainings");
  const payableCard = learnerPage.getByRole("article", { name: "Tenir le cap" });
  await expect(payableCard.getByText("Verrouillée")).toBeVisible();
  await learnerPage.getByLabel("Code d’accès").fill(code.toLowerCase());
  await learnerPage.getByRole("button", { name: "Débloquer" }).click();
  await expect(learnerPage.getByText("C’est débloqué : bonne navigation !")).toBeVisible();
  await expect(payableCard.getByText("Pas commencée")).toBeVisible();
  await checkPage(learnerPage, "trainings-opened-by-code");
  await context.close();

  // The admin sees who used it, and disables it once confirmed.
  await page.reload();
  await expect(page.getByText("1 utilisation sur 5")).toBeVisible();
  await expect(page.getByRole("link", { name: "Marie Testeuse" })).toBeVisible();
  await checkPage(page, "admin-code");
  await page.getByLabel("Je confirme vouloir désactiver ce code").check();
  await page.getByRole("button", { name: "Désactiver le code" }).click();
  await expect(page.getByText("Le code a été désactivé.")).toBeVisible();
  await expect(page.getByRole("button", { name: "Réactiver le code" })).toBeVisible();
  await checkPage(page, "admin-code-disabled");

  await page.getByRole("link", { name: "← Tous les codes d’accès" }).click();
  await page.getByRole("link", { name: "Tous", exact: true }).click();
  await expect(page.getByRole("link", { name: code.toUpperCase() })).toBeVisible();
  await checkPage(page, "admin-codes-all");
});
