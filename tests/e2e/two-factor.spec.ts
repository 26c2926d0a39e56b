import { expect, type Page } from "@playwright/test";
import { totpCode } from "../../app/.server/secrets/totp.server";
import { checkPage } from "./support/check-page";
import { type Member, newMemberTest as test } from "./support/member";

/**
 * Two-step sign-in (issue 25 item 5), with JavaScript on and off (one project each): turn it on
 * from the profile with the app's code computed from the key the page shows, keep the recovery
 * codes (downloaded as text), sign in with the app's code, then with a recovery code, turn it off.
 */
async function logOut(page: Page) {
  await page.getByRole("button", { name: "Se déconnecter" }).filter({ visible: true }).click();
  await expect(page).toHaveURL(/\/home$/);
}

async function logIn(page: Page, member: Member) {
  await page.goto("/home/login");
  await page.getByLabel("Adresse e-mail").fill(member.email);
  await page.getByLabel("Mot de passe").fill(member.password);
  await page.getByRole("button", { name: "Se connecter" }).click();
}

test("turn on two-step sign-in, sign in with the app's code and a recovery code, turn it off", async ({
  page,
  member,
}) => {
  await page.goto("/profile");
  await page.getByRole("link", { name: "Validation en deux étapes" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Validation en deux étapes");

  const start = page.getByRole("region", { name: "Activer la validation en deux étapes" });
  await start.getByLabel("Mot de passe actuel").fill(member.password);
  await start.getByRole("button", { name: "Commencer" }).click();

  const pair = page.getByRole("region", { name: "Associer votre application" });
  await expect(pair.getByRole("img", { name: /QR code/ })).toBeVisible();
  const key = ((await page.getByTestId("totp-key").textContent()) ?? "").replace(/\s/g, "");
  expect(key).toMatch(/^[A-Z2-7]{32}$/);
  await checkPage(page, "two-factor-setup");

  await pair.getByLabel("Code de l’application").fill(totpCode(key));
  await pair.getByRole("button", { name: "Activer" }).click();

  const shown = page.getByRole("region", { name: "Vos codes de secours" });
  await expect(shown.getByTestId("recovery-codes").locator("code")).toHaveCount(10);
  const codes = (await shown.getByTestId("recovery-codes").locator("code").allTextContents()).map((c) => c.trim());
  expect(codes).toHaveLength(10);
  // Checked before the download: without JavaScript the download is a form's navigation that
  // never loads a page, and waiting for the page's load after it could time out.
  await checkPage(page, "two-factor-codes");
  const downloading = page.waitForEvent("download");
  await shown.getByRole("button", { name: "Télécharger en fichier texte" }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe("cap-recovery-codes.txt");
  await shown.getByRole("link", { name: "J’ai gardé mes codes" }).click();
  await expect(page.getByText("Il vous reste 10 codes de secours.")).toBeVisible();

  // Signing in again asks the app's code (its next one: the setup spent this one).
  await logOut(page);
  await logIn(page, member);
  await expect(page).toHaveURL(/\/home\/login\/second-factor\?redirect_after=%2F$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Deuxième étape");
  await checkPage(page, "two-factor-second-step");
  await page.getByLabel("Code de l’application").fill(totpCode(key, Date.now() + 30_000));
  await page.getByRole("button", { name: "Valider" }).click();
  await expect(page).toHaveURL(/\/$/);

  // Without the phone: a recovery code, once.
  await logOut(page);
  await logIn(page, member);
  await page.getByRole("link", { name: /utiliser un code de secours/ }).click();
  await page.getByLabel("Code de secours").fill(codes[0]);
  await page.getByRole("button", { name: "Valider" }).click();
  await expect(page).toHaveURL(/\/$/);

  await page.goto("/profile/two-factor");
  await expect(page.getByText("Il vous reste 9 codes de secours.")).toBeVisible();
  const remove = page.getByRole("region", { name: "Désactiver la validation en deux étapes" });
  await remove.getByLabel("Mot de passe actuel").fill(member.password);
  await remove.getByRole("button", { name: "Désactiver" }).click();
  await expect(page.getByRole("status")).toHaveText("La validation en deux étapes est désactivée.");

  // The password alone signs in again.
  await logOut(page);
  await logIn(page, member);
  await expect(page).toHaveURL(/\/$/);
});
