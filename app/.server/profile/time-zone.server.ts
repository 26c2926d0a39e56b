import { and, eq, isNull } from "drizzle-orm";
import { z } from "zod";
import type { SignedIn } from "~/.server/accounts/members.server";
import { isTimeZone } from "~/.server/calendar/time-zones.server";
import { db } from "~/.server/db/client.server";
import { appUsers } from "~/.server/db/schema.server";

/**
 * The member's time zone: it places "today" on the overview and the weather, the week, late
 * commitments, coaching times and dates on pages. Chosen on the profile; until then, the
 * browser's zone is saved once when JavaScript runs (a guess never replaces a choice), and
 * without either, Europe/Paris.
 */
export const timeZoneSchema = z.object({
  timeZone: z
    .string({ required_error: "profile:errors.timeZoneInvalid" })
    // Bounded before Intl is asked (zone names are short).
    .refine((value) => value.length <= 64 && isTimeZone(value), "profile:errors.timeZoneInvalid"),
  guess: z.literal("1").optional(),
});

/** Saves the zone; a browser's guess only when the member has none yet. Whether it changed. */
export async function saveTimeZone({ member }: SignedIn, timeZone: string, { guess = false } = {}) {
  if (guess && member.time_zone_set) return false;
  const rows = await db()
    .update(appUsers)
    .set({ timeZone, updatedAt: new Date() })
    // The guess re-checks in the same statement: a choice made meanwhile in another tab stays.
    .where(guess ? and(eq(appUsers.id, member.id), isNull(appUsers.timeZone)) : eq(appUsers.id, member.id))
    .returning({ id: appUsers.id });
  return rows.length > 0;
}
