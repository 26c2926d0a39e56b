import { env } from "~/.server/config/env.server";
import type { Language } from "~/i18n/config";
import type { Booking, BookingWithCoach, Coach } from "../booking-records.server";
import { type CalendarEvent, invitationIcs } from "./ics.server";

/**
 * A session as a calendar event: the one its mails attach, and the one the member's session page
 * offers to download or to open in a web calendar. One builder, so that the download carries the
 * latest mail's UID and SEQUENCE and a calendar that already has the event updates it.
 */

/** Who the event names beside the coach: the session's member. */
export type EventMember = { firstname: string; lastname: string; email: string };

/** The address of MAIL_FROM ("Cap <no-reply@cap.example>" → no-reply@cap.example). */
function senderAddress(): string {
  const from = env().MAIL_FROM;
  return /<([^>]+)>/.exec(from)?.[1] ?? from;
}

/** The booking as an event written in `timeZone`, its summary in `lang`, stamped `stamp`. */
export function sessionEvent(
  booking: Booking,
  coach: Coach,
  member: EventMember,
  timeZone: string,
  lang: Language,
  stamp: Date,
): CalendarEvent {
  return {
    uid: `${booking.id}@cap`,
    sequence: booking.sequence,
    start: booking.startsAt,
    end: booking.endsAt,
    timeZone,
    summary:
      lang === "fr"
        ? `Séance découverte Cap : ${member.firstname} et ${coach.name}`
        : `Cap discovery session: ${member.firstname} and ${coach.name}`,
    description: booking.meetingUrl,
    location: booking.meetingUrl,
    url: booking.meetingUrl,
    // Cap organises; member and coach are both guests (a coach as organiser would be asked to answer their own invitation).
    organizer: { name: "Cap", email: senderAddress() },
    attendees: [
      { name: `${member.firstname} ${member.lastname}`.trim(), email: member.email },
      { name: coach.name, email: coach.email },
    ],
    stamp,
  };
}

/** The member's side of a session as their mails have it: in its booked zone and language. */
function membersEvent(session: BookingWithCoach, member: EventMember, now: Date): CalendarEvent {
  return sessionEvent(session, session.coach, member, session.timeZone, session.lang, now);
}

/** The invitation the member's latest confirmation or move mail attached, made afresh. */
export function memberInvitation(session: BookingWithCoach, member: EventMember, now = new Date()): string {
  return invitationIcs(membersEvent(session, member, now));
}

/** YYYYMMDDTHHMMSSZ, the form Google Calendar's dates take. */
function basicUtc(date: Date): string {
  return `${date.toISOString().slice(0, 19).replace(/[-:]/g, "")}Z`;
}

/**
 * The session as links that open a web calendar's new-event form already filled in: the dates in
 * UTC, the web-conference link as its place and in its notes.
 */
export function webCalendarLinks(session: BookingWithCoach, member: EventMember, now = new Date()) {
  const event = membersEvent(session, member, now);
  const google = new URL("https://calendar.google.com/calendar/render");
  google.search = new URLSearchParams({
    action: "TEMPLATE",
    text: event.summary,
    dates: `${basicUtc(event.start)}/${basicUtc(event.end)}`,
    details: event.description,
    location: event.location,
  }).toString();
  const outlook = new URL("https://outlook.live.com/calendar/0/deeplink/compose");
  outlook.search = new URLSearchParams({
    path: "/calendar/action/compose",
    rru: "addevent",
    subject: event.summary,
    startdt: event.start.toISOString(),
    enddt: event.end.toISOString(),
    body: event.description,
    location: event.location,
  }).toString();
  return { google: google.toString(), outlook: outlook.toString() };
}
