import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { db } from "~/.server/db/client.server";
import { coachingBookings } from "~/.server/db/schema.server";
import { loader as coachLoader } from "~/routes/_default.coaching.$coach_slug/route";
import { loader as sessionLoader } from "~/routes/_default.coaching.sessions.$id";
import { mailsTo, verifiedMember } from "../support/accounts";
import { bookClaireAt, claireSlots } from "../support/coaches";
import { dataOf, getAs, headerOf, statusOf } from "../support/http";

/**
 * What booking tells a member is true: a session keeps the zone it was booked in, on its page
 * and in every mail, with the member's own zone beside it; a mail offers a move or a cancel only
 * when the page allows it then; and the booking page of a coach the member already has a session
 * with moves that session.
 */
const time = (instant: Date, timeZone: string) =>
  new Intl.DateTimeFormat("fr", { timeZone, hour: "2-digit", minute: "2-digit" }).format(instant);
const day = (instant: Date, timeZone: string) => new Intl.DateTimeFormat("en-CA", { timeZone }).format(instant);

/** One of Claire's times three days on or later that falls on the same day in Tokyo and in Paris. */
async function sameDayInTokyo() {
  const slot = (await claireSlots()).find((each) => day(each.start, "Asia/Tokyo") === day(each.start, "Europe/Paris"));
  if (!slot) throw new Error("no time of Claire's on the same day in Tokyo and Paris");
  return slot.start;
}

async function bookingOf(memberId: string) {
  const [booking] = await db().select().from(coachingBookings).where(eq(coachingBookings.memberId, memberId));
  return booking;
}

describe("a session booked in another zone than the member's", () => {
  it("keeps that zone on its page and in its mails, the member's own beside it, in French and in English", async () => {
    const start = await sameDayInTokyo();
    const both = (at: string) =>
      `${time(start, "Asia/Tokyo")} ${at} Tokyo · ${time(start, "Europe/Paris")} ${at} Paris`;

    const french = await verifiedMember();
    expect(statusOf(await bookClaireAt(french, start, { tz: "Asia/Tokyo" }))).toBe(303);
    const booking = await bookingOf(french.memberId);
    expect(booking.timeZone).toBe("Asia/Tokyo");
    const page = await dataOf<{ session: { time: string; zone: string; alsoAt: string } }>(
      await getAs(sessionLoader, `/coaching/sessions/${booking.id}?booked`, french, { id: booking.id }),
    );
    expect(page.session.time.slice(0, 5)).toBe(time(start, "Asia/Tokyo"));
    expect(page.session.zone).toBe("Tokyo (UTC+9)");
    expect(page.session.alsoAt).toBe(both("à"));
    const mails = (await mailsTo(french.email)).filter((mail) => /^(Rappel|Séance)/.test(mail.subject));
    expect(mails.map((mail) => mail.subject.split(" :")[0]).sort()).toEqual(["Rappel", "Séance découverte confirmée"]);
    for (const mail of mails) {
      expect(mail.text).toContain("Tokyo (UTC+9)");
      expect(mail.text).toContain(both("à"));
    }

    const english = await verifiedMember({ email: "john@example.com" });
    const [, later] = (await claireSlots()).filter(
      (each) => day(each.start, "Asia/Tokyo") === day(each.start, "Europe/Paris"),
    );
    expect(statusOf(await bookClaireAt(english, later.start, { tz: "Asia/Tokyo", lang: "en" }))).toBe(303);
    const confirmation = (await mailsTo(english.email)).find((mail) => mail.subject.startsWith("Discovery session"))!;
    expect(confirmation.text).toContain(
      `${time(later.start, "Asia/Tokyo")} in Tokyo · ${time(later.start, "Europe/Paris")} in Paris`,
    );
  });

  it("is told in one zone only when the member's own zone reads the same time", async () => {
    const member = await verifiedMember();
    const [slot] = await claireSlots();
    expect(statusOf(await bookClaireAt(member, slot.start, { tz: "Europe/Brussels" }))).toBe(303);
    const booking = await bookingOf(member.memberId);
    const page = await dataOf<{ session: { zone: string; alsoAt: string | null } }>(
      await getAs(sessionLoader, `/coaching/sessions/${booking.id}`, member, { id: booking.id }),
    );
    expect(page.session.zone).toMatch(/^\S+ \(UTC\+[12]\)$/);
    expect(page.session.alsoAt).toBeNull();
    for (const mail of await mailsTo(member.email)) expect(mail.text).not.toContain(" à Paris");
  });
});

describe("mails offer what the session page allows when they are read", () => {
  it("the confirmation offers a move or a cancel until the notice; the reminder, inside Claire's 24 h notice, how to write to her", async () => {
    const member = await verifiedMember();
    const [slot] = await claireSlots();
    expect(statusOf(await bookClaireAt(member, slot.start))).toBe(303);
    const mails = await mailsTo(member.email);
    const confirmation = mails.find((mail) => mail.subject.startsWith("Séance découverte confirmée"))!;
    const reminder = mails.find((mail) => mail.subject.startsWith("Rappel"))!;
    const deadline = new Date(slot.start.getTime() - 24 * 3600_000);
    expect(confirmation.text).toContain(`vous-même jusqu’au `);
    expect(confirmation.text).toContain(` à ${time(deadline, "Europe/Paris")} :`);
    expect(confirmation.html).toContain("Déplacer ou annuler");
    // Sent 24 h before: Claire's notice has begun, the page offers neither.
    expect(reminder.text).toContain("Le délai de prévenance de Claire Moreau est de 24 h");
    expect(reminder.text).toContain("écrivez à Claire Moreau : claire.moreau@coachs.cap.example");
    expect(reminder.html).not.toContain("Déplacer ou annuler");
    expect(reminder.text).not.toMatch(/vous pouvez déplacer ou annuler/i);
  });
});

describe("the booking page of a coach the member already has a session with", () => {
  it("moves that session, in the zone it was booked in; a post from an older page leads to moving it there", async () => {
    const member = await verifiedMember();
    const [slot, , other] = await claireSlots();
    expect(statusOf(await bookClaireAt(member, slot.start, { tz: "Asia/Tokyo" }))).toBe(303);
    const booking = await bookingOf(member.memberId);

    const page = await dataOf<{
      title: string;
      query: { reschedule: string | null; timeZone: string };
      moving: { id: string; already: boolean } | null;
    }>(await getAs(coachLoader, "/coaching/claire-moreau", member, { coach_slug: "claire-moreau" }));
    const dayWords = new Intl.DateTimeFormat("fr", {
      weekday: "long",
      day: "numeric",
      month: "long",
      timeZone: "Asia/Tokyo",
    }).format(slot.start);
    expect(page.title).toBe(`Déplacer ma séance du ${dayWords.replace(/^(\S+) 1 /, "$1 1er ")}`);
    expect(page.query).toMatchObject({ reschedule: booking.id, timeZone: "Asia/Tokyo" });
    expect(page.moving).toEqual({ id: booking.id, already: true, when: expect.stringContaining("Tokyo (UTC+9)") });

    // The booking form of a page read before the session was booked: the same time, to move it to.
    const answer = await bookClaireAt(member, other.start, { tz: "Europe/Paris" });
    expect(statusOf(answer)).toBe(303);
    const location = new URL(headerOf(answer, "Location") ?? "", "http://cap.test");
    expect(location.pathname).toBe("/coaching/claire-moreau");
    expect(Object.fromEntries(location.searchParams)).toEqual({
      tz: "Europe/Paris",
      day: day(other.start, "Europe/Paris"),
      start: other.start.toISOString(),
      reschedule: booking.id,
    });
    expect(location.hash).toBe("#confirm");
    const moving = await dataOf<{ calendar: { chosen: { start: string } | null } }>(
      await getAs(coachLoader, `${location.pathname}${location.search}`, member, { coach_slug: "claire-moreau" }),
    );
    expect(moving.calendar.chosen?.start).toBe(other.start.toISOString());
    // Still one session, where it was.
    expect(await bookingOf(member.memberId)).toMatchObject({ id: booking.id, startsAt: slot.start });
  });
});
