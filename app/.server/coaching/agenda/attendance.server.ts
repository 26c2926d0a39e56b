import { and, eq } from "drizzle-orm";
import { z } from "zod";
import { db } from "~/.server/db/client.server";
import { coachingBookings } from "~/.server/db/schema.server";
import { isUuid } from "~/.server/db/uuid.server";
import type { Coach } from "../booking-records.server";

/**
 * Attendance: once a session has started, its coach marks it attended or
 * missed, from their agenda (signed in or through the private link), and may correct the mark;
 * the member sees it among their past sessions. A cancelled session is neither.
 */
export const ATTENDANCE = ["attended", "missed"] as const;
export type Attendance = (typeof ATTENDANCE)[number];

export type AttendanceOutcome = { ok: true } | { ok: false; error: "notFound" | "notStarted" | "notChangeable" };

export const attendanceSchema = z.object({
  booking: z.string({ required_error: "coaching:errors.notFound" }).uuid("coaching:errors.notFound"),
  attendance: z.enum(ATTENDANCE, { errorMap: () => ({ message: "coaching:errors.attendanceInvalid" }) }),
});

/** Whether a session can be marked now: confirmed, and started. */
export function isAttendable(session: { status: string; startsAt: Date }, now: Date): boolean {
  return session.status === "confirmed" && session.startsAt <= now;
}

/** Marks one of the coach's sessions (anyone else's id: notFound) attended or missed. */
export async function markAttendance(
  coach: Pick<Coach, "id">,
  bookingId: string,
  attendance: Attendance,
  now = new Date(),
): Promise<AttendanceOutcome> {
  if (!isUuid(bookingId)) return { ok: false, error: "notFound" };
  return db().transaction(async (tx) => {
    const [session] = await tx
      .select()
      .from(coachingBookings)
      .where(and(eq(coachingBookings.id, bookingId), eq(coachingBookings.coachId, coach.id)))
      .for("update");
    if (!session) return { ok: false, error: "notFound" } as const;
    if (session.status !== "confirmed") return { ok: false, error: "notChangeable" } as const;
    if (!isAttendable(session, now)) return { ok: false, error: "notStarted" } as const;
    await tx
      .update(coachingBookings)
      .set({ attendance, attendanceMarkedAt: now, updatedAt: now })
      .where(eq(coachingBookings.id, bookingId));
    return { ok: true } as const;
  });
}
