import { expect } from "@playwright/test";
import { checkPage } from "./support/check-page";
import { waitForMail } from "./support/mailbox";
import { book, bookingMember, fact, newCoachOpensEveryDay, parisDayIn, slow } from "./support/coach-page";
import { othersTest as test } from "./support/roles";

/**
 * Issue 28 item 9, with JavaScript on and off: a new coach (no other journey's sessions are theirs)
 * opens every day; one member books the day's first time, another its last and asks to be told if
 * an earlier time frees up. The first cancels: the second gets the mail, and its link moves their
 * session there with one button; followed again, the link says it no longer works.
 */
test.use({ actionTimeout: 60_000, navigationTimeout: 60_000 });
// Three people, two of them in browsers of their own, and `npm run roles`, on a shared runner.
test.describe.configure({ timeout: 480_000 });

test("a member waiting for an earlier time is mailed when one frees up, and takes it in one step", async ({
  page,
  member,
  others,
}) => {
  // The coach: every day 08:00–20:00.
  await newCoachOpensEveryDay(page, member.email);
  await page.getByRole("button", { name: "Enregistrer mes horaires" }).click();
  await slow(page.getByText("Vos horaires sont enregistrés")).toBeVisible();
  const bookingPath = await page.getByRole("link", { name: /Voir ma page de réservation/ }).getAttribute("href");
  expect(bookingPath).toMatch(/^\/coaching\/[a-z0-9-]+$/);
  const day = parisDayIn(3);

  const leaving = await bookingMember(others, "leaving");
  const waiting = await bookingMember(others, "waiting");
  const leavingPath = await book(leaving.page, bookingPath!, day, "first");
  const freedTime = (await fact(leaving.page, "Heure").first().textContent())?.trim() ?? "";
  const waitingPath = await book(waiting.page, bookingPath!, day, "last");

  // The waiting member asks on their session page.
  await waiting.page.getByRole("button", { name: "Prévenez-moi si un créneau plus tôt se libère" }).click();
  await slow(waiting.page.getByText("C’est noté : nous vous écrirons si un créneau plus tôt se libère.")).toBeVisible();
  await slow(waiting.page.getByRole("button", { name: "Ne plus me prévenir" })).toBeVisible();
  await checkPage(waiting.page, "coaching-session-waiting-earlier");

  // The other one cancels: the time is free, and the waiting member is mailed.
  await leaving.page.goto(leavingPath);
  await leaving.page.getByRole("link", { name: "Annuler la séance", exact: true }).click();
  await leaving.page.getByRole("alertdialog").getByRole("button", { name: "Annuler la séance" }).click();
  await slow(leaving.page.getByText("Cette séance est annulée : le créneau est de nouveau libre.")).toBeVisible();
  const mail = await waitForMail(waiting.member.email, /^Un créneau plus tôt s’est libéré : /);
  expect(mail.subject).toContain(freedTime);
  const link = /https?:\/\/\S+\/coaching\/sessions\/[0-9a-f-]{36}\/earlier\/\d+\.[\w-]{43}/.exec(mail.text)?.[0];
  expect(link, "the mail carries the link that takes the time").toBeTruthy();
  const offerPath = new URL(link!).pathname;
  expect(offerPath.startsWith(`${waitingPath}/earlier/`)).toBe(true);

  // The link's page: the time, still free, and one button.
  await waiting.page.goto(offerPath);
  await slow(waiting.page.getByText(/^Ce créneau est encore libre\./)).toBeVisible();
  await checkPage(waiting.page, "coaching-earlier-time-offer");
  await waiting.page.getByRole("button", { name: "Déplacer ma séance à ce créneau" }).click();
  await slow(waiting.page).toHaveURL((url) => url.pathname === waitingPath && url.searchParams.has("moved"));
  await slow(
    waiting.page.getByText("Séance déplacée : la nouvelle invitation vient de partir par e-mail."),
  ).toBeVisible();
  await slow(fact(waiting.page, "Heure").first()).toHaveText(freedTime);

  // Followed again, the link no longer works: the page says so, and the session stays.
  await waiting.page.goto(offerPath);
  await slow(waiting.page.getByText(/^Ce lien ne vaut plus/)).toBeVisible();
  await slow(waiting.page.getByRole("button", { name: "Déplacer ma séance à ce créneau" })).toHaveCount(0);
  await checkPage(waiting.page, "coaching-earlier-time-expired");
});
