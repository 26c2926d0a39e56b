import { expect } from "@playwright/test";
import { checkPage } from "./support/check-page";
import { grantRoleBehind, othersTest as test } from "./support/roles";

/**
 * Issue 24 item 4, with JavaScript on and off: `npm run roles` makes the page's member a coach
 * (a new one, with no hours: no other journey's sessions are theirs); the coach sets their weekly
 * hours, a refusal first; a member then opens the coach's page and finds free times matching them.
 */
const PARIS = "Europe/Paris";

/** A Tuesday at least three days from now, as a Paris calendar day. */
function nextTuesday(): string {
  for (let at = Date.now() + 3 * 86_400_000; ; at += 86_400_000) {
    const day = new Intl.DateTimeFormat("en-CA", { timeZone: PARIS }).format(new Date(at));
    if (new Date(`${day}T12:00:00Z`).getUTCDay() === 2) return day;
  }
}

test("a coach sets their weekly hours, and a member then sees those free times", async ({ page, member, others }) => {
  test.setTimeout(180_000);
  await grantRoleBehind(page, member.email, "coach", "/coach/hours");

  // (The space opens on the agenda, another page: the hours are a tab beside it.)
  await page.goto("/coach/hours");
  await expect(page.getByRole("link", { name: "Mes horaires" }).first()).toBeVisible();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Mes horaires");

  // A range ending before it starts is refused under its field; nothing is saved.
  await page.getByLabel("De (mardi, plage 1)").fill("12:00");
  await page.getByLabel("À (mardi, plage 1)").fill("09:00");
  await page.getByLabel("Fuseau horaire", { exact: false }).selectOption(PARIS);
  await page.getByRole("button", { name: "Enregistrer mes horaires" }).click();
  await expect(page.getByText("La plage doit finir après son début.")).toBeVisible();
  await checkPage(page, "coach-hours-refused");

  // Tuesday mornings, 09:00 to 12:00, hour-long sessions with no break, no notice.
  await page.getByLabel("De (mardi, plage 1)").fill("09:00");
  await page.getByLabel("À (mardi, plage 1)").fill("12:00");
  await page.getByLabel("Durée d’une séance (minutes)").fill("60");
  await page.getByLabel("Pause après chaque séance (minutes)").fill("0");
  await page.getByLabel("Délai minimum avant une séance (heures)").fill("0");
  await page.getByRole("button", { name: "Enregistrer mes horaires" }).click();
  await expect(page.getByText("Vos horaires sont enregistrés")).toBeVisible();
  await expect(page.getByLabel("De (mardi, plage 1)")).toHaveValue("09:00");
  await checkPage(page, "coach-hours");
  const bookingPath = await page.getByRole("link", { name: /Voir ma page de réservation/ }).getAttribute("href");
  expect(bookingPath).toMatch(/^\/coaching\/[a-z0-9-]+$/);

  // Another member, in their own browser, opens that coach's page on a Tuesday.
  const { page: memberPage } = await others.signedInAs("member", { name: "booker" });
  await memberPage.goto(`${bookingPath}?tz=${PARIS}&day=${nextTuesday()}`);
  const times = memberPage.locator("ul.times a");
  await expect(times).toHaveText(["09:00", "10:00", "11:00"]);
});
