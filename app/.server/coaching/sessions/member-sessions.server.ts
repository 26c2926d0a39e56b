import { and, asc, count, desc, eq, gt, gte, lt, lte, ne, or, type SQL } from "drizzle-orm";
import { db } from "~/.server/db/client.server";
import { coaches, coachingBookings, appUsers } from "~/.server/db/schema.server";
import { isUuid } from "~/.server/db/uuid.server";
import { MAX_LIMIT, type PageRequest, readPage, type Window } from "~/.server/paging/paging.server";
import { sha256 } from "~/.server/secrets/tokens.server";
import { type BookingWithCoach, confirmedSessionsOf } from "../booking-records.server";

/** A member's sessions as their pages and the overview read them, and the session behind a coach's link. */
/** The session behind a coach's private link, with its member's name. */
export async function sessionOfCoachToken(token: string) {
  const [row] = await db()
    .select()
    .from(coachingBookings)
    .innerJoin(coaches, eq(coaches.id, coachingBookings.coachId))
    .innerJoin(appUsers, eq(appUsers.id, coachingBookings.memberId))
    .where(eq(coachingBookings.coachTokenHash, sha256(token)));
  return row
    ? {
        session: { ...row.coaching_bookings, coach: row.coaches },
        memberName: `${row.app_users.firstname} ${row.app_users.lastname}`,
      }
    : null;
}

/** One of the member's sessions (anyone else's id: null). */
export async function sessionOf(memberId: string, id: string): Promise<BookingWithCoach | null> {
  if (!isUuid(id)) return null;
  const [row] = await db()
    .select()
    .from(coachingBookings)
    .innerJoin(coaches, eq(coaches.id, coachingBookings.coachId))
    .where(and(eq(coachingBookings.id, id), eq(coachingBookings.memberId, memberId)));
  return row ? { ...row.coaching_bookings, coach: row.coaches } : null;
}

/** The member's sessions: upcoming ones first in time order, then the past and cancelled, latest first. */
export async function sessionsOf(
  memberId: string,
  now = new Date(),
  pastPage: PageRequest = { page: 1, limit: MAX_LIMIT },
  options: { settle: boolean } = { settle: true },
) {
  // Upcoming ones are all shown (one confirmed session a coach at most); the past grows: a page of it.
  const upcoming = confirmedSessionsOf({ memberId }, gt(coachingBookings.endsAt, now));
  const past = and(
    eq(coachingBookings.memberId, memberId),
    or(ne(coachingBookings.status, "confirmed"), lte(coachingBookings.endsAt, now)),
  );
  const read = (where: SQL | undefined, order: SQL[], window?: Window) => {
    const query = db()
      .select()
      .from(coachingBookings)
      .innerJoin(coaches, eq(coaches.id, coachingBookings.coachId))
      .where(where)
      .orderBy(...order);
    return (window ? query.limit(window.limit).offset(window.offset) : query).then((rows) =>
      rows.map((row) => ({ ...row.coaching_bookings, coach: row.coaches })),
    );
  };
  const [soon, earlier] = await Promise.all([
    read(upcoming, [asc(coachingBookings.startsAt)]),
    readPage(
      pastPage,
      async () => (await db().select({ count: count() }).from(coachingBookings).where(past))[0].count,
      (window) => read(past, [desc(coachingBookings.startsAt), desc(coachingBookings.id)], window),
      options,
    ),
  ]);
  return { upcoming: soon, past: earlier.items, pastPage: earlier.page };
}

/** The member's confirmed sessions starting in [from, to) (the overview's week). */
export async function confirmedSessionsBetween(memberId: string, from: Date, to: Date) {
  const rows = await db()
    .select()
    .from(coachingBookings)
    .innerJoin(coaches, eq(coaches.id, coachingBookings.coachId))
    .where(confirmedSessionsOf({ memberId }, gte(coachingBookings.startsAt, from), lt(coachingBookings.startsAt, to)))
    .orderBy(asc(coachingBookings.startsAt));
  return rows.map((row) => ({ ...row.coaching_bookings, coach: row.coaches }));
}
