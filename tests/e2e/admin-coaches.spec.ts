import { expect } from "@playwright/test";
import { checkPage } from "./support/check-page";
import { grantRole, othersTest as test } from "./support/roles";

/**
 * Issue 24 items 6 and 8, with JavaScript on and off: `npm run roles` makes the page's member an
 * admin while the server runs; the admin makes a fresh member a coach from /admin/coaches, writes
 * the coach's bio, and the coach's public page shows it; the coach then edits their own profile
 * (a refused meeting link first), and the admin reaches the retire step and retires them.
 */
test("an admin makes a member a coach and writes their bio; the public page shows it; the coach edits their own profile", async ({
  page,
  member,
  others,
}) => {
  test.setTimeout(240_000);
  const project = test.info().project.name;
  // Made coach by the admin below: a plain member to begin with.
  const { member: fresh, context: coachContext, page: coach } = await others.signedInAs("member", { name: "coach" });
  await grantRole(member.email, "admin");

  // The admin makes the fresh member a coach, from their address.
  await page.goto("/admin/coaches");
  await expect(page.getByRole("heading", { level: 1, name: "Coachs" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Claire Moreau" })).toBeVisible();
  await checkPage(page, "admin-coaches");
  await page.getByLabel("Adresse e-mail du membre").fill(fresh.email);
  await page.getByRole("button", { name: "Faire coach" }).click();
  await expect(page).toHaveURL(/\/admin\/coaches\/[0-9a-f-]{36}\?saved=made$/);
  await expect(page.getByText("Ce membre est coach : complétez son profil et ses horaires.")).toBeVisible();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Marie Testeuse");
  const coachPage = page.url().replace(/\?.*$/, "");

  // A bio too long is refused under its field; then the admin writes it.
  const bio = `Coach de la traversée ${project}, à l’écoute et concrète.`;
  await page.getByLabel("Présentation en français").fill(bio);
  await page.getByLabel("Lien de la salle de visioconférence (facultatif)").fill("https://visio.example.org/room");
  await page.getByRole("button", { name: "Enregistrer le profil" }).click();
  await expect(
    page.getByText("Le lien doit contenir {room}, où se place le nom de la salle de chaque séance."),
  ).toBeVisible();
  await checkPage(page, "admin-coach-refused");
  await page.getByLabel("Lien de la salle de visioconférence (facultatif)").fill("");
  await page.getByLabel("Présentation en français").fill(bio);
  await page.getByRole("button", { name: "Enregistrer le profil" }).click();
  await expect(page.getByText("Profil enregistré : la page publique l’affiche déjà.")).toBeVisible();
  await checkPage(page, "admin-coach");

  // The public page shows it at once.
  await page.getByRole("link", { name: "Sa page publique" }).click();
  await expect(page.getByText(bio)).toBeVisible();
  await checkPage(page, "coaching-coach-bio");

  // The coach edits their own profile.
  await coach.goto("/coach/profile");
  await expect(coach.getByRole("heading", { level: 1, name: "Mon profil de coach" })).toBeVisible();
  await expect(coach.getByLabel("Présentation en français")).toHaveValue(bio);
  await checkPage(coach, "coach-profile");
  await coach.getByLabel("Nom affiché").fill("");
  await coach.getByRole("button", { name: "Enregistrer le profil" }).click();
  await expect(coach.getByText("Indiquez un nom.")).toBeVisible();
  await checkPage(coach, "coach-profile-refused");
  await coach.getByLabel("Nom affiché").fill(`Marie T. ${project}`);
  await coach.getByLabel("Présentation en anglais").fill("A coach who listens.");
  await coach.getByRole("button", { name: "Enregistrer le profil" }).click();
  await expect(coach.getByText("Profil enregistré : la page publique l’affiche déjà.")).toBeVisible();
  await coach.getByRole("link", { name: "Voir ma page publique" }).click();
  await expect(coach.getByRole("heading", { level: 1 })).toContainText(`Marie T. ${project}`);
  await expect(coach.getByText(bio)).toBeVisible();
  await coachContext.close();

  // The admin reaches the retire step, which lists what it cancels, and retires the coach.
  await page.goto(coachPage);
  await page.getByRole("link", { name: "Retirer ce coach…" }).click();
  await expect(page.getByText("Aucune séance à venir.")).toBeVisible();
  await checkPage(page, "admin-coach-retire");
  await page.getByRole("button", { name: `Retirer Marie T. ${project} et annuler ses séances` }).click();
  await expect(
    page.getByText("Coach retiré : ses séances à venir sont annulées et les membres prévenus."),
  ).toBeVisible();
  await expect(page.getByText("Retiré", { exact: true })).toBeVisible();
});
