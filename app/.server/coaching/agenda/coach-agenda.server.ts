import { photoUrlsOf } from "~/.server/media/photo.server";
import { and, asc, count, desc, eq, gt, gte, lte, or } from "drizzle-orm";
import { z } from "zod";
import { DAY_MS } from "~/.server/calendar/days.server";
import { db } from "~/.server/db/client.server";
import { appUsers, coaches, coachingBookings } from "~/.server/db/schema.server";
import { queueMail } from "~/.server/mail/outbox.server";
import { mailQuotaKey } from "~/.server/rate-limit/mail-quota-key.server";
import { releaseSlots, trySlots } from "~/.server/rate-limit/rate-limit.server";
import { coachAgendaMail } from "../sessions/mail-templates.server";
import type { Language } from "~/i18n/config";
import { agendaPath, coachLanguage } from "./agenda-link.server";
import { type Coach, confirmedSessionsOf } from "../booking-records.server";
import { cancelSessionOfCoach } from "../booking/cancellations.server";
import type { SessionAudit } from "../booking/changeable-session.server";
import { feedIcs } from "../sessions/ics.server";
import { sessionCard } from "../sessions/session-views.server";

/**
 * A coach's agenda behind their private link: upcoming and past sessions in the coach's zone,
 * cancelling one with a reason, renewing the link, and the .ics feed of their sessions.
 */
export const AGENDA_PAGE_SIZE = 20;
/** Pages beyond this are no agenda anyone reads: the number is bounded, like every caller's input. */
const MAX_PAGE = 500;
export const CANCEL_REASON_LENGTH = 500;

/** A page number from the query string: 1 for anything that is not a sane positive integer. */
export function pageNumber(value: string | null): number {
  const page = value && /^\d{1,4}$/.test(value) ? Number(value) : 1;
  return Math.min(Math.max(page, 1), MAX_PAGE);
}

type AgendaRow = {
  booking: typeof coachingBookings.$inferSelect;
  firstname: string;
  lastname: string;
  memberId: string;
};

async function sessionsPage(
  coach: Coach,
  upcoming: boolean,
  page: number,
  now: Date,
  limit: number = AGENDA_PAGE_SIZE,
): Promise<{ rows: AgendaRow[]; pages: number; total: number }> {
  const where = upcoming
    ? confirmedSessionsOf({ coachId: coach.id }, gt(coachingBookings.endsAt, now))
    : and(
        eq(coachingBookings.coachId, coach.id),
        or(eq(coachingBookings.status, "cancelled"), lte(coachingBookings.endsAt, now)),
      );
  const [rows, [{ total }]] = await Promise.all([
    db()
      .select({
        booking: coachingBookings,
        firstname: appUsers.firstname,
        lastname: appUsers.lastname,
        memberId: appUsers.id,
      })
      .from(coachingBookings)
      .innerJoin(appUsers, eq(appUsers.id, coachingBookings.memberId))
      .where(where)
      .orderBy(upcoming ? asc(coachingBookings.startsAt) : desc(coachingBookings.startsAt))
      .limit(limit)
      .offset((page - 1) * limit),
    db().select({ total: count() }).from(coachingBookings).where(where),
  ]);
  return { rows: rows as AgendaRow[], pages: Math.max(1, Math.ceil(total / limit)), total };
}

/**
 * A page of the coach's upcoming sessions (soonest first) or of their past and cancelled ones
 * (latest first), each with its member's name: the API's list (GET /api/coach/sessions).
 */
export async function coachSessionsPage(
  coach: Coach,
  { upcoming, page, limit }: { upcoming: boolean; page: number; limit: number },
  now = new Date(),
) {
  const { rows, total } = await sessionsPage(coach, upcoming, page, now, limit);
  return {
    total,
    sessions: rows.map((row) => ({ ...row.booking, coach, memberName: `${row.firstname} ${row.lastname}`.trim() })),
  };
}

/** What the agenda page shows: both lists, each a page at a time, every time in the coach's zone. */
export async function agendaOf(
  coach: Coach,
  { lang, upcomingPage, pastPage }: { lang: Language; upcomingPage: number; pastPage: number },
  now = new Date(),
) {
  const [upcoming, past] = await Promise.all([
    sessionsPage(coach, true, upcomingPage, now),
    sessionsPage(coach, false, pastPage, now),
  ]);
  // The members' photos beside their names (initials for those without one).
  const photos = await photoUrlsOf([...upcoming.rows, ...past.rows].map((row) => row.memberId));
  const card = (row: AgendaRow) => ({
    ...sessionCard({ ...row.booking, coach }, lang, now, coach.timeZone),
    memberName: `${row.firstname} ${row.lastname}`.trim(),
    photo: photos.get(row.memberId) ?? null,
  });
  return {
    upcoming: {
      sessions: upcoming.rows.map(card),
      page: Math.min(upcomingPage, upcoming.pages),
      pages: upcoming.pages,
    },
    past: { sessions: past.rows.map(card), page: Math.min(pastPage, past.pages), pages: past.pages },
  };
}

/** The agenda's cancel form: the session, and the reason the member is given. */
export const agendaCancelSchema = z.object({
  booking: z.string({ required_error: "coaching:errors.notFound" }).uuid("coaching:errors.notFound"),
  reason: z.string().trim().max(CANCEL_REASON_LENGTH, "coaching:agenda.errors.reasonTooLong").optional(),
});

/** Cancels one of the coach's sessions (anyone else's: notFound); the member receives the reason. */
export function cancelFromAgenda(
  coach: Coach,
  bookingId: string,
  reason: string | undefined,
  audit?: SessionAudit,
  now = new Date(),
) {
  return cancelSessionOfCoach(coach.id, bookingId, reason ? reason : null, now, audit);
}

/**
 * Each renewal mails the coach: 3 a day per coach address (case and
 * sub-addresses folded), 10 an hour per client address. A stranger holding a leaked link can
 * spend one at most: the renewal kills the link they hold.
 */
export const AGENDA_RENEWALS_PER_COACH_PER_DAY = 3;
export const AGENDA_RENEWALS_PER_IP_PER_HOUR = 10;

/**
 * A new link for the coach, asked from client address `ip`: the generation goes up (every older
 * link and feed stops working) and the new link goes to the coach's address only, so whoever
 * holds an old link does not get it. False when a quota is full: nothing changes.
 */
export async function renewAgendaLink(coach: Coach, ip: string): Promise<boolean> {
  return db().transaction(async (tx) => {
    const taken = await trySlots(
      [
        {
          bucket: "agenda-renewal-coach",
          key: mailQuotaKey(coach.email),
          max: AGENDA_RENEWALS_PER_COACH_PER_DAY,
          windowMs: DAY_MS,
        },
        { bucket: "agenda-renewal-ip", key: ip, max: AGENDA_RENEWALS_PER_IP_PER_HOUR, windowMs: 60 * 60 * 1000 },
      ],
      tx,
    );
    if (!taken.ok) return false;
    const [renewed] = await tx
      .update(coaches)
      .set({ agendaGeneration: coach.agendaGeneration + 1 })
      .where(and(eq(coaches.id, coach.id), eq(coaches.agendaGeneration, coach.agendaGeneration)))
      .returning();
    // Renewed meanwhile by another click: that one sent the mail (and counts).
    if (!renewed) {
      await releaseSlots(taken.ids, tx);
      return true;
    }
    await queueMail(
      tx,
      coachAgendaMail(coachLanguage(renewed), renewed.email, {
        firstname: renewed.name.split(" ")[0],
        link: agendaPath(renewed),
      }),
    );
    return true;
  });
}

/** How far back the feed goes: recent sessions stay in the calendar, old ones are not sent again and again. */
const FEED_PAST_DAYS = 90;
const FEED_MAX_EVENTS = 500;

/** The .ics feed: the coach's sessions from 90 days ago on, in their zone, cancelled ones marked so. */
export async function agendaFeed(coach: Coach, now = new Date()) {
  const rows = await db()
    .select({ booking: coachingBookings, firstname: appUsers.firstname, lastname: appUsers.lastname })
    .from(coachingBookings)
    .innerJoin(appUsers, eq(appUsers.id, coachingBookings.memberId))
    .where(
      and(
        eq(coachingBookings.coachId, coach.id),
        gte(coachingBookings.startsAt, new Date(now.getTime() - FEED_PAST_DAYS * DAY_MS)),
      ),
    )
    .orderBy(asc(coachingBookings.startsAt))
    .limit(FEED_MAX_EVENTS);
  const lang = coachLanguage(coach);
  return feedIcs(
    lang === "fr" ? `Cap : séances de ${coach.name}` : `Cap: ${coach.name}'s sessions`,
    coach.timeZone,
    rows.map(({ booking, firstname, lastname }) => {
      const memberName = `${firstname} ${lastname}`.trim();
      return {
        uid: `${booking.id}@cap`,
        sequence: booking.sequence,
        start: booking.startsAt,
        end: booking.endsAt,
        summary: lang === "fr" ? `Séance découverte Cap : ${memberName}` : `Cap discovery session: ${memberName}`,
        description: booking.status === "confirmed" ? booking.meetingUrl : "",
        location: booking.status === "confirmed" ? booking.meetingUrl : "",
        url: booking.status === "confirmed" ? booking.meetingUrl : "",
        stamp: booking.updatedAt,
        cancelled: booking.status === "cancelled",
      };
    }),
  );
}
