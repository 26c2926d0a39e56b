import { expect } from "@playwright/test";
import { checkPage } from "./support/check-page";
import { waitForMail } from "./support/mailbox";
import { newMemberTest as test } from "./support/member";

/**
 * Issue 25, item 6, with JavaScript on and off (one project each): a password change is mailed
 * to the member with a "this wasn't me" link; confirming it signs the account out everywhere and
 * mails a recovery code; the new password done, the profile's security section lists both events.
 */
test('a password change is mailed; "this wasn\'t me" signs out everywhere and leads to a new password', async ({
  page,
  member,
}) => {
  await page.goto("/profile");
  const password = page.getByRole("region", { name: "Mot de passe", exact: true });
  await password.getByLabel("Mot de passe actuel").fill(member.password);
  await password.getByLabel("Nouveau mot de passe").fill("Cap-au-large-2025");
  await password.getByLabel("Confirmez le mot de passe").fill("Cap-au-large-2025");
  await password.getByRole("button", { name: "Changer mon mot de passe" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Votre mot de passe est changé." })).toBeVisible();

  const notice = await waitForMail(member.email, /Le mot de passe de votre compte Cap a changé/);
  // In the member's zone: Europe/Paris, or the browser's own once JavaScript guessed it.
  expect(notice.text).toMatch(/Quand : .+ · .+ \(UTC[+−]\d+(:\d\d)?\)\./);
  expect(notice.text).toContain("Depuis : Chrome sur Windows.");
  const link = /https?:\/\/\S+\/security\/not-me\?token=[\w-]+/.exec(notice.text)?.[0];
  expect(link, notice.text).toBeTruthy();

  await page.goto(new URL(link!).pathname + new URL(link!).search);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Ce n’était pas vous ?");
  await checkPage(page, "security-not-me");
  await page.getByRole("button", { name: "Déconnecter partout et changer mon mot de passe" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Votre compte est déconnecté partout");
  const next = page.getByRole("link", { name: "Choisir mon nouveau mot de passe" });
  const nextPath = await next.getAttribute("href");

  // Signed out: the profile asks to sign in again.
  await page.goto("/profile");
  await expect(page).toHaveURL(/\/home\/login\?redirect_after=%2Fprofile$/);

  const recovery = await waitForMail(member.email, /Réinitialisation de votre mot de passe Cap/);
  const code = /^\s*(\d{6})\s*$/m.exec(recovery.text)?.[1];
  expect(code, recovery.text).toBeTruthy();
  await page.goto(nextPath!);
  await page.getByLabel("Code reçu par e-mail").fill(code!);
  await page.getByLabel("Nouveau mot de passe").fill("Mon-cap-a-moi-2025");
  await page.getByLabel("Confirmez le mot de passe").fill("Mon-cap-a-moi-2025");
  await page.getByRole("button", { name: "Enregistrer le mot de passe" }).click();
  await expect(page).not.toHaveURL(/new-password/);

  // The same link a second time: it was used.
  await page.goto(new URL(link!).pathname + new URL(link!).search);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Ce lien a déjà servi");

  await page.goto("/profile#security");
  const security = page.getByRole("region", { name: "Sécurité" });
  const events = security.getByRole("listitem");
  await expect(events).toHaveCount(2);
  await expect(events.nth(0)).toContainText("Mot de passe réinitialisé");
  await expect(events.nth(1)).toContainText("Mot de passe changé");
  await expect(events.nth(0)).toContainText("Chrome sur Windows");
  await page.setViewportSize({ width: 390, height: 844 });
  await security.screenshot({ path: test.info().outputPath("profile-security-390.png") });
});
