import { expect } from "@playwright/test";
import { checkPage } from "./support/check-page";
import { book, bookingMember, newCoachOpensEveryDay, parisDayIn, saveNotice, slow } from "./support/coach-page";
import { othersTest as test } from "./support/roles";

/**
 * Issue 28 item 7, with JavaScript on and off: a new coach (no other journey's sessions are theirs)
 * opens every day and asks for a week's notice; a member books a few days ahead and finds the
 * session can no longer be moved or cancelled by them, told why and how to write to the coach.
 * The coach brings the notice back to 24 h: the member can cancel it again.
 */
/** Two browsers and a server on a shared 2-core runner: each step may wait longer than the defaults. */
test.use({ actionTimeout: 60_000, navigationTimeout: 60_000 });
// Three people, two of them in browsers of their own, and `npm run roles`, on a shared runner.
test.describe.configure({ timeout: 480_000 });

test("inside the coach's notice the member is told why they cannot move or cancel, and how to reach the coach", async ({
  page,
  member,
  others,
}) => {
  // The coach: every day 08:00–20:00, and a week's notice to move or cancel.
  await newCoachOpensEveryDay(page, member.email);
  await slow(page.getByLabel("Délai de prévenance pour déplacer ou annuler (heures)")).toHaveValue("24");
  await saveNotice(page, "168");
  const bookingPath = await page.getByRole("link", { name: /Voir ma page de réservation/ }).getAttribute("href");
  expect(bookingPath).toMatch(/^\/coaching\/[a-z0-9-]+$/);

  // A member, in their own browser, books a time three or four days ahead.
  const { page: memberPage } = await bookingMember(others, "notice");
  const sessionPath = await book(memberPage, bookingPath!, parisDayIn(3), "first");

  // Inside the week's notice: why, and a way to write to the coach; no move, no cancel.
  await slow(memberPage.getByText("Trop tard pour la déplacer ou l’annuler ici")).toBeVisible();
  await slow(memberPage.getByText(/Le délai de prévenance de .+ est de 168 h/)).toBeVisible();
  await slow(memberPage.getByRole("link", { name: /^Écrire à / })).toHaveAttribute("href", `mailto:${member.email}`);
  await slow(memberPage.getByRole("link", { name: "Déplacer la séance" })).toHaveCount(0);
  await slow(memberPage.getByRole("link", { name: "Annuler la séance" })).toHaveCount(0);
  await checkPage(memberPage, "coaching-session-inside-notice");
  // A move asked by its address leads back to the session page, which says why.
  await memberPage.goto(`${bookingPath}?reschedule=${sessionPath.split("/").at(-1)}`);
  await slow(memberPage).toHaveURL((url) => url.pathname === sessionPath);
  await slow(memberPage.getByText("Trop tard pour la déplacer ou l’annuler ici")).toBeVisible();

  // The coach brings the notice back to 24 h: the member may cancel it themselves until then.
  await page.goto("/coach/hours");
  await saveNotice(page, "24");
  await memberPage.goto(sessionPath);
  await slow(memberPage.getByText(/^Vous pouvez la déplacer ou l’annuler vous-même jusqu’au /)).toBeVisible();
  await checkPage(memberPage, "coaching-session-before-notice");
  await memberPage.getByRole("link", { name: "Annuler la séance", exact: true }).click();
  await memberPage.getByRole("alertdialog").getByRole("button", { name: "Annuler la séance" }).click();
  await slow(memberPage.getByText("Cette séance est annulée : le créneau est de nouveau libre.")).toBeVisible();
});
