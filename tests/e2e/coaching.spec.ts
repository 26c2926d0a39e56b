import { readFile } from "node:fs/promises";
import { expect, type Page } from "@playwright/test";
import ICAL from "ical.js";
import { checkPage } from "./support/check-page";
import { chooseDate, fact, paramsOf } from "./support/coach-page";
import { waitForMail } from "./support/mailbox";
import { newMemberTest as test } from "./support/member";

/**
 * Issue "Coaching": a member books a discovery session from a module, gets the confirmation email
 * with its invitation, finds it on the overview, moves it, cancels it; and the time-zone list
 * works without JavaScript. With JavaScript on, the coach page switches to the browser's zone when
 * the URL names none: a browser in Paris keeps the default zone.
 */
test.use({ timezoneId: "Europe/Paris" });

/**
 * The coaches are shared by every test of the run, and the js-on and js-off projects run side by
 * side: each concurrently running worker books dates of its own (its parallelIndex), so that two
 * journeys never race for the same slot nor take the slot another one has just freed.
 */
function lane(): number {
  return test.info().parallelIndex;
}

/** Opens the `index`-th date with free times (support/coach-page); returns the date (YYYY-MM-DD). */
async function chooseDay(page: Page, index: number): Promise<string> {
  const day = await chooseDate(page, index);
  expect(day, "a date link carries its day").toMatch(/^\d{4}-\d{2}-\d{2}$/);
  await expect(page.getByText(/^Horaires libres du/)).toBeVisible();
  return day!;
}

/** Opens the first free time of the chosen date; returns its start (ISO instant) and "HH:mm". */
async function chooseFirstTime(page: Page): Promise<{ start: string; time: string }> {
  const first = page.locator("ul.times a").first();
  const time = (await first.textContent())?.trim() ?? "";
  const start = paramsOf(await first.getAttribute("href")).get("start") ?? "";
  expect(time).toMatch(/^\d{2}:\d{2}$/);
  expect(start).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:00\.000Z$/);
  await first.click();
  await expect(page).toHaveURL((url) => url.searchParams.get("start") === start);
  await expect(page.getByRole("heading", { name: "Confirmez votre séance" })).toBeVisible();
  return { start, time };
}

/**
 * Starts waiting for an email now, to be awaited later: the app sends its mail every couple of
 * seconds, time the test spends on the next steps. A failure surfaces where it is awaited.
 */
function mailSoon(address: string, subject: RegExp): ReturnType<typeof waitForMail> {
  const mail = waitForMail(address, subject);
  mail.catch(() => undefined);
  return mail;
}

/** "UTC+1" as the app writes a zone's offset (French, a minus sign), at noon on `day`. */
function utcOffsetOn(day: string, timeZone: string): string {
  const name = new Intl.DateTimeFormat("fr", { timeZone, timeZoneName: "shortOffset" })
    .formatToParts(new Date(`${day}T12:00:00Z`))
    .find((part) => part.type === "timeZoneName")?.value;
  return name ?? "UTC";
}

test("book a discovery session from a module, see it, move it and cancel it", async ({ page, member }) => {
  // Four pages checked by axe, three of them with the coach's month and its 400-odd time zones:
  // without JavaScript each check is a fresh copy of the page, and the journey takes 20 to 30 s
  // on a 2-CPU runner with the other project's journey running beside it.
  test.setTimeout(180_000);
  const modulePath = "/training/j-embarque/modules/fixer-son-cap";
  await page.goto(modulePath);
  await page.getByRole("link", { name: "Réserver la séance", exact: true }).click();
  await expect(page).toHaveURL((url) => url.pathname === "/coaching" && url.searchParams.get("from") === modulePath);
  await expect(page.getByRole("heading", { name: "Choisir un coach" })).toBeVisible();
  await checkPage(page, "coaching-coaches");

  await page.getByRole("link", { name: "Voir les disponibilités de Claire Moreau" }).click();
  await expect(page).toHaveURL((url) => url.pathname === "/coaching/claire-moreau");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Séance découverte avec Claire Moreau");

  // Book: a date, a time, confirm. A date a week out: the member moves and cancels it below,
  // which the coach's notice (24 h) forbids on the nearest dates.
  const day = await chooseDay(page, lane() + 6);
  await expect(page.getByText("Heures affichées dans le fuseau Paris", { exact: false })).toBeVisible();
  await checkPage(page, "coaching-times");
  const booked = await chooseFirstTime(page);
  expect(new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/Paris" }).format(new Date(booked.start))).toBe(day);
  const zone = `Paris (${utcOffsetOn(day, "Europe/Paris")})`;
  await expect(fact(page, "Coach")).toHaveText("Claire Moreau");
  await expect(fact(page, "Heure")).toHaveText(new RegExp(`^${booked.time}–\\d{2}:\\d{2}$`));
  await expect(fact(page, "Fuseau horaire")).toHaveText(zone);
  const date = (await fact(page, "Date").textContent())?.trim() ?? "";
  const time = (await fact(page, "Heure").textContent())?.trim() ?? "";
  await checkPage(page, "coaching-confirm");
  await page.getByRole("button", { name: "Confirmer la réservation" }).click();

  await expect(page).toHaveURL(/\/coaching\/sessions\/[0-9a-f-]{36}\?booked$/);
  const confirmationMail = mailSoon(member.email, /^Séance découverte confirmée : /);
  const sessionPath = new URL(page.url()).pathname;
  await expect(page.getByText("C’est réservé !", { exact: false })).toBeVisible();
  await expect(fact(page, "Coach")).toHaveText("Claire Moreau");
  await expect(fact(page, "Date")).toHaveText(date);
  await expect(fact(page, "Heure")).toHaveText(time);
  await expect(fact(page, "Fuseau horaire")).toHaveText(zone);
  const meeting = page.getByRole("link", { name: /^https:\/\/meet\.jit\.si\/cap-/ });
  const meetingUrl = (await meeting.textContent())?.trim() ?? "";
  await expect(meeting).toHaveAttribute("href", meetingUrl);
  await checkPage(page, "coaching-session");

  // The confirmation email: the meeting link, and an invitation that calendars read at the same instant.
  const confirmation = await confirmationMail;
  expect(confirmation.subject).toContain(`${date}, ${time}, ${zone}`);
  expect(confirmation.text).toContain(meetingUrl);
  expect(confirmation.calendar, "a text/calendar part").not.toBeNull();
  const { contentType, text: ics } = confirmation.calendar!;
  expect(contentType).toMatch(/method=REQUEST/i);
  expect(ics).toMatch(/^BEGIN:VCALENDAR\r?$/m);
  expect(ics).toMatch(/^METHOD:REQUEST\r?$/m);
  expect(ics).toMatch(/^DTSTART;TZID=Europe\/Paris:\d{8}T\d{6}\r?$/m);
  expect(ics).toMatch(/^UID:\S+/m);
  const event = new ICAL.Event(new ICAL.Component(ICAL.parse(ics)).getFirstSubcomponent("vevent")!);
  expect(event.startDate.toJSDate().toISOString()).toBe(booked.start);
  expect(`${String(event.startDate.hour).padStart(2, "0")}:${String(event.startDate.minute).padStart(2, "0")}`).toBe(
    booked.time,
  );
  expect(event.location).toBe(meetingUrl);
  expect(event.uid).toBeTruthy();

  // "Add to my calendar": the same invitation to download (a plain link, with or without
  // JavaScript), and the web calendars' forms at the session's UTC times, in a new tab.
  const addToCalendar = page.getByRole("region", { name: "Ajouter à mon agenda" });
  const icsLink = addToCalendar.getByRole("link", { name: "Télécharger l’invitation" });
  await expect(icsLink).toHaveAttribute("href", `${sessionPath}/invite.ics`);
  const downloading = page.waitForEvent("download");
  await icsLink.click();
  const downloaded = await downloading;
  expect(downloaded.suggestedFilename()).toBe("cap-session.ics");
  const file = new ICAL.Event(
    new ICAL.Component(ICAL.parse(await readFile((await downloaded.path())!, "utf8"))).getFirstSubcomponent("vevent")!,
  );
  expect(file.uid).toBe(event.uid);
  expect(file.sequence).toBe(event.sequence);
  expect(file.startDate.toJSDate().toISOString()).toBe(booked.start);
  await expect(page).toHaveURL((url) => url.pathname === sessionPath);
  const google = addToCalendar.getByRole("link", { name: /^Google Agenda/ });
  await expect(google).toHaveAttribute("target", "_blank");
  await expect(google).toHaveAttribute("rel", /\bnoopener\b/);
  const dates = new URL((await google.getAttribute("href")) ?? "").searchParams.get("dates") ?? "";
  expect(dates.split("/")[0]).toBe(`${booked.start.slice(0, 19).replace(/[-:]/g, "")}Z`);
  await expect(addToCalendar.getByRole("link", { name: /^Outlook\.com/ })).toHaveAttribute(
    "href",
    /^https:\/\/outlook\.live\.com\/calendar\/0\/deeplink\/compose\?/,
  );

  // The overview's week calendar shows it, and leads back to it.
  await page.goto(`/?week=${day}`);
  const appointment = page.getByRole("link", { name: `${booked.time} · Séance avec Claire Moreau` });
  await expect(appointment).toHaveAttribute("href", sessionPath);
  await appointment.click();
  await expect(page).toHaveURL((url) => url.pathname === sessionPath);

  // Move it to another date.
  await page.getByRole("link", { name: "Déplacer la séance" }).click();
  await expect(page).toHaveURL(
    (url) => url.pathname === "/coaching/claire-moreau" && url.searchParams.has("reschedule"),
  );
  await expect(page.getByText(`Vous déplacez votre séance du ${date}, ${time}`, { exact: false })).toBeVisible();
  const movedDay = await chooseDay(page, lane() + 2);
  expect(movedDay).not.toBe(day);
  const moved = await chooseFirstTime(page);
  const movedDate = (await fact(page, "Date").textContent())?.trim() ?? "";
  const movedTime = (await fact(page, "Heure").textContent())?.trim() ?? "";
  await page.getByRole("button", { name: "Confirmer le nouvel horaire" }).click();
  await expect(page).toHaveURL((url) => url.pathname === sessionPath && url.searchParams.has("moved"));
  await expect(page.getByText("Séance déplacée", { exact: false })).toBeVisible();
  await expect(fact(page, "Date")).toHaveText(movedDate);
  await expect(fact(page, "Heure")).toHaveText(movedTime);
  const movedMail = mailSoon(member.email, /^Séance découverte déplacée : /);

  // Cancel it: a confirmation first.
  await page.getByRole("link", { name: "Annuler la séance", exact: true }).click();
  await expect(page).toHaveURL((url) => url.pathname === sessionPath && url.searchParams.has("cancel"));
  const dialog = page.getByRole("alertdialog");
  await expect(dialog).toContainText("Annuler cette séance ?");
  await dialog.getByRole("button", { name: "Annuler la séance" }).click();
  await expect(page.getByText("Cette séance est annulée : le créneau est de nouveau libre.")).toBeVisible();
  await expect(page.getByRole("link", { name: "Déplacer la séance" })).toHaveCount(0);
  await expect(page.getByRole("link", { name: /meet\.jit\.si/ })).toHaveCount(0);
  await expect(page.getByRole("region", { name: "Ajouter à mon agenda" })).toHaveCount(0);
  const cancelledMail = mailSoon(member.email, /^Séance découverte annulée/);

  // The freed time is offered again.
  await page.goto(`/coaching/claire-moreau?tz=Europe%2FParis&day=${movedDay}`);
  const freed = page.locator("ul.times").getByRole("link", { name: moved.time, exact: true });
  await expect(freed).toBeVisible();
  expect(paramsOf(await freed.getAttribute("href")).get("start")).toBe(moved.start);

  // The news of the move (an invitation with a higher sequence) and of the cancellation.
  const movedNews = await movedMail;
  expect(movedNews.subject).toContain(`${movedDate}, ${movedTime}`);
  expect(movedNews.text).toContain(meetingUrl);
  expect(movedNews.calendar?.contentType).toMatch(/method=REQUEST/i);
  expect(movedNews.calendar?.text).toMatch(/^SEQUENCE:1\r?$/m);
  const cancelledNews = await cancelledMail;
  expect(cancelledNews.calendar?.contentType).toMatch(/method=CANCEL/i);
});

test("the time-zone list shows a coach's times in the zone chosen, without JavaScript too", async ({ page }) => {
  await page.goto("/coaching/sarah-collins");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Séance découverte avec Sarah Collins");
  const zones = page.getByLabel("Fuseau horaire");
  await expect(zones).toHaveValue("Europe/Paris");
  // With JavaScript the list submits itself on change; the button works either way.
  await zones.selectOption("America/New_York");
  await page.getByRole("button", { name: "Afficher dans ce fuseau" }).click();
  await expect(page).toHaveURL((url) => url.searchParams.get("tz") === "America/New_York");
  await expect(zones).toHaveValue("America/New_York");

  // The second date: the first may have lost its morning to the booking notice; Sarah works Monday to Thursday.
  const day = await chooseDay(page, 1);
  expect(new Date(`${day}T12:00:00Z`).getUTCDay()).toBeGreaterThanOrEqual(1);
  expect(new Date(`${day}T12:00:00Z`).getUTCDay()).toBeLessThanOrEqual(4);
  await expect(page.locator("ul.times a").first()).toHaveText("08:00");
  await expect(
    page.getByText(`Heures affichées dans le fuseau New York (${utcOffsetOn(day, "America/New_York")}).`),
  ).toBeVisible();

  // A zone outside the usual ones is a page of its own, and the date chosen stays chosen.
  await page.getByRole("link", { name: "Un autre fuseau horaire…" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Choisir un fuseau horaire");
  await checkPage(page, "coaching-time-zone");
  // Zones come a region of the world at a time: the one of the zone shown first.
  await expect(page.getByLabel("Région du monde")).toHaveValue("America");
  await page.getByLabel("Région du monde").selectOption("Asia");
  // With JavaScript the choice applies at once; without, by its button.
  if (test.info().project.use.javaScriptEnabled === false) {
    await page.getByRole("button", { name: "Afficher ses fuseaux" }).click();
  }
  await expect(page).toHaveURL((url) => url.searchParams.get("region") === "Asia");
  await expect(page.getByLabel("Région du monde")).toHaveValue("Asia");
  await page.getByLabel("Fuseau horaire").selectOption("Asia/Tokyo");
  await page.getByRole("button", { name: "Afficher dans ce fuseau" }).click();
  await expect(page).toHaveURL(
    (url) => url.searchParams.get("tz") === "Asia/Tokyo" && url.searchParams.get("day") === day,
  );
  await expect(page.getByLabel("Fuseau horaire")).toHaveValue("Asia/Tokyo");
  await expect(
    page.getByText(`Heures affichées dans le fuseau Tokyo (${utcOffsetOn(day, "Asia/Tokyo")}).`),
  ).toBeVisible();
});

test.describe("the coach's agenda", () => {
  // The member books without JavaScript; the coach's browser follows the project (on, then off).
  test.use({ javaScriptEnabled: false });

  test("the coach opens the agenda from the mail, adds time off and cancels a session with a reason", async ({
    page,
    member,
    browser,
  }) => {
    test.setTimeout(180_000);
    // The member books with Claire: a date of this worker's own, past the other journeys' lanes.
    await page.goto("/coaching/claire-moreau");
    await chooseDay(page, lane() + 8);
    await chooseFirstTime(page);
    const date = (await fact(page, "Date").textContent())?.trim() ?? "";
    const time = (await fact(page, "Heure").textContent())?.trim() ?? "";
    await page.getByRole("button", { name: "Confirmer la réservation" }).click();
    await expect(page).toHaveURL(/\/coaching\/sessions\/[0-9a-f-]{36}\?booked$/);

    // Claire's confirmation names this session's time (the browser and Claire are both in Paris).
    const coachMail = await waitForMail(
      "claire.moreau@coachs.cap.example",
      new RegExp(`^Séance découverte confirmée : ${date}, ${time}`),
    );
    const agendaUrl = /https?:\/\/\S+\/coach\/agenda\/[\w-]{43}/.exec(coachMail.text)?.[0];
    expect(agendaUrl, "the coach's mail carries the agenda link").toBeTruthy();

    // The coach has no account: a browser of their own.
    const coach = await browser.newContext({
      javaScriptEnabled: test.info().project.use.javaScriptEnabled !== false,
      timezoneId: "Europe/Paris",
    });
    try {
      const agenda = await coach.newPage();
      await agenda.goto(new URL(agendaUrl!).pathname);
      await expect(agenda.getByRole("heading", { level: 1 })).toHaveText("Agenda de Claire Moreau");
      await checkPage(agenda, "coach-agenda");

      // Time off far past the booking window, so that no other journey's session is inside.
      const day = new Date(Date.now() + (200 + lane()) * 24 * 60 * 60 * 1000).toISOString().slice(0, 10);
      await agenda.getByLabel("Premier jour").fill(day);
      await agenda.getByRole("button", { name: "Enregistrer l’absence" }).click();
      await expect(agenda.getByText("Absence enregistrée", { exact: false })).toBeVisible();
      const label = new Intl.DateTimeFormat("fr", {
        weekday: "long",
        day: "numeric",
        month: "long",
        year: "numeric",
        timeZone: "UTC",
      }).format(new Date(`${day}T12:00:00Z`));
      const saved = agenda.locator("#time-off li").filter({ hasText: label });
      await expect(saved.first()).toBeVisible();
      await saved.first().getByRole("button", { name: "Retirer cette absence" }).click();
      await expect(agenda.getByText("Absence retirée", { exact: false })).toBeVisible();

      // Cancel the member's session with a reason.
      const card = agenda.locator("#upcoming li").filter({ hasText: date }).filter({ hasText: time });
      await card.getByText("Annuler cette séance…").click();
      await card.getByLabel(/Votre message pour Marie Testeuse/).fill("Un empêchement, je suis désolée.");
      await card.getByRole("button", { name: "Annuler la séance et prévenir la personne" }).click();
      await expect(agenda.getByRole("status")).toContainText("La séance est annulée");
    } finally {
      await coach.close();
    }
    const news = await waitForMail(member.email, /^Séance découverte annulée$/);
    expect(news.text).toContain("Un empêchement, je suis désolée.");
  });
});
