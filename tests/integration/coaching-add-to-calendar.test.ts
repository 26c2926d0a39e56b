import ICAL from "ical.js";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { db } from "~/.server/db/client.server";
import { coachingBookings } from "~/.server/db/schema.server";
import { loader as sessionLoader } from "~/routes/_default.coaching.sessions.$id";
import { loader as icsLoader } from "~/routes/_default.coaching.sessions.$id_.invite[.]ics";
import { mailsTo, type TestMember, verifiedMember } from "../support/accounts";
import { bookClaireAt, claireSlots, postOnSession } from "../support/coaches";
import { buildRequest, callWith, dataOf, getAs, headerOf, statusOf } from "../support/http";

/**
 * The session page's "Add to my calendar": the invitation the latest mail attached, to download
 * (its member only), and the web calendars' links with the session's times in UTC.
 */
type CalendarLinks = { ics: string; google: string; outlook: string };

async function booked(tz = "Asia/Tokyo") {
  const member = await verifiedMember();
  const slots = await claireSlots();
  await bookClaireAt(member, slots[0].start, { tz });
  const [booking] = await db().select().from(coachingBookings).where(eq(coachingBookings.memberId, member.memberId));
  return { member, booking, slots };
}

const pathOf = (id: string) => `/coaching/sessions/${id}/invite.ics`;
const download = (who: TestMember | undefined, id: string) => getAs(icsLoader, pathOf(id), who, { id });
const linksOf = async (member: TestMember, id: string) =>
  (
    await dataOf<{ calendar: CalendarLinks | null }>(
      await getAs(sessionLoader, `/coaching/sessions/${id}`, member, { id }),
    )
  ).calendar;

function eventOf(ics: string) {
  const calendar = new ICAL.Component(ICAL.parse(ics));
  for (const zone of calendar.getAllSubcomponents("vtimezone")) ICAL.TimezoneService.register(new ICAL.Timezone(zone));
  return {
    method: calendar.getFirstPropertyValue("method"),
    event: new ICAL.Event(calendar.getFirstSubcomponent("vevent")!),
  };
}

/** The file without its DTSTAMP, the moment it was made. */
const withoutStamp = (ics: string) => ics.replace(/^DTSTAMP:.*\r\n/m, "");

/** YYYYMMDDTHHMMSSZ. */
const basicUtc = (date: Date) => `${date.toISOString().slice(0, 19).replace(/[-:]/g, "")}Z`;

describe("adding a session to a calendar", () => {
  it("downloads the latest mail's invitation: the session's times in UTC, its UID, the SEQUENCE after a move", async () => {
    const { member, booking, slots } = await booked();
    const page = await linksOf(member, booking.id);
    expect(page?.ics).toBe(pathOf(booking.id));

    const first = await download(member, booking.id);
    expect(statusOf(first)).toBe(200);
    const answer = first as Response;
    expect(answer.headers.get("Content-Type")).toMatch(/^text\/calendar; charset=utf-8/);
    expect(answer.headers.get("Content-Disposition")).toBe('attachment; filename="cap-session.ics"');
    expect(answer.headers.get("Cache-Control")).toBe("private, no-store");
    const ics = await answer.text();
    const { method, event } = eventOf(ics);
    expect(method).toBe("REQUEST");
    expect(event.uid).toBe(`${booking.id}@cap`);
    expect(event.sequence).toBe(0);
    expect(event.startDate.toJSDate()).toEqual(booking.startsAt);
    expect(event.endDate.toJSDate()).toEqual(booking.endsAt);
    expect(event.location).toBe(booking.meetingUrl);
    // The very invitation the confirmation attached, made again.
    const confirmation = (await mailsTo(member.email)).find((m) =>
      m.subject.startsWith("Séance découverte confirmée"),
    )!;
    expect(withoutStamp(ics)).toBe(withoutStamp(confirmation.attachments[0].content));

    // Moved: the download follows the move's mail, so a calendar that has the event updates it.
    const target = slots[3];
    await bookClaireAt(member, target.start, { tz: "Asia/Tokyo", form: { reschedule: booking.id } });
    const moved = await (download(member, booking.id) as Promise<Response>).then((reply) => reply.text());
    const after = eventOf(moved).event;
    expect(after.uid).toBe(`${booking.id}@cap`);
    expect(after.sequence).toBe(1);
    expect(after.startDate.toJSDate()).toEqual(target.start);
    const news = (await mailsTo(member.email)).find((m) => m.subject.startsWith("Séance découverte déplacée"))!;
    expect(withoutStamp(moved)).toBe(withoutStamp(news.attachments[0].content));
  });

  it("links Google Calendar and Outlook.com to the session's times in UTC, with the web-conference link", async () => {
    const { member, booking } = await booked();
    const links = (await linksOf(member, booking.id))!;
    const google = new URL(links.google);
    expect(google.origin + google.pathname).toBe("https://calendar.google.com/calendar/render");
    expect(google.searchParams.get("action")).toBe("TEMPLATE");
    expect(google.searchParams.get("dates")).toBe(`${basicUtc(booking.startsAt)}/${basicUtc(booking.endsAt)}`);
    expect(google.searchParams.get("text")).toBe("Séance découverte Cap : Marie et Claire Moreau");
    expect(google.searchParams.get("details")).toContain(booking.meetingUrl);
    expect(google.searchParams.get("location")).toBe(booking.meetingUrl);

    const outlook = new URL(links.outlook);
    expect(outlook.origin + outlook.pathname).toBe("https://outlook.live.com/calendar/0/deeplink/compose");
    expect(new Date(outlook.searchParams.get("startdt")!)).toEqual(booking.startsAt);
    expect(new Date(outlook.searchParams.get("enddt")!)).toEqual(booking.endsAt);
    expect(outlook.searchParams.get("subject")).toBe(google.searchParams.get("text"));
    expect(outlook.searchParams.get("body")).toContain(booking.meetingUrl);
    expect(outlook.searchParams.get("location")).toBe(booking.meetingUrl);
  });

  it("gives the invitation to the session's member only: another member's 404, a visitor signs in first", async () => {
    const { booking } = await booked();
    const other = await verifiedMember({ email: "paul@example.com" });
    expect(statusOf(await download(other, booking.id))).toBe(404);
    expect(statusOf(await download(other, "not-a-session"))).toBe(404);

    const visitor = await callWith(icsLoader, buildRequest(pathOf(booking.id)), { params: { id: booking.id } });
    expect(statusOf(visitor)).toBe(302);
    expect(headerOf(visitor, "Location")).toBe(`/home/login?redirect_after=${encodeURIComponent(pathOf(booking.id))}`);
  });

  it("offers nothing for a cancelled session: its cancellation mail already took it off calendars", async () => {
    const { member, booking } = await booked();
    await postOnSession(member, booking.id, { intent: "cancel" });
    expect(await linksOf(member, booking.id)).toBeNull();
    expect(statusOf(await download(member, booking.id))).toBe(404);
  });
});
