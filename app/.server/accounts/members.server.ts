import { eq, sql } from "drizzle-orm";
import { db, type Executor } from "~/.server/db/client.server";
import { appUsers, memberPhotos, memberRoles } from "~/.server/db/schema.server";
import { identity, type Identity } from "~/.server/identity/identity-service.server";
import { DEFAULT_TIME_ZONE } from "~/.server/calendar/days.server";
import { isTimeZone } from "~/.server/calendar/time-zones.server";
import { isLanguage, type Language } from "~/i18n/config";

/** The product's member record (SPEC §3 app_user), as the API and pages see it. */
export type Member = {
  id: string;
  identity_id: string;
  firstname: string;
  lastname: string;
  birth_date: string;
  gender: string;
  mobile: string | null;
  /** The language the member saved (fr at registration, SPEC §9): their pages on a new device, their emails. */
  lang: Language;
  /** The IANA time zone the member's days and times are counted in (Europe/Paris until one is known). */
  time_zone: string;
  /** Whether the member (or their browser) set that zone; false: the default, the browser may guess. */
  time_zone_set: boolean;
  user_type: string;
  level_of_study: string | null;
  role: string | null;
  invited_by: string | null;
  created_at: string;
};

function toMember(row: typeof appUsers.$inferSelect): Member {
  return {
    id: row.id,
    identity_id: row.identityId,
    firstname: row.firstname,
    lastname: row.lastname,
    birth_date: row.birthDate,
    gender: row.gender,
    mobile: row.mobile,
    lang: isLanguage(row.lang) ? row.lang : "fr",
    time_zone: row.timeZone && isTimeZone(row.timeZone) ? row.timeZone : DEFAULT_TIME_ZONE,
    time_zone_set: row.timeZone !== null,
    user_type: row.userType,
    level_of_study: row.levelOfStudy,
    role: row.role,
    invited_by: row.invitedBy,
    created_at: row.createdAt.toISOString(),
  };
}

export async function memberOfIdentity(tx: Executor, identityId: string): Promise<Member | null> {
  const [row] = await tx.select().from(appUsers).where(eq(appUsers.identityId, identityId));
  return row ? toMember(row) : null;
}

/**
 * whoami (SPEC §7): the session's identity and the member record, or null when not signed in;
 * with the id of the member's photo (null: none), which every signed-in page's sidebar shows.
 */
export type SignedIn = {
  token: string;
  sessionId: string;
  identity: Identity;
  member: Member;
  photoId: string | null;
  /** The roles the member holds beyond `member` (coach, admin, author), read with the member. */
  roles: MemberRole[];
  /** Whether a second factor was given on this session (sign-in's second step). */
  aal: "aal1" | "aal2";
  /** Since when the member's sign-in asks a second factor; null: it does not. */
  twoFactorSince: Date | null;
  /** Browsers remembered at the second step before this moment are not any more; null: none forgotten. */
  devicesForgottenAt: Date | null;
  /** Whether the member chose light pages (pages without scripts, app/.server/http/light-pages.server.ts). */
  lightPages: boolean;
};

type MemberRole = (typeof memberRoles.$inferSelect)["role"];

export async function whoami(token: string): Promise<SignedIn | null> {
  const session = await identity().whoami(token);
  if (!session) return null;
  // The member, their photo's id and their roles in one query: this runs on every signed-in
  // request, and a role withdrawn is gone from the next one.
  const [row] = await db()
    .select({
      member: appUsers,
      photoId: memberPhotos.photoId,
      roles: sql<
        MemberRole[]
      >`coalesce((select json_agg(${memberRoles.role}) from ${memberRoles} where ${memberRoles.memberId} = ${appUsers.id}), '[]'::json)`,
    })
    .from(appUsers)
    .leftJoin(memberPhotos, eq(memberPhotos.memberId, appUsers.id))
    .where(eq(appUsers.identityId, session.identity.id));
  if (!row) return null;
  return {
    token,
    sessionId: session.id,
    identity: session.identity,
    member: toMember(row.member),
    photoId: row.photoId,
    roles: row.roles,
    aal: session.aal,
    twoFactorSince: row.member.twoFactorSince,
    devicesForgottenAt: row.member.devicesForgottenAt,
    lightPages: row.member.lightPages,
  };
}

/** The language a member saved, when the address is a member's; null otherwise (a coach, a guest). */
export async function savedLanguageOf(address: string): Promise<Language | null> {
  const identityId = await identity().findIdByEmail(address);
  if (!identityId) return null;
  const [member] = await db().select({ lang: appUsers.lang }).from(appUsers).where(eq(appUsers.identityId, identityId));
  return isLanguage(member?.lang) ? member.lang : null;
}
