import { expect, type Page } from "@playwright/test";
import { checkPage } from "./support/check-page";
import {
  bookingMember,
  chooseDate,
  fact,
  newCoachOpensEveryDay,
  parisDayIn,
  saveNotice,
  slow,
} from "./support/coach-page";
import { waitForMail } from "./support/mailbox";
import { othersTest as test } from "./support/roles";

/**
 * Booking tells the truth, with JavaScript on and off. A new coach (no other journey's sessions
 * are theirs) opens every day, Paris time; a member whose own zone is Paris books in Tokyo:
 * the confirm step, the session page and every mail keep Tokyo, with Paris beside it. Booking
 * the coach again moves that session instead of offering times it would refuse. A time inside
 * the coach's notice is said, before confirming, to be one the member will not change, and its
 * mail offers no move nor cancel.
 */
test.use({ actionTimeout: 60_000, navigationTimeout: 60_000 });
test.describe.configure({ timeout: 480_000 });

/** The coach's booking page, once they open every day with `noticeHours` to move or cancel. */
async function coachWithNotice(page: Page, email: string, noticeHours: string) {
  await newCoachOpensEveryDay(page, email);
  await saveNotice(page, noticeHours);
  const bookingPath = await page.getByRole("link", { name: /Voir ma page de réservation/ }).getAttribute("href");
  expect(bookingPath).toMatch(/^\/coaching\/[a-z0-9-]+$/);
  return bookingPath!;
}

/** "14:00": the Paris time of `instant` (ISO), as Cap writes times. */
function parisTime(instant: string): string {
  return new Intl.DateTimeFormat("fr", { timeZone: "Europe/Paris", hour: "2-digit", minute: "2-digit" }).format(
    new Date(instant),
  );
}

test("a session booked in Tokyo stays in Tokyo, Paris beside it; booking the coach again moves it", async ({
  page,
  member,
  others,
}) => {
  const bookingPath = await coachWithNotice(page, member.email, "24");
  const { page: booker, member: who } = await bookingMember(others, "tokyo");

  // 22:00 in Tokyo, four days ahead: well before the coach's notice.
  const day = parisDayIn(4);
  await booker.goto(`${bookingPath}?tz=Asia%2FTokyo&day=${day}`);
  const time = booker.locator("ul.times").getByRole("link", { name: "22:00", exact: true });
  const start = new URL((await time.getAttribute("href")) ?? "", "http://cap.test").searchParams.get("start") ?? "";
  await time.click();
  const both = `22:00 à Tokyo · ${parisTime(start)} à Paris`;
  await slow(fact(booker, "Heure")).toHaveText("22:00–22:45");
  await slow(fact(booker, "Fuseau horaire")).toHaveText("Tokyo (UTC+9)");
  await slow(booker.getByText(both, { exact: true })).toBeVisible();
  await slow(booker.getByText(/^Vous pourrez la déplacer ou l’annuler vous-même jusqu’au .+ à 22:00\.$/)).toBeVisible();
  await checkPage(booker, "coaching-confirm-other-zone");
  await booker.getByRole("button", { name: "Confirmer la réservation" }).click();

  // The page after says what the member booked: Tokyo, Paris beside it.
  await slow(booker).toHaveURL(/\/coaching\/sessions\/[0-9a-f-]{36}\?booked$/);
  const sessionPath = new URL(booker.url()).pathname;
  const date = (await fact(booker, "Date").textContent())?.trim() ?? "";
  await slow(fact(booker, "Heure")).toHaveText("22:00–22:45");
  await slow(fact(booker, "Fuseau horaire")).toHaveText("Tokyo (UTC+9)");
  await slow(booker.getByText(both, { exact: true })).toBeVisible();
  await slow(booker.getByText(/^Vous pouvez la déplacer ou l’annuler vous-même jusqu’au .+ à 22:00\.$/)).toBeVisible();
  await checkPage(booker, "coaching-session-other-zone");

  // The confirmation says the same, and offers the move or cancel the page allows.
  const confirmation = await waitForMail(who.email, /^Séance découverte confirmée : /);
  expect(confirmation.subject).toContain(`${date}, 22:00–22:45, Tokyo (UTC+9)`);
  expect(confirmation.text).toContain(both);
  expect(confirmation.text).toMatch(/vous-même jusqu’au .+ à 22:00 :/);
  expect(confirmation.text).toContain(sessionPath);

  // Booking the same coach again: the page moves that session, in the zone it was booked in.
  await booker.goto(bookingPath);
  const heading = booker.getByRole("heading", { level: 1 });
  await slow(heading).toHaveText(/^Déplacer ma séance du \S+ \S+ \S+$/);
  expect(date.startsWith((await heading.textContent())!.replace("Déplacer ma séance du ", ""))).toBe(true);
  await slow(booker.getByText("Vous avez déjà une séance prévue avec", { exact: false })).toBeVisible();
  await slow(booker.getByLabel("Fuseau horaire")).toHaveValue("Asia/Tokyo");
  await chooseDate(booker, 6);
  await booker.locator("ul.times a").first().click();
  await slow(booker.getByRole("button", { name: "Confirmer la réservation" })).toHaveCount(0);
  await booker.getByRole("button", { name: "Confirmer le nouvel horaire" }).click();
  await slow(booker).toHaveURL((url) => url.pathname === sessionPath && url.searchParams.has("moved"));
  await slow(fact(booker, "Fuseau horaire")).toHaveText("Tokyo (UTC+9)");
  const movedTime = (await fact(booker, "Heure").textContent())?.trim().slice(0, 5) ?? "";
  const movedMail = await waitForMail(who.email, /^Séance découverte déplacée : /);
  expect(movedMail.text).toContain(`${movedTime} à Tokyo`);
  expect(movedMail.text).toContain("à Paris");

  // Cancelled: the mail too says when it was, in both zones.
  await booker.getByRole("link", { name: "Annuler la séance", exact: true }).click();
  await booker.getByRole("alertdialog").getByRole("button", { name: "Annuler la séance" }).click();
  await slow(booker.getByText("Cette séance est annulée : le créneau est de nouveau libre.")).toBeVisible();
  const cancelled = await waitForMail(who.email, /^Séance découverte annulée$/);
  expect(cancelled.text).toContain(`${movedTime} à Tokyo`);
});

test("a time inside the coach's notice is said to be unchangeable before it is booked, and its mail offers no change", async ({
  page,
  member,
  others,
}) => {
  // Bookable 12 h ahead, changeable only a week before: three days ahead is inside the notice.
  const bookingPath = await coachWithNotice(page, member.email, "168");
  const { page: booker, member: who } = await bookingMember(others, "late");
  await booker.goto(`${bookingPath}?tz=Europe%2FParis&day=${parisDayIn(3)}`);
  await booker.locator("ul.times a").first().click();
  await slow(booker.getByText("Vous ne pourrez ni la déplacer ni l’annuler vous-même")).toBeVisible();
  await slow(
    booker.getByText(/^Cette séance commence dans le délai de prévenance de .+ \(168 h\) : une fois confirmée/),
  ).toBeVisible();
  await slow(booker.getByText(/^Vous pourrez la déplacer/)).toHaveCount(0);
  await checkPage(booker, "coaching-confirm-inside-notice");
  await booker.getByRole("button", { name: "Confirmer la réservation" }).click();

  // The page after says what the confirm step said; so does the mail, with no move nor cancel.
  await slow(booker).toHaveURL(/\/coaching\/sessions\/[0-9a-f-]{36}\?booked$/);
  await slow(booker.getByText("Trop tard pour la déplacer ou l’annuler ici")).toBeVisible();
  const sessionPath = new URL(booker.url()).pathname;
  const confirmation = await waitForMail(who.email, /^Séance découverte confirmée : /);
  expect(confirmation.text).toMatch(/Le délai de prévenance de .+ est de 168 h/);
  expect(confirmation.text).toContain(`écrivez à Marie Testeuse : ${member.email}`);
  expect(confirmation.text).not.toMatch(/vous pouvez déplacer ou annuler/i);
  expect(confirmation.text).not.toContain(sessionPath);
});
