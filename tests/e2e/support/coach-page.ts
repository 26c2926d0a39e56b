import { expect, type Page } from "@playwright/test";
import { grantRole, type Others } from "./roles";

/**
 * The coaching pages as the journeys read them: the coach's hours, the member's calendar of dates
 * with free times, and a session's facts.
 */

const WEEKDAYS = ["lundi", "mardi", "mercredi", "jeudi", "vendredi", "samedi", "dimanche"];

/**
 * Makes the page's member (`email`) a coach, new (no other journey's sessions are theirs), and
 * opens every day on their hours page (for the caller to save).
 */
export async function newCoachOpensEveryDay(page: Page, email: string) {
  await grantRole(email, "coach");
  await openEveryDay(page);
}

/** On the coach's hours page: every day open 08:00–20:00, Paris time (for the caller to save). */
export async function openEveryDay(page: Page) {
  await page.goto("/coach/hours");
  for (const day of WEEKDAYS) {
    await page.getByLabel(`De (${day}, plage 1)`).fill("08:00");
    await page.getByLabel(`À (${day}, plage 1)`).fill("20:00");
  }
  await page.getByLabel("Fuseau horaire", { exact: false }).selectOption("Europe/Paris");
}

/** The query of a link's href (relative or not). */
export function paramsOf(href: string | null): URLSearchParams {
  return new URL(href ?? "", "http://cap.test").searchParams;
}

/**
 * Opens the `index`-th date with free times of the coach's page, counting from the month the page
 * shows and going on to the next months as needed; answers the date's `day` (YYYY-MM-DD).
 */
export async function chooseDate(page: Page, index: number): Promise<string | null> {
  const dates = page.locator("table.month a");
  for (;;) {
    await expect(page.locator("table.month")).toBeVisible();
    const count = await dates.count();
    if (index < count) break;
    index -= count;
    const next = page.getByRole("link", { name: /Mois suivant/ });
    const month = paramsOf(await next.getAttribute("href")).get("month");
    await next.click();
    await expect(page).toHaveURL((url) => url.searchParams.get("month") === month);
  }
  const date = dates.nth(index);
  const day = paramsOf(await date.getAttribute("href")).get("day");
  await date.click();
  await expect(page).toHaveURL((url) => url.searchParams.get("day") === day);
  return day;
}

/** The value of one of a session's facts (SPEC's session fields: a <dt>/<dd> pair of a .facts list). */
export function fact(page: Page, name: string) {
  return page
    .locator(".facts > div")
    .filter({ has: page.getByRole("term").getByText(name, { exact: true }) })
    .locator("dd");
}

/** The journeys of two browsers and a server on a shared 2-core runner: each step may wait this long. */
export const slow = expect.configure({ timeout: 30_000 });

/** The Paris calendar day `days` from now (YYYY-MM-DD). */
export function parisDayIn(days: number): string {
  return new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/Paris" }).format(
    new Date(Date.now() + days * 86_400_000),
  );
}

/**
 * A member of their own who books, in a browser of their own on Paris time, as patient as the
 * journey's page (its `test.use` timeouts reach only the test's own context).
 */
export async function bookingMember(others: Others, name: string) {
  const signedIn = await others.signedInAs("member", { name, timezoneId: "Europe/Paris" });
  signedIn.context.setDefaultTimeout(60_000);
  signedIn.context.setDefaultNavigationTimeout(60_000);
  return signedIn;
}

/** Books the first or last time of `day` on the coach's booking page; answers the session page's path. */
export async function book(page: Page, bookingPath: string, day: string, which: "first" | "last") {
  await page.goto(`${bookingPath}?tz=Europe%2FParis&day=${day}`);
  await page.locator("ul.times a")[which]().click();
  await page.getByRole("button", { name: "Confirmer la réservation" }).click();
  await slow(page).toHaveURL(/\/coaching\/sessions\/[0-9a-f-]{36}\?booked$/);
  return new URL(page.url()).pathname;
}

/** Sets the notice on the coach's hours page (open), the rest of the form as it stands. */
export async function saveNotice(page: Page, hours: string) {
  await page.getByLabel("Délai de prévenance pour déplacer ou annuler (heures)").fill(hours);
  await page.getByRole("button", { name: "Enregistrer mes horaires" }).click();
  await slow(page.getByText("Vos horaires sont enregistrés")).toBeVisible();
  await slow(page.getByLabel("Délai de prévenance pour déplacer ou annuler (heures)")).toHaveValue(hours);
}
