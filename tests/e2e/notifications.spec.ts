import { expect } from "@playwright/test";
import { checkPage } from "./support/check-page";
import { newMemberTest as test } from "./support/member";

/**
 * Issue 28, item 3: the member chooses on the profile which mails Cap sends them and when the
 * weekly word goes, with JavaScript on and off (a plain form posting to /profile/notifications).
 */
test("the profile's emails section saves which mails go and when the weekly word does", async ({ page }) => {
  await page.goto("/profile");
  const emails = page.getByRole("region", { name: "Mes e-mails" });
  await expect(emails.getByRole("checkbox", { name: /Le mot de la semaine/ })).toBeChecked();
  await expect(emails.getByRole("checkbox", { name: /Les rappels de séance/ })).toBeChecked();
  await expect(emails.getByRole("checkbox", { name: /Les rappels d’engagements/ })).not.toBeChecked();
  await expect(emails.getByRole("checkbox", { name: /Les nouvelles de mon équipage/ })).not.toBeChecked();
  await expect(emails.getByLabel("Jour", { exact: true })).toHaveValue("1");
  await expect(emails.getByLabel("Heure", { exact: true })).toHaveValue("8");
  await checkPage(page, "profile-notifications");

  await emails.getByRole("checkbox", { name: /Les rappels de séance/ }).uncheck();
  await emails.getByRole("checkbox", { name: /Les nouvelles de mon équipage/ }).check();
  await emails.getByLabel("Jour", { exact: true }).selectOption({ label: "vendredi" });
  await emails.getByLabel("Heure", { exact: true }).selectOption({ label: "18:00" });
  await emails.getByRole("button", { name: "Enregistrer mes choix" }).click();
  await expect(page.getByRole("status")).toHaveText("Vos choix d’e-mails sont enregistrés.");
  await expect(page).toHaveURL(/\/profile\?saved=notifications#notifications$/);

  // What the page shows after saving is what was saved (read again from the server).
  await page.goto("/profile/notifications");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Choisir mes e-mails");
  await expect(page.getByRole("checkbox", { name: /Le mot de la semaine/ })).toBeChecked();
  await expect(page.getByRole("checkbox", { name: /Les rappels de séance/ })).not.toBeChecked();
  await expect(page.getByRole("checkbox", { name: /Les nouvelles de mon équipage/ })).toBeChecked();
  await expect(page.getByLabel("Jour", { exact: true })).toHaveValue("5");
  await expect(page.getByLabel("Heure", { exact: true })).toHaveValue("18");
  await checkPage(page, "profile-notifications-page");
});

test("a one-click unsubscribe link that is not ours says so, signed out", async ({ page }) => {
  await page.context().clearCookies();
  const answer = await page.goto("/unsubscribe/not-a-member.weeklyDigest.signature");
  expect(answer?.status()).toBe(404);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Ce lien ne fonctionne pas");
  await checkPage(page, "unsubscribe-invalid");
});
