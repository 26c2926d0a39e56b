import { asc, eq, ilike, inArray, or, sql } from "drizzle-orm";
import { forgetRememberedDevices } from "~/.server/security/remembered-devices.server";
import { recordChange } from "~/.server/audit/audit-log.server";
import type { BookingWithCoach } from "~/.server/coaching/booking-records.server";
import { sessionsOf } from "~/.server/coaching/sessions/member-sessions.server";
import { db } from "~/.server/db/client.server";
import { likeText } from "~/.server/db/like-text.server";
import { appUsers } from "~/.server/db/schema.server";
import { isUuid } from "~/.server/db/uuid.server";
import { identity, type Identity } from "~/.server/identity/identity-service.server";
import { type Page, type PageRequest, readPage } from "~/.server/paging/paging.server";
import {
  anActiveAdminRemainsWithout,
  LastAdminError,
  type Role,
  rolesOf,
  rolesOfMembers,
} from "~/.server/roles/roles.server";
import { type TrainingState, trainingsOf } from "~/.server/trainings/catalogue.server";

/**
 * The operator's members: search, a member's page, and what an admin may do to an
 * account — sign it out everywhere, disable and re-enable it — each audited in the change's
 * transaction (under Ory, once Kratos agreed).
 */

export const MEMBERS_PAGE_SIZE = 20;
export const MAX_SEARCH_LENGTH = 200;

export type MemberLine = { id: string; name: string; email: string | null; roles: Role[]; createdAt: string };

/** How many identities a part of an address may find (embedded store): a search, not an export. */
const EMAIL_MATCHES = 500;

const fullName = sql<string>`${appUsers.firstname} || ' ' || ${appUsers.lastname}`;

/**
 * Members whose name contains `query`, or whose email address contains it. Addresses belong to the
 * identity service: the embedded store matches a part of one in our database (at most 500
 * identities a search); under Ory, Kratos finds an identity by its whole identifier only, so there
 * only a whole address finds its member. Empty: everyone.
 */
export async function searchMembers(
  query: string,
  request: PageRequest,
  options: { settle: boolean } = { settle: true },
): Promise<{ items: MemberLine[]; page: Page }> {
  const text = query.trim().slice(0, MAX_SEARCH_LENGTH);
  const byEmail = text ? await identity().findIdsByEmailPart(text, EMAIL_MATCHES) : [];
  const matching = text
    ? or(ilike(fullName, likeText(text)), byEmail.length ? inArray(appUsers.identityId, byEmail) : undefined)
    : undefined;
  const { items: rows, page } = await readPage(
    request,
    async () => (await db().select({ total: sql<number>`count(*)::int` }).from(appUsers).where(matching))[0].total,
    (window) =>
      db()
        .select({
          id: appUsers.id,
          firstname: appUsers.firstname,
          lastname: appUsers.lastname,
          identityId: appUsers.identityId,
          createdAt: appUsers.createdAt,
        })
        .from(appUsers)
        .where(matching)
        .orderBy(asc(appUsers.lastname), asc(appUsers.firstname), asc(appUsers.id))
        .limit(window.limit)
        .offset(window.offset),
    options,
  );
  const [roles, emails] = await Promise.all([
    rolesOfMembers(rows.map((row) => row.id)),
    identity().emailsOf(rows.map((row) => row.identityId)),
  ]);
  return {
    page,
    items: rows.map((row) => ({
      id: row.id,
      name: `${row.firstname} ${row.lastname}`,
      email: emails[row.identityId] ?? null,
      roles: roles[row.id] ?? [],
      createdAt: row.createdAt.toISOString(),
    })),
  };
}

/** The ids of the members a search finds (the audit log's filter by person), at most a page's worth. */
export async function memberIdsMatching(query: string): Promise<string[]> {
  const { items } = await searchMembers(query, { page: 1, limit: 50 });
  return items.map((item) => item.id);
}

export type MemberFile = {
  id: string;
  name: string;
  email: string | null;
  lang: string;
  createdAt: string;
  state: Identity["state"];
  verified: boolean;
  /** Since when sign-in asks a second factor (ISO instant); null: it does not. */
  twoFactorSince: string | null;
  roles: Role[];
  devices: number;
  trainings: {
    slug: string;
    title: { fr: string; en: string };
    payable: boolean;
    state: TrainingState;
    percent: number;
  }[];
};

async function memberRow(memberId: string) {
  if (!isUuid(memberId)) return null;
  const [row] = await db().select().from(appUsers).where(eq(appUsers.id, memberId));
  return row ?? null;
}

/** A member as the operator sees them, or null for an unknown id. */
export async function memberFile(memberId: string): Promise<MemberFile | null> {
  const row = await memberRow(memberId);
  if (!row) return null;
  const [found, roles, devices, trainings] = await Promise.all([
    identity().find(row.identityId),
    rolesOf(row.id),
    identity().countSessions(row.identityId),
    trainingsOf(row.id, { archived: false }),
  ]);
  return {
    id: row.id,
    name: `${row.firstname} ${row.lastname}`,
    email: found?.traits.email ?? null,
    lang: row.lang,
    createdAt: row.createdAt.toISOString(),
    state: found?.state ?? "inactive",
    verified: found?.verifiable_addresses[0]?.verified === true,
    twoFactorSince: row.twoFactorSince?.toISOString() ?? null,
    roles,
    devices,
    trainings: trainings.map((training) => ({
      slug: training.content.slug,
      title: training.content.title,
      payable: training.content.access === "payable",
      state: training.state,
      percent: training.percent,
    })),
  };
}

export type AccountChange = { ok: true } | { ok: false; error: "noMember" | "ownAccount" | "lastAdmin" };

/** Ends every session of the member's: they sign in again on each device. */
export async function signOutEverywhere(actorId: string, memberId: string): Promise<AccountChange> {
  const row = await memberRow(memberId);
  if (!row) return { ok: false, error: "noMember" };
  const devices = await identity().countSessions(row.identityId);
  await identity().endAllSessions(row.identityId, async (tx) => {
    await recordChange(tx, {
      actorId,
      subject: { id: row.id, name: `${row.firstname} ${row.lastname}` },
      action: "account.signedOutEverywhere",
      before: { devices },
      after: { devices: 0 },
    });
    await forgetRememberedDevices(tx, row.identityId);
  });
  return { ok: true };
}

/**
 * Disables the account (no sign-in, every session ended) or re-enables it. An admin cannot disable
 * their own: the back office would lock its only way back out; nor the last active admin, under
 * the lock role changes and deletions take (roles.server.ts).
 */
export async function setAccountState(
  actorId: string,
  memberId: string,
  state: Identity["state"],
): Promise<AccountChange> {
  const row = await memberRow(memberId);
  if (!row) return { ok: false, error: "noMember" };
  if (row.id === actorId && state === "inactive") return { ok: false, error: "ownAccount" };
  const before = (await identity().find(row.identityId))?.state;
  if (!before) return { ok: false, error: "noMember" };
  if (before === state) return { ok: true };
  const changed = await identity()
    .setState(row.identityId, state, async (tx) => {
      const lastAdmin = state === "inactive" && (await rolesOf(row.id, tx)).includes("admin");
      if (lastAdmin && !(await anActiveAdminRemainsWithout(tx, row.id))) throw new LastAdminError();
      await recordChange(tx, {
        actorId,
        subject: { id: row.id, name: `${row.firstname} ${row.lastname}` },
        action: state === "inactive" ? "account.disabled" : "account.enabled",
        before: { state: before },
        after: { state },
      });
    })
    .catch((error: unknown) => {
      if (error instanceof LastAdminError) return "lastAdmin" as const;
      throw error;
    });
  if (changed === "lastAdmin") return { ok: false, error: "lastAdmin" };
  return changed ? { ok: true } : { ok: false, error: "noMember" };
}

/** The member's coaching sessions on their page (and the API): a page of the past ones at a time. */
export const MEMBER_SESSIONS_PAGE_SIZE = 10;

export type SessionLine = {
  id: string;
  coach: { slug: string; name: string };
  startsAt: string;
  endsAt: string;
  /** upcoming: confirmed and not over; held: confirmed and over; cancelled (by the member or the coach). */
  status: "upcoming" | "held" | "cancelled";
  cancelledBy: "member" | "coach" | null;
};

/** Every upcoming session of the member's (one a coach at most), then a page of the past and cancelled. */
export async function sessionsOfMember(memberId: string, pastPage: PageRequest, now = new Date()) {
  const { upcoming, past, pastPage: page } = await sessionsOf(memberId, now, pastPage);
  const line = (session: BookingWithCoach): SessionLine => ({
    id: session.id,
    coach: { slug: session.coach.slug, name: session.coach.name },
    startsAt: session.startsAt.toISOString(),
    endsAt: session.endsAt.toISOString(),
    status: session.status === "cancelled" ? "cancelled" : session.endsAt > now ? "upcoming" : "held",
    cancelledBy: session.cancelledBy ?? null,
  });
  return { upcoming: upcoming.map(line), past: past.map(line), page };
}

/** A member as the admin API answers it (contract: memberAnswer), or null for an unknown id. */
export async function memberJson(memberId: string, lang: "fr" | "en") {
  const file = await memberFile(memberId);
  if (!file) return null;
  const sessions = await sessionsOfMember(file.id, { page: 1, limit: MEMBER_SESSIONS_PAGE_SIZE });
  const session = (line: SessionLine) => ({
    id: line.id,
    coach: line.coach,
    start: line.startsAt,
    end: line.endsAt,
    status: line.status,
    cancelled_by: line.cancelledBy,
  });
  return {
    member: {
      id: file.id,
      name: file.name,
      email: file.email,
      roles: file.roles,
      created_at: file.createdAt,
      lang: file.lang,
      state: file.state,
      verified: file.verified,
      two_factor_since: file.twoFactorSince,
      devices: file.devices,
      trainings: file.trainings.map((training) => ({ ...training, title: training.title[lang] })),
      sessions: {
        upcoming: sessions.upcoming.map(session),
        past: sessions.past.map(session),
        past_total: sessions.page.total,
      },
    },
  };
}
