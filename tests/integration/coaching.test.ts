import ICAL from "ical.js";
import { and, eq } from "drizzle-orm";
import nodemailer from "nodemailer";
import { afterEach, describe, expect, it } from "vitest";
import { whoami } from "~/.server/accounts/members.server";
import { readCoachFile, seedCoaches } from "~/.server/coaching/coaches/coach-content.server";
import type { Booker } from "~/.server/coaching/booking-records.server";
import { bookSession } from "~/.server/coaching/booking/book.server";
import { coachOf, freeSlotsOf } from "~/.server/coaching/booking/free-times.server";
import { localDay } from "~/.server/calendar/time-zones.server";
import { addDays } from "~/.server/calendar/days.server";
import { db } from "~/.server/db/client.server";
import { coaches, coachingBookings, mailOutbox } from "~/.server/db/schema.server";
import { mailRendering } from "~/.server/runtime/mail-rendering.server";
import { deliverDueMail } from "~/.server/mail/sender.server";
import { deleteAccount } from "~/.server/coaching/booking/departure.server";
import { loader as coachLoader } from "~/routes/_default.coaching.$coach_slug/route";
import { loader as zoneLoader } from "~/routes/_default.coaching.$coach_slug_.time-zone";
import { loader as coachingLoader } from "~/routes/_default.coaching._index";
import { loader as sessionLoader } from "~/routes/_default.coaching.sessions.$id";
import { loader as overviewLoader } from "~/routes/_default._index/route";
import { action as coachLinkAction, loader as coachLinkLoader } from "~/routes/_home.coach.session.$token";
import { mailsTo, type TestMember, verifiedMember } from "../support/accounts";
import { buildRequest, callWith, dataOf, getAs, headerOf, statusOf } from "../support/http";
import { startSmtp } from "../support/smtp";
import { bookClaireAt, claire, claireSlots, postOnSession } from "../support/coaches";

const DAY = 24 * 60 * 60 * 1000;
const claireEmail = "claire.moreau@coachs.cap.example";

/** Claire's free slots from three days on (so that each has a reminder 24 h before). */
const laterSlots = () => claireSlots();

const book = (member: TestMember, start: Date, extra: Record<string, string> = {}) =>
  bookClaireAt(member, start, { form: extra });

async function bookingsOf(memberId: string) {
  return db().select().from(coachingBookings).where(eq(coachingBookings.memberId, memberId));
}

function calendarOf(ics: string) {
  const component = new ICAL.Component(ICAL.parse(ics));
  for (const zone of component.getAllSubcomponents("vtimezone")) ICAL.TimezoneService.register(new ICAL.Timezone(zone));
  const event = new ICAL.Event(component.getFirstSubcomponent("vevent")!);
  return {
    method: component.getFirstPropertyValue("method"),
    event,
    status: component.getFirstSubcomponent("vevent")!.getFirstPropertyValue("status"),
  };
}

const servers: { close(): Promise<void> }[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => server.close()));
});

describe("coaches", () => {
  it("are seeded from app/content/coaches.json on the first run only: a re-seed keeps a back-office change, and a coach gone from the file stays as it is", async () => {
    const content = readCoachFile();
    const before = await db().select().from(coaches);
    expect(before.map((c) => c.slug).sort()).toEqual(content.map((c) => c.slug).sort());
    await seedCoaches(db());
    expect(await db().select().from(coaches)).toEqual(before);
    // A back-office change survives a re-seed.
    await db()
      .update(coaches)
      .set({ bio: { fr: "Changée au back-office", en: "Changed in the back office" }, sessionMinutes: 30 })
      .where(eq(coaches.slug, "claire-moreau"));
    await seedCoaches(db());
    const [claire] = await db().select().from(coaches).where(eq(coaches.slug, "claire-moreau"));
    expect(claire).toMatchObject({ bio: { en: "Changed in the back office" }, sessionMinutes: 30, retired: false });
    // A coach gone from the file is neither retired nor deleted.
    await seedCoaches(
      db(),
      content.filter((coach) => coach.slug !== "julien-bernard"),
    );
    expect(await coachOf("julien-bernard")).not.toBeNull();
    // A slug missing from the table is inserted.
    await db().delete(coaches).where(eq(coaches.slug, "sarah-collins"));
    await seedCoaches(db());
    expect(await coachOf("sarah-collins")).toMatchObject({ name: content[2].name, retired: false });
  });

  it("are listed on /coaching with their session length, languages and time zone", async () => {
    const member = await verifiedMember();
    const page = await dataOf<{
      coaches: { slug: string; minutes: number; languages: string[]; zone: string; path: string }[];
    }>(await getAs(coachingLoader, "/coaching?from=/training/j-embarque/modules/prendre-la-barre", member));
    expect(page.coaches.map((c) => c.slug)).toEqual(["claire-moreau", "julien-bernard", "sarah-collins"]);
    expect(page.coaches[2]).toMatchObject({
      minutes: 45,
      languages: ["en", "fr"],
      zone: expect.stringMatching(/^New York \(UTC−[45]\)$/),
    });
    expect(page.coaches[0].path).toBe(
      "/coaching/claire-moreau?from=%2Ftraining%2Fj-embarque%2Fmodules%2Fprendre-la-barre",
    );
  });
});

describe("the coach's page and its time zones", () => {
  it("offers the usual zones (and the one shown); every zone is on a page of its own that keeps the step", async () => {
    const member = await verifiedMember();
    const page = await dataOf<{ zones: { value: string }[]; query: { timeZone: string } }>(
      await getAs(coachLoader, "/coaching/sarah-collins?tz=Asia/Tokyo", member, { coach_slug: "sarah-collins" }),
    );
    expect(page.zones.map((zone) => zone.value)).toContain("Europe/Paris");
    expect(page.zones.length).toBeLessThan(25);
    // The zone shown, outside the usual ones, gets a group of its own in the list.
    expect(page.query.timeZone).toBe("Asia/Tokyo");
    expect(page).not.toHaveProperty("timeZones");

    const path = "/coaching/sarah-collins/time-zone?tz=Asia/Tokyo&day=2026-12-01&start=x&reschedule=nope";
    type ZonePage = {
      timeZone: string;
      kept: [string, string][];
      regions: { value: string }[];
      region: string;
      regionZones: { value: string }[];
    };
    const ids = (options: { value: string }[]) => options.map((option) => option.value);
    const zonePage = await dataOf<ZonePage>(await getAs(zoneLoader, path, member, { coach_slug: "sarah-collins" }));
    expect(zonePage.timeZone).toBe("Asia/Tokyo");
    // Only what the coach page itself would read: a reschedule id that is no id is left behind.
    expect(zonePage.kept).toEqual([
      ["day", "2026-12-01"],
      ["start", "x"],
    ]);
    // Every zone, a region at a time: the zone shown's own first, another on asking.
    expect(ids(zonePage.regions)).toEqual(
      expect.arrayContaining(["Africa", "America", "Asia", "Europe", "Pacific", "UTC"]),
    );
    expect(zonePage.region).toBe("Asia");
    expect(ids(zonePage.regionZones)).toContain("Asia/Tokyo");
    expect(ids(zonePage.regionZones).every((zone) => zone.startsWith("Asia/"))).toBe(true);
    const pacific = await dataOf<ZonePage>(
      await getAs(zoneLoader, `${path}&region=Pacific`, member, { coach_slug: "sarah-collins" }),
    );
    expect(ids(pacific.regionZones)).toContain("Pacific/Noumea");
    expect(pacific.timeZone).toBe("Asia/Tokyo");
    const unknownRegion = await dataOf<ZonePage>(
      await getAs(zoneLoader, `${path}&region=${encodeURIComponent("Mars'--")}`, member, {
        coach_slug: "sarah-collins",
      }),
    );
    expect(unknownRegion.region).toBe("Asia");

    const unknown = await getAs(zoneLoader, "/coaching/nobody/time-zone", member, { coach_slug: "nobody" });
    expect(statusOf(unknown)).toBe(404);
    const visitor = await callWith(zoneLoader, buildRequest("/coaching/sarah-collins/time-zone"), {
      params: { coach_slug: "sarah-collins" },
    });
    expect(headerOf(visitor, "Location")).toMatch(/^\/home\/login\?redirect_after=/);
  });
});

describe("the month view", () => {
  it("says of each day whether it is past, has free times, is fully booked or has no sessions", async () => {
    const member = await verifiedMember();
    const coach = await claire();
    // A day of Claire's, taken whole by one session row (its buffer to the day's end). Its month has
    // another day of free times after it, whatever today is (at a month's end, the first free day
    // may be the month's last working day).
    const days = (await laterSlots()).map((slot) => localDay(slot.start, "Europe/Paris"));
    const day = days.find((candidate) =>
      days.some((other) => other > candidate && other.slice(0, 7) === candidate.slice(0, 7)),
    );
    if (!day) throw new Error(`no two days of free times in one month among ${days.join(", ")}`);
    const dayEnd = new Date(`${addDays(day, 1)}T00:00:00+01:00`);
    await db()
      .insert(coachingBookings)
      .values({
        memberId: member.memberId,
        coachId: coach.id,
        startsAt: new Date(`${day}T00:00:00+01:00`),
        endsAt: dayEnd,
        blockedUntil: dayEnd,
        timeZone: "Europe/Paris",
        meetingUrl: "https://meet.example/x",
        coachTokenHash: "whole-day",
      });
    type Cell = { day: string; inMonth: boolean; status: string };
    // Another member reads it: to the session's own, the page moves that session, its time free to take.
    const reader = await verifiedMember({ email: "reader@example.com" });
    const page = await dataOf<{ calendar: { weeks: Cell[][] } }>(
      await getAs(coachLoader, `/coaching/claire-moreau?tz=Europe/Paris&month=${day.slice(0, 7)}`, reader, {
        coach_slug: "claire-moreau",
      }),
    );
    const cells = page.calendar.weeks.flat().filter((cell) => cell.inMonth);
    const statusOf = (wanted: string) => cells.find((cell) => cell.day === wanted)?.status;
    expect(statusOf(day)).toBe("full");
    const today = localDay(new Date(), "Europe/Paris");
    for (const cell of cells) {
      if (cell.day < today) expect(cell.status, cell.day).toBe("past");
    }
    expect(cells.some((cell) => cell.status === "free")).toBe(true);
    // Sundays: Claire does not work.
    const sunday = cells.find((cell) => cell.day > today && new Date(`${cell.day}T12:00:00Z`).getUTCDay() === 0);
    if (sunday) expect(sunday.status).toBe("closed");
  });
});

describe("booking a discovery session", () => {
  it("books a free time, emails member and coach the meeting link with an .ics, and plans both reminders", async () => {
    const member = await verifiedMember();
    const [slot] = await laterSlots();
    const answer = await book(member, slot.start, { from: "/training/j-embarque/modules/prendre-la-barre" });
    expect(statusOf(answer)).toBe(303);
    const [booking] = await bookingsOf(member.memberId);
    expect(headerOf(answer, "Location")).toBe(`/coaching/sessions/${booking.id}?booked`);
    expect(booking).toMatchObject({
      status: "confirmed",
      startsAt: slot.start,
      timeZone: "Europe/Paris",
      fromPath: "/training/j-embarque/modules/prendre-la-barre",
    });
    expect(booking.endsAt.getTime() - booking.startsAt.getTime()).toBe(45 * 60_000);
    expect(booking.meetingUrl).toMatch(/^https:\/\/meet\.jit\.si\/cap-[0-9a-f]{24}$/);

    const mails = await mailsTo(member.email);
    const confirmation = mails.find((m) => m.subject.startsWith("Séance découverte confirmée"))!;
    const reminder = mails.find((m) => m.subject.startsWith("Rappel"))!;
    expect(confirmation.text).toContain(booking.meetingUrl);
    expect(confirmation.text).toContain(`/coaching/sessions/${booking.id}`);
    expect(confirmation.status).toBe("pending");
    const invite = calendarOf(confirmation.attachments[0].content);
    expect(invite.method).toBe("REQUEST");
    expect(invite.event.uid).toBe(`${booking.id}@cap`);
    expect(invite.event.startDate.toJSDate()).toEqual(slot.start);
    expect(invite.event.location).toBe(booking.meetingUrl);

    expect(reminder.subject).toMatch(/^Rappel : /);
    expect(reminder.nextAttemptAt).toEqual(new Date(slot.start.getTime() - DAY));
    // Not due yet: the sender leaves it alone.
    await deliverDueMail(mailRendering, { transport: { sendMail: async () => undefined } });
    expect((await db().select().from(mailOutbox).where(eq(mailOutbox.id, confirmation.id)))[0].status).toBe("sent");
    expect((await db().select().from(mailOutbox).where(eq(mailOutbox.id, reminder.id)))[0].status).toBe("pending");

    const coachMails = await mailsTo(claireEmail);
    expect(coachMails.map((m) => m.subject).sort()).toEqual([
      expect.stringMatching(/^Rappel/),
      expect.stringMatching(/^Séance découverte confirmée/),
    ]);
    const coachConfirmation = coachMails.find((m) => m.subject.startsWith("Séance"))!;
    expect(coachConfirmation.text).toContain("Marie Curie a réservé une séance découverte avec vous.");
    expect(coachConfirmation.text).toMatch(/\/coach\/session\/[\w-]{43}/);
    expect(booking.reminderMailIds).toHaveLength(2);

    // The taken time (and the buffer after it) is no longer offered, to anyone.
    const after = await laterSlots();
    expect(after.find((s) => s.start.getTime() === slot.start.getTime())).toBeUndefined();
  });

  it("delivers the confirmation over real SMTP with a text/calendar invitation that parses", async () => {
    const smtp = await startSmtp();
    servers.push(smtp);
    const member = await verifiedMember();
    const [slot] = await laterSlots();
    await book(member, slot.start);
    await deliverDueMail(mailRendering, { transport: nodemailer.createTransport(`smtp://127.0.0.1:${smtp.port}`) });
    const received = smtp.received.find((mail) => mail.to.includes(member.email) && /text\/calendar/.test(mail.raw));
    expect(received?.raw).toMatch(/Content-Type: text\/calendar; charset=utf-8; method=REQUEST/i);
    const base64 = /Content-Type: text\/calendar[\s\S]*?\r\n\r\n([A-Za-z0-9+/=\r\n]+)/.exec(received!.raw)![1];
    const invite = calendarOf(Buffer.from(base64.replace(/\s+/g, ""), "base64").toString("utf8"));
    expect(invite.method).toBe("REQUEST");
    expect(invite.event.startDate.toJSDate()).toEqual(slot.start);
  });

  it("refuses a time taken meanwhile with a message and stores nothing more", async () => {
    const [first, second] = [await verifiedMember(), await verifiedMember({ email: "paul@example.com" })];
    const [slot] = await laterSlots();
    await book(first, slot.start);
    const refused = await book(second, slot.start);
    expect(statusOf(refused)).toBe(409);
    expect((await dataOf<{ error: Record<string, string[]> }>(refused)).error[""]).toEqual(["errors.slotUnavailable"]);
    expect(await bookingsOf(second.memberId)).toEqual([]);
    expect(await mailsTo(claireEmail)).toHaveLength(2);
  });

  it("refuses a forged time off the coach's grid, a bad time zone, and a second session with the same coach", async () => {
    const member = await verifiedMember();
    const [slot, next] = await laterSlots();
    const offGrid = await book(member, new Date(slot.start.getTime() + 60_000));
    expect((await dataOf<{ error: Record<string, string[]> }>(offGrid)).error[""]).toEqual(["errors.slotUnavailable"]);
    const badZone = await book(member, slot.start, { tz: "Mars/Olympus_Mons" });
    expect(statusOf(badZone)).toBe(400);
    expect((await dataOf<{ error: Record<string, string[]> }>(badZone)).error.tz).toEqual([
      "coaching:errors.timeZoneInvalid",
    ]);
    expect(await bookingsOf(member.memberId)).toEqual([]);

    await book(member, slot.start);
    const again = await book(member, next.start);
    // A second session with Claire is never booked: the time chosen is offered to move the first there.
    expect(statusOf(again)).toBe(303);
    expect(headerOf(again, "Location")).toContain(`reschedule=${(await bookingsOf(member.memberId))[0].id}`);
    expect(await bookingsOf(member.memberId)).toHaveLength(1);
  });

  it("books one slot exactly once when many members ask at the same moment", async () => {
    const members = await Promise.all(
      ["a", "b", "c", "d", "e"].map((name) => verifiedMember({ email: `${name}@example.com` })),
    );
    const [slot] = await laterSlots();
    const bookers: Booker[] = members.map((m) => ({
      id: m.memberId,
      firstname: "Marie",
      lastname: "Testeuse",
      email: m.email,
      lang: "fr",
    }));
    const outcomes = await Promise.all(
      bookers.map((booker) =>
        bookSession(booker, {
          coachSlug: "claire-moreau",
          start: slot.start,
          timeZone: "Europe/Paris",
          fromPath: null,
        }),
      ),
    );
    expect(outcomes.filter((o) => o.ok)).toHaveLength(1);
    expect(outcomes.filter((o) => !o.ok).map((o) => !o.ok && o.error)).toEqual(Array(4).fill("slotUnavailable"));
    const coach = await claire();
    expect(
      await db()
        .select()
        .from(coachingBookings)
        .where(and(eq(coachingBookings.coachId, coach.id), eq(coachingBookings.startsAt, slot.start))),
    ).toHaveLength(1);
  });

  it("cannot hold two overlapping sessions of one coach, even written straight to the database", async () => {
    const [one, two] = [await verifiedMember(), await verifiedMember({ email: "paul@example.com" })];
    const coach = await claire();
    const start = new Date("2030-01-07T09:00:00Z");
    const row = (memberId: string, at: Date, token: string) => ({
      memberId,
      coachId: coach.id,
      startsAt: at,
      endsAt: new Date(at.getTime() + 45 * 60_000),
      blockedUntil: new Date(at.getTime() + 60 * 60_000),
      timeZone: "Europe/Paris",
      meetingUrl: "https://meet.example/x",
      coachTokenHash: token,
    });
    await db()
      .insert(coachingBookings)
      .values(row(one.memberId, start, "t1"));
    // Inside the buffer of the first one.
    await expect(
      db()
        .insert(coachingBookings)
        .values(row(two.memberId, new Date(start.getTime() + 50 * 60_000), "t2")),
    ).rejects.toThrow();
    // Right after the buffer: fine.
    await db()
      .insert(coachingBookings)
      .values(row(two.memberId, new Date(start.getTime() + 60 * 60_000), "t3"));
  });
});

describe("a booked session", () => {
  async function booked() {
    const member = await verifiedMember();
    const slots = await laterSlots();
    await book(member, slots[0].start);
    const [booking] = await bookingsOf(member.memberId);
    return { member, booking, slots };
  }

  it("shows on its page, on /coaching and on the overview's week", async () => {
    const { member, booking } = await booked();
    const page = await dataOf<{
      session: { date: string; time: string; zone: string; meetingUrl: string; changeable: boolean };
    }>(await getAs(sessionLoader, `/coaching/sessions/${booking.id}?booked`, member, { id: booking.id }));
    expect(page.session).toMatchObject({
      meetingUrl: booking.meetingUrl,
      changeable: true,
      zone: expect.stringMatching(/^Paris \(UTC\+[12]\)$/),
    });
    expect(page.session.time).toMatch(/^\d\d:\d\d–\d\d:\d\d$/);

    const list = await dataOf<{ upcoming: { id: string }[] }>(await getAs(coachingLoader, "/coaching", member));
    expect(list.upcoming.map((s) => s.id)).toEqual([booking.id]);

    const day = new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/Paris" }).format(booking.startsAt);
    const overview = await dataOf<{ week: { days: { day: string; appointments: { id: string; coach: string }[] }[] } }>(
      await getAs(overviewLoader, `/?week=${day}`, member),
    );
    expect(overview.week.days.find((d) => d.day === day)?.appointments).toEqual([
      expect.objectContaining({ id: booking.id, coach: "Claire Moreau" }),
    ]);
  });

  it("is reachable by its member only", async () => {
    const { booking } = await booked();
    const other = await verifiedMember({ email: "paul@example.com" });
    expect(statusOf(await getAs(sessionLoader, `/coaching/sessions/${booking.id}`, other, { id: booking.id }))).toBe(
      404,
    );
    expect(statusOf(await postOnSession(other, booking.id, { intent: "cancel" }))).toBe(404);
    expect(statusOf(await book(other, new Date(Date.now() + 5 * DAY), { reschedule: booking.id }))).toBe(404);
    expect((await db().select().from(coachingBookings).where(eq(coachingBookings.id, booking.id)))[0].status).toBe(
      "confirmed",
    );
  });

  it("moves to another time: the old one is free again, both get the updated invitation, reminders follow", async () => {
    const { member, booking, slots } = await booked();
    const target = slots[3];
    const moved = await book(member, target.start, { reschedule: booking.id });
    expect(headerOf(moved, "Location")).toBe(`/coaching/sessions/${booking.id}?moved`);
    const [row] = await bookingsOf(member.memberId);
    expect(row).toMatchObject({ startsAt: target.start, sequence: 1, status: "confirmed" });

    const free = await laterSlots();
    expect(free.some((s) => s.start.getTime() === slots[0].start.getTime())).toBe(true);
    expect(free.some((s) => s.start.getTime() === target.start.getTime())).toBe(false);

    const mails = await mailsTo(member.email);
    const news = mails.find((m) => m.subject.startsWith("Séance découverte déplacée"))!;
    expect(news.text).toContain("Ancien horaire");
    const invite = calendarOf(news.attachments[0].content);
    expect(invite.event.sequence).toBe(1);
    expect(invite.event.startDate.toJSDate()).toEqual(target.start);
    // The first reminders are withdrawn; new ones wait for the new time.
    const reminders = mails.filter((m) => m.subject.startsWith("Rappel"));
    expect(reminders.map((m) => m.nextAttemptAt)).toEqual([new Date(target.start.getTime() - DAY)]);
    expect(row.reminderMailIds).toHaveLength(2);
  });

  it("is cancelled by its member: the time is free again and both are told with a CANCEL invitation", async () => {
    const { member, booking, slots } = await booked();
    const cancelled = await postOnSession(member, booking.id, { intent: "cancel" });
    expect(headerOf(cancelled, "Location")).toBe(`/coaching/sessions/${booking.id}?cancelled`);
    const [row] = await bookingsOf(member.memberId);
    expect(row).toMatchObject({ status: "cancelled", cancelledBy: "member", reminderMailIds: [] });
    expect((await laterSlots()).some((s) => s.start.getTime() === slots[0].start.getTime())).toBe(true);

    for (const to of [member.email, claireEmail]) {
      const mails = await mailsTo(to);
      const news = mails.find((m) => /annulée/.test(m.subject))!;
      expect(calendarOf(news.attachments[0].content)).toMatchObject({ method: "CANCEL", status: "CANCELLED" });
      expect(mails.filter((m) => m.subject.startsWith("Rappel"))).toEqual([]);
    }
    const again = await postOnSession(member, booking.id, { intent: "cancel" });
    expect(statusOf(again)).toBe(409);
  });

  it("is cancelled by the coach through the private link of their email", async () => {
    const { member } = await booked();
    const confirmation = (await mailsTo(claireEmail)).find((m) => m.subject.startsWith("Séance découverte confirmée"))!;
    const link = /\/coach\/session\/([\w-]{43})/.exec(confirmation.text)![1];
    const request = (method: string) =>
      buildRequest(`/coach/session/${link}`, { method, form: method === "POST" ? {} : undefined });
    const page = await dataOf<{ memberName: string; session: { changeable: boolean } }>(
      await callWith(coachLinkLoader, request("GET"), { params: { token: link } }),
    );
    expect(page).toMatchObject({ memberName: "Marie Curie", session: { changeable: true } });
    expect(statusOf(await callWith(coachLinkAction, request("POST"), { params: { token: link } }))).toBe(303);
    expect((await bookingsOf(member.memberId))[0]).toMatchObject({ status: "cancelled", cancelledBy: "coach" });
    const news = (await mailsTo(member.email)).find((m) => m.subject === "Séance découverte annulée");
    expect(news?.text).toContain("Claire Moreau a dû annuler votre séance découverte.");
    expect(
      statusOf(
        await callWith(coachLinkLoader, buildRequest("/coach/session/not-a-token"), {
          params: { token: "not-a-token" },
        }),
      ),
    ).toBe(404);
  });
});

describe("an account deleted with a session ahead", () => {
  it("cancels the session first: the coach is told and the time is free again", async () => {
    const member = await verifiedMember();
    const [slot] = await laterSlots();
    await book(member, slot.start);
    const signedIn = (await whoami(member.token))!;
    expect(await deleteAccount(signedIn, member.email, member.password)).toEqual({ ok: true });
    expect((await mailsTo(claireEmail)).some((m) => m.subject === "Séance découverte annulée")).toBe(true);
    expect(await mailsTo(member.email)).toEqual([]);
    expect((await laterSlots()).some((s) => s.start.getTime() === slot.start.getTime())).toBe(true);
  });
});

describe("time zones across daylight-saving changes", () => {
  const newYorker: Omit<Booker, "id"> = { firstname: "Ann", lastname: "Lee", email: "ann@example.com", lang: "en" };

  it("dates a Paris coach's 09:00 at 04:00 in New York while only the US has changed, 03:00 after Europe follows", async () => {
    const member = await verifiedMember({ email: newYorker.email });
    const coach = await claire();
    // Monday 2027-03-22: New York on EDT (since 2027-03-14), Paris still on CET (until 2027-03-28).
    const now = new Date("2027-03-10T12:00:00Z");
    const before = await freeSlotsOf(coach, new Date("2027-03-22T00:00:00Z"), new Date("2027-03-23T00:00:00Z"), {
      now,
    });
    expect(before[0].start.toISOString()).toBe("2027-03-22T08:00:00.000Z");
    const outcome = await bookSession(
      { ...newYorker, id: member.memberId },
      { coachSlug: "claire-moreau", start: before[0].start, timeZone: "America/New_York", fromPath: null },
      now,
    );
    expect(outcome.ok).toBe(true);
    const mails = await mailsTo(newYorker.email);
    expect(mails.find((m) => m.subject.startsWith("Discovery session confirmed"))?.text).toContain(
      "04:00–04:45, New York (UTC−4)",
    );
    expect((await mailsTo(claireEmail))[0].text).toContain("09:00–09:45, Paris (UTC+1)");

    // Monday 2027-03-29, the day after Paris moved to CEST: 09:00 Paris is 07:00Z, 03:00 in New York.
    const after = await freeSlotsOf(coach, new Date("2027-03-29T00:00:00Z"), new Date("2027-03-30T00:00:00Z"), { now });
    expect(after[0].start.toISOString()).toBe("2027-03-29T07:00:00.000Z");
  });

  it("keeps a New York coach's 08:00 across the US change of 2026-11-01 (12:00 UTC, then 13:00 UTC)", async () => {
    const coach = (await coachOf("sarah-collins"))!;
    const now = new Date("2026-10-20T12:00:00Z");
    const thu = await freeSlotsOf(coach, new Date("2026-10-29T00:00:00Z"), new Date("2026-10-30T00:00:00Z"), { now });
    const mon = await freeSlotsOf(coach, new Date("2026-11-02T00:00:00Z"), new Date("2026-11-03T00:00:00Z"), { now });
    expect(thu[0].start.toISOString()).toBe("2026-10-29T12:00:00.000Z");
    expect(mon[0].start.toISOString()).toBe("2026-11-02T13:00:00.000Z");
  });
});
