import { randomUUID } from "node:crypto";
import { and, eq, gt, isNull, like, sql } from "drizzle-orm";
import { db, type Executor } from "~/.server/db/client.server";
import { appUsers, coaches, coachingBookings, coachPhotos, memberPhotos } from "~/.server/db/schema.server";
import { identity } from "~/.server/identity/identity-service.server";
import { photoUrl } from "~/.server/media/photo.server";
import type { Coach } from "../booking-records.server";

/**
 * Coaches who sign in: a coach record linked to a member's account, whose `coach` role
 * opens the coach's space. A coach reached only by the private agenda link has no member.
 */

/** The coach record the member signs in as (retired ones too: their past sessions stay theirs), or null. */
export async function coachOfMember(memberId: string, executor: Executor = db()): Promise<Coach | null> {
  const [coach] = await executor.select().from(coaches).where(eq(coaches.memberId, memberId));
  return coach ?? null;
}

/** Where a new coach's photo comes from when the member has none. */
const DEFAULT_COACH_PHOTO = "/media/coaches/default.svg";

/** A lower-case slug of a name: "Élodie Dupré" → "elodie-dupre". */
function slugOf(name: string): string {
  const slug = name
    .normalize("NFD")
    .replace(/\p{Diacritic}/gu, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 60);
  return slug || "coach";
}

/** The slug, or the slug with the first free number after it. */
async function freeSlug(tx: Executor, base: string): Promise<string> {
  const taken = await tx
    .select({ slug: coaches.slug })
    .from(coaches)
    .where(like(coaches.slug, `${base.replace(/[%_\\]/g, "")}%`));
  const used = new Set(taken.map((row) => row.slug));
  if (!used.has(base)) return base;
  for (let suffix = 2; ; suffix += 1) if (!used.has(`${base}-${suffix}`)) return `${base}-${suffix}`;
}

/**
 * Makes the member a coach, inside the transaction that grants them the role: their coach record
 * if they had one (a retired coach comes back), else the seeded coach with their address and no
 * account yet, else a new record started from their name, photo, language and time zone — with no
 * hours, so that members can book them only once they set some. Answers the coach record.
 */
export async function becomeCoach(tx: Executor, memberId: string): Promise<Coach | null> {
  const own = await coachOfMember(memberId, tx);
  if (own) {
    if (!own.retired) return own;
    const [back] = await tx.update(coaches).set({ retired: false }).where(eq(coaches.id, own.id)).returning();
    return back;
  }
  const [member] = await tx
    .select({
      identityId: appUsers.identityId,
      firstname: appUsers.firstname,
      lastname: appUsers.lastname,
      lang: appUsers.lang,
      timeZone: appUsers.timeZone,
      webp: memberPhotos.webp,
    })
    .from(appUsers)
    .leftJoin(memberPhotos, eq(memberPhotos.memberId, appUsers.id))
    .where(eq(appUsers.id, memberId));
  if (!member) return null;
  const email = await identity().emailOf(member.identityId, tx);
  if (email) {
    const [seeded] = await tx
      .update(coaches)
      .set({ memberId })
      .where(and(sql`lower(${coaches.email}) = lower(${email})`, isNull(coaches.memberId)))
      .returning();
    if (seeded) return seeded;
  }
  const name = `${member.firstname} ${member.lastname}`.trim();
  const [{ last }] = await tx.select({ last: sql<number>`coalesce(max(${coaches.position}), -1)::int` }).from(coaches);
  const [created] = await tx
    .insert(coaches)
    .values({
      slug: await freeSlug(tx, slugOf(name)),
      position: last + 1,
      name,
      email: email ?? "",
      photo: DEFAULT_COACH_PHOTO,
      bio: { fr: "", en: "" },
      languages: [member.lang === "en" ? "en" : "fr"],
      timeZone: member.timeZone ?? "Europe/Paris",
      weekly: {},
      sessionMinutes: 45,
      bufferMinutes: 15,
      memberId,
    })
    .returning();
  if (!member.webp) return created;
  // The member's photo, copied: the coach's stays when the member later changes or removes theirs.
  const photoId = randomUUID();
  await tx.insert(coachPhotos).values({ coachId: created.id, photoId, webp: member.webp });
  const [withPhoto] = await tx
    .update(coaches)
    .set({ photo: photoUrl(photoId) })
    .where(eq(coaches.id, created.id))
    .returning();
  return withPhoto;
}

/** Whether the member's coach record has confirmed sessions still to come (withdrawing the role waits for a retirement). */
export async function hasUpcomingSessions(executor: Executor, memberId: string, now = new Date()): Promise<boolean> {
  const [row] = await executor
    .select({ id: coachingBookings.id })
    .from(coachingBookings)
    .innerJoin(coaches, eq(coaches.id, coachingBookings.coachId))
    .where(
      and(eq(coaches.memberId, memberId), eq(coachingBookings.status, "confirmed"), gt(coachingBookings.startsAt, now)),
    )
    .limit(1);
  return Boolean(row);
}
