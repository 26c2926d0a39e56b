import { expect } from "@playwright/test";
import { openMemberFile } from "./support/admin-pages";
import { checkPage } from "./support/check-page";
import { signInOnForm } from "./support/member";
import { grantRole, grantRoleBehind, othersTest as test } from "./support/roles";

/**
 * Issue 24, the operator's first journey, with JavaScript on and off: `npm run roles` makes the
 * page's member an admin while the server runs (PGlite: through the server itself); the admin
 * finds a member, disables the account, and that member can no longer sign in nor stay signed in.
 */
// Each journey registers members beside its own and runs `npm run roles`.
test.describe.configure({ timeout: 180_000 });

test("an admin finds a member and disables the account; the member cannot sign in any more", async ({
  page,
  member,
  others,
}) => {
  // Before the role, /admin is a page like any unknown one.
  await grantRoleBehind(page, member.email, "admin", "/admin/members");
  const { member: target, page: targetPage } = await others.signedInAs("member", { name: "target" });

  await page.goto("/");
  await page
    .getByRole("navigation", { name: "Espace membre" })
    .first()
    .getByRole("link", { name: "Administration" })
    .first()
    .click();
  await expect(page).toHaveURL(/\/admin\/members$/);
  await checkPage(page, "admin-members");

  await page.getByLabel("Nom ou adresse e-mail (ou une partie)").fill(target.email);
  await page.getByRole("button", { name: "Rechercher" }).click();
  await expect(page).toHaveURL(/\/admin\/members\?q=/);
  // With JavaScript the address changes before the list does: the target's line is the one to wait for.
  await openMemberFile(page, target.email);
  await expect(page.getByText(target.email)).toBeVisible();
  await checkPage(page, "admin-member");

  await page.getByRole("button", { name: "Désactiver le compte" }).click();
  await expect(page.getByText("Le compte a été désactivé.")).toBeVisible();
  await expect(page.getByText("Désactivé", { exact: true })).toBeVisible();
  await checkPage(page, "admin-member-disabled");

  // Their session ended: the next page sends them to sign in again…
  const home = await targetPage.request.get("/");
  expect(new URL(home.url()).pathname).toMatch(/^\/home/);
  // …and signing in is refused.
  const visitor = await others.visitor();
  await signInOnForm(visitor, target);
  await expect(visitor.getByText("Adresse e-mail ou mot de passe incorrect.")).toBeVisible();
  await expect(visitor).toHaveURL(/\/home\/login/);

  // The change is in the log, with who made it.
  await page.getByRole("link", { name: "Journal des modifications" }).click();
  // (The other project's admin writes to the same log: the first line of its kind is enough.)
  await expect(page.getByRole("cell", { name: "Compte désactivé" }).first()).toBeVisible();
  await checkPage(page, "admin-audit");
});

test("an admin opens a payable training to a member, who then finds it open", async ({ page, member, others }) => {
  const { member: target, page: learnerPage } = await others.signedInAs("member", { name: "learner" });
  const payableCard = learnerPage.getByRole("article", { name: "Tenir le cap" });
  await learnerPage.goto("/trainings");
  await expect(payableCard.getByText("Verrouillée")).toBeVisible();

  await grantRole(member.email, "admin");
  await page.goto(`/admin/members?q=${encodeURIComponent(target.email)}`);
  await page.getByRole("link", { name: "Marie Testeuse" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Marie Testeuse");
  await page.getByRole("button", { name: "Ouvrir « Tenir le cap »" }).click();
  await expect(page.getByText("La formation a été ouverte au membre.")).toBeVisible();
  await expect(page.getByRole("button", { name: "Retirer « Tenir le cap »" })).toBeVisible();
  await checkPage(page, "admin-member-training-granted");

  await learnerPage.goto("/trainings");
  await expect(payableCard.getByText("Pas commencée")).toBeVisible();
  await checkPage(learnerPage, "trainings-granted-by-admin");
});

test("an admin resends a newcomer's verification code, then deletes the account after its confirmation page", async ({
  page,
  member,
  others,
}) => {
  const api = await others.api();
  // Registered, never verified.
  const email = `newcomer-${test.info().project.name}-${Date.now()}@cap.test`;
  const form = {
    firstName: "Noé",
    lastName: "Nouveau",
    birthDate: "1990-05-17",
    gender: "male",
    userType: "adventurer",
  };
  expect((await api.post("/home/register", { form: { intent: "next", ...form } })).ok()).toBe(true);
  const password = "Bon-vent-2024!";
  const registered = await api.post("/home/register", {
    form: {
      intent: "register",
      email,
      mobileCountryCode: "33",
      password,
      confirmPassword: password,
      userType: "adventurer",
    },
  });
  expect(new URL(registered.url()).pathname).toBe("/account_verification");

  await grantRole(member.email, "admin");
  await page.goto("/admin/members");
  await page.getByLabel("Nom ou adresse e-mail (ou une partie)").fill(email.split("@")[0]);
  await page.getByRole("button", { name: "Rechercher" }).click();
  await expect(page.getByText(email)).toBeVisible();
  await page.getByRole("link", { name: "Noé Nouveau" }).click();
  await expect(page.getByText("Adresse non vérifiée")).toBeVisible();
  await page.getByRole("button", { name: "Renvoyer le code de vérification" }).click();
  await expect(page.getByText("Un nouveau code de vérification a été envoyé au membre.")).toBeVisible();
  await expect(page.getByRole("heading", { name: "Séances de coaching" })).toBeVisible();
  await checkPage(page, "admin-member-verification-sent");

  await page.getByRole("link", { name: "Supprimer le compte…" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Supprimer le compte de Noé Nouveau");
  await expect(page.getByText("Aucune séance de coaching à venir à annuler.")).toBeVisible();
  await checkPage(page, "admin-member-delete");
  await page.getByRole("button", { name: "Supprimer définitivement le compte de Noé Nouveau" }).click();
  await expect(page).toHaveURL(/\/admin\/members\?saved=deleted$/);
  await expect(page.getByText("Le compte a été supprimé.")).toBeVisible();
  await page.goto(`/admin/members?q=${encodeURIComponent(email)}`);
  await expect(page.getByText("Aucun membre ne correspond à cette recherche.")).toBeVisible();
});
