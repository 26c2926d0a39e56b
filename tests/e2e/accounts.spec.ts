import { expect, test, type Page } from "@playwright/test";
import { checkPage } from "./support/check-page";
import { waitForMail } from "./support/mailbox";

/**
 * The accounts journeys of issue 3, through the pages as a member uses them, with JavaScript on
 * and off (one project each): register → verification email → verify → /trainings; log out; log in
 * with redirect_after; forgot password → email → new password; the guard's redirects.
 */
const password = "Bon-vent-2024!";

function uniqueEmail(prefix: string) {
  return `${prefix}-${test.info().project.name}-${test.info().workerIndex}-${Date.now()}@cap.test`;
}

function codeIn(text: string) {
  const code = /^\s*(\d{6})\s*$/m.exec(text)?.[1];
  expect(code, `a 6-digit code in:\n${text}`).toBeTruthy();
  return code!;
}

async function register(page: Page, email: string) {
  await page.goto("/home/register");
  await page.getByLabel("Prénom").fill("Marie");
  await page.getByLabel("Nom", { exact: true }).fill("Curie");
  await page.getByLabel("Date de naissance").fill("1990-05-17");
  await page.getByRole("button", { name: "Continuer" }).click();
  await expect(page).toHaveURL(/step=second/);
  await page.getByLabel("Adresse e-mail").fill(email);
  await page.getByLabel("Mot de passe", { exact: true }).fill(password);
  await page.getByLabel("Confirmez le mot de passe").fill(password);
  await page.getByRole("button", { name: "Créer mon compte" }).click();
  // Sent to /trainings, which sends an unverified member to verify first.
  await expect(page).toHaveURL(/\/account_verification\?redirect_after=%2Ftrainings$/);
}

async function verify(page: Page, email: string) {
  const mail = await waitForMail(email, /code de confirmation/i);
  await page.getByLabel("Code reçu par e-mail").fill(codeIn(mail.text));
  await page.getByRole("button", { name: "Vérifier mon adresse" }).click();
  await expect(page).toHaveURL(/\/trainings$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Formations");
}

async function logOut(page: Page) {
  await page.getByRole("button", { name: "Se déconnecter" }).filter({ visible: true }).click();
  await expect(page).toHaveURL(/\/home$/);
}

test("register, read the verification email, verify, land on /trainings", async ({ page }) => {
  const email = uniqueEmail("register");
  await register(page, email);
  await checkPage(page, "account-verification");
  await verify(page, email);
  await checkPage(page, "trainings");
});

test("registration shows SPEC §5's French messages and keeps what was typed", async ({ page }) => {
  await page.goto("/home/register");
  await checkPage(page, "register");
  await page.getByLabel("Prénom").fill("Marie");
  await page.getByLabel("Date de naissance").fill("2020-01-01");
  await page.getByRole("button", { name: "Continuer" }).click();
  await expect(page.getByText("Veuillez saisir votre nom.")).toBeVisible();
  await expect(page.getByText("Vous devez avoir au moins 13 ans.")).toBeVisible();
  await expect(page.getByLabel("Prénom")).toHaveValue("Marie");

  await page.getByLabel("Nom", { exact: true }).fill("Curie");
  await page.getByLabel("Date de naissance").fill("1990-05-17");
  await page.getByRole("button", { name: "Continuer" }).click();
  await expect(page).toHaveURL(/step=second/);
  await page.getByLabel("Adresse e-mail").fill("pas-une-adresse");
  await page.getByLabel("Mot de passe", { exact: true }).fill("court");
  await page.getByRole("button", { name: "Créer mon compte" }).click();
  await expect(page.getByText("Adresse e-mail invalide.")).toBeVisible();
  await expect(page.getByText("Le mot de passe doit comporter au moins 8 caractères.")).toBeVisible();
  await expect(page.getByLabel("Adresse e-mail")).toHaveValue("pas-une-adresse");
  await checkPage(page, "register-errors");

  // Back to the first step: the draft kept the name.
  await page.getByRole("button", { name: "Revenir à l’étape précédente" }).click();
  await expect(page.getByLabel("Prénom")).toHaveValue("Marie");
  await expect(page.getByLabel("Nom", { exact: true })).toHaveValue("Curie");
});

test("log out, then log in through redirect_after and land there", async ({ page }) => {
  const email = uniqueEmail("login");
  await register(page, email);
  await verify(page, email);
  await logOut(page);

  await page.goto("/my_commitments");
  await expect(page).toHaveURL(/\/home\/login\?redirect_after=%2Fmy_commitments$/);
  await checkPage(page, "login");
  await page.getByLabel("Adresse e-mail").fill(email);
  await page.getByLabel("Mot de passe").fill("wrong password");
  await page.getByRole("button", { name: "Se connecter" }).click();
  await expect(page.getByRole("alert")).toHaveText("Adresse e-mail ou mot de passe incorrect.");
  await expect(page.getByLabel("Adresse e-mail")).toHaveValue(email);

  await page.getByLabel("Mot de passe").fill(password);
  await page.getByRole("button", { name: "Se connecter" }).click();
  await expect(page).toHaveURL(/\/my_commitments$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Mes engagements");
});

test("forgot password, code by email, new password, signed in", async ({ page }) => {
  const email = uniqueEmail("recovery");
  await register(page, email);
  await verify(page, email);
  await logOut(page);

  await page.goto("/home/login");
  await page.getByRole("link", { name: "Mot de passe oublié ?" }).click();
  // With JavaScript this is a client navigation: type into the new page, not the one leaving.
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Mot de passe oublié");
  await page.getByLabel("Adresse e-mail").fill(email);
  await page.getByRole("button", { name: "Recevoir un code" }).click();
  await expect(page).toHaveURL(/\/home\/new-password-[0-9a-f-]{36}$/);
  await checkPage(page, "new-password");

  const mail = await waitForMail(email, /mot de passe/i);
  const newPassword = "Nouveau-cap-2025!";
  await page.getByLabel("Code reçu par e-mail").fill(codeIn(mail.text));
  await page.getByLabel("Nouveau mot de passe").fill(newPassword);
  await page.getByLabel("Confirmez le mot de passe").fill(newPassword);
  await page.getByRole("button", { name: "Enregistrer le mot de passe" }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Vue d’ensemble");

  await logOut(page);
  await page.goto("/home/login");
  await page.getByLabel("Adresse e-mail").fill(email);
  await page.getByLabel("Mot de passe").fill(newPassword);
  await page.getByRole("button", { name: "Se connecter" }).click();
  await expect(page).toHaveURL(/\/$/);
});

test("an unverified member is sent to /account_verification from every signed-in route", async ({ page }) => {
  await register(page, uniqueEmail("unverified"));
  for (const path of ["/", "/trainings", "/my_commitments"]) {
    await page.goto(path);
    await expect(page, path).toHaveURL(/\/account_verification\?redirect_after=/);
  }
});

test("a stale token is cleared and the member sent to /home", async ({ page, context }) => {
  const email = uniqueEmail("stale");
  await register(page, email);
  await verify(page, email);
  const [token] = (await context.cookies()).filter((cookie) => cookie.name === "token");
  await logOut(page);

  // The old session was revoked on the server: its cookie, put back, opens nothing.
  await context.addCookies([token]);
  await page.goto("/trainings");
  await expect(page).toHaveURL(/\/home$/);
  expect((await context.cookies()).filter((cookie) => cookie.name === "token" && cookie.value)).toEqual([]);
});
