import { expect } from "@playwright/test";
import { checkPage } from "./support/check-page";
import { chooseDate, fact, paramsOf } from "./support/coach-page";
import { waitForMail } from "./support/mailbox";
import { othersTest as test } from "./support/roles";

/**
 * Issue 24 item 5, with JavaScript on and off: a member books a discovery session; the coach signs
 * in (a seeded coach's address registered, made coach with `npm run roles` while the server runs),
 * opens /coach/agenda, moves the session to a free time two weeks on; the member gets the updated
 * invitation and sees the new time on their session page.
 *
 * Each project has a coach of its own, whom no other journey books nor registers (coaching.spec.ts
 * books Claire and reads Sarah's times of its first dates only: this one books Sarah a week on).
 */
test.use({ timezoneId: "Europe/Paris" });

const coaches = {
  "js-on": { slug: "julien-bernard", name: "Julien Bernard", email: "julien.bernard@coachs.cap.example" },
  "js-off": { slug: "sarah-collins", name: "Sarah Collins", email: "sarah.collins@coaches.cap.example" },
} as const;

test("a coach signed in moves a session; the member gets the new invitation and sees the new time", async ({
  page,
  member,
  others,
}) => {
  test.setTimeout(180_000);
  const coach = coaches[test.info().project.name as keyof typeof coaches];

  // The member books with the coach, a week or more ahead.
  await page.goto(`/coaching/${coach.slug}`);
  await chooseDate(page, 4);
  await page.locator("ul.times a").first().click();
  await page.getByRole("button", { name: "Confirmer la réservation" }).click();
  await expect(page).toHaveURL(/\/coaching\/sessions\/[0-9a-f-]{36}\?booked$/);
  const sessionPath = new URL(page.url()).pathname;
  const bookedDate = (await fact(page, "Date").textContent())?.trim() ?? "";
  const bookedTime = (await fact(page, "Heure").textContent())?.trim() ?? "";

  // The coach: their seeded address registered, made coach while the server runs.
  const { page: agenda } = await others.signedInAs("coach", { email: coach.email, timezoneId: "Europe/Paris" });
  const movedMail = waitForMail(member.email, /^Séance découverte déplacée/, 60_000);
  movedMail.catch(() => undefined);
  await agenda.goto("/");
  await agenda.getByRole("link", { name: "Espace coach" }).first().click();
  await expect(agenda).toHaveURL(/\/coach\/agenda$/);
  await expect(agenda.getByRole("heading", { level: 1 })).toHaveText("Mon agenda");
  const card = agenda.locator("#upcoming li").filter({ hasText: "Marie Testeuse" });
  await expect(card).toHaveCount(1);
  await checkPage(agenda, "coach-agenda-signed-in");

  await card.getByRole("link", { name: "Déplacer la séance avec Marie Testeuse" }).click();
  await expect(agenda).toHaveURL(/\/coach\/agenda\/sessions\/[0-9a-f-]{36}\/move$/);
  await expect(agenda.getByRole("heading", { level: 1 })).toHaveText("Déplacer une séance");
  await checkPage(agenda, "coach-agenda-move");
  // Two weeks on: past the session, and past the other project's.
  for (const _ of [1, 2]) {
    const next = agenda.getByRole("link", { name: /Semaine suivante/ });
    const from = paramsOf(await next.getAttribute("href")).get("from");
    await next.click();
    await expect(agenda).toHaveURL((url) => url.searchParams.get("from") === from);
  }
  const choice = agenda.locator("#times .answer").first();
  await choice.locator("input").check();
  await agenda.getByRole("button", { name: "Déplacer la séance et prévenir la personne" }).click();
  await expect(agenda).toHaveURL(/\/coach\/agenda\?moved/);
  await expect(agenda.getByText("La séance est déplacée", { exact: false })).toBeVisible();
  await checkPage(agenda, "coach-agenda-moved");

  // The member: the mail with the updated invitation, and the new time on their session page.
  const mail = await movedMail;
  expect(mail.text).toContain(`${coach.name} a dû déplacer votre séance découverte`);
  expect(mail.text).toMatch(/Jusqu’au .+, vous pouvez refuser en annulant la séance/);
  expect(mail.calendar?.contentType).toMatch(/method=REQUEST/i);
  expect(mail.calendar?.text).toMatch(/^SEQUENCE:1\r?$/m);
  await page.goto(sessionPath);
  const newDate = (await fact(page, "Date").textContent())?.trim() ?? "";
  const newTime = (await fact(page, "Heure").textContent())?.trim() ?? "";
  expect(`${newDate} ${newTime}`).not.toBe(`${bookedDate} ${bookedTime}`);
  expect(mail.subject).toContain(`${newDate}, ${newTime}`);
  // The member may refuse by cancelling: the page still offers it.
  await expect(
    page
      .getByRole("link", { name: /Annuler/ })
      .or(page.getByRole("button", { name: /Annuler/ }))
      .first(),
  ).toBeVisible();
});
