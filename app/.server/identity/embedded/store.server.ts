import { and, asc, count, desc, eq, gt, inArray, like, ne, sql } from "drizzle-orm";
import { db, type Executor } from "~/.server/db/client.server";
import {
  memberVersionColumn,
  pageVersionsOf,
  type PageVersions,
  subjectVersionsColumn,
} from "~/.server/db/page-versions.server";
import { identities, identityCredentials, sessions, verifiableAddresses } from "~/.server/db/schema.server";
import { isUuid } from "~/.server/db/uuid.server";
import type { Window } from "~/.server/paging/paging.server";
import { EmailTakenError, type Identity, normalizeEmail, SESSION_LIFETIME_MS, type Session } from "../identity.server";
import type { DeviceSession } from "../port.server";
import { randomToken, sha256 } from "~/.server/secrets/tokens.server";
import { decoyPasswordHash, hashPassword, verifyPassword } from "./passwords.server";

/**
 * The embedded identity store: identities, credentials, addresses and sessions kept in our own
 * database, in the shape of Ory Kratos. Its emailed codes are in ../codes.server.ts; the adapter
 * that puts these together behind the port is ./embedded.server.ts.
 */
export async function createIdentity(
  tx: Executor,
  input: { email: string; password: string; first: string; last: string },
): Promise<Identity> {
  const email = normalizeEmail(input.email);
  const passwordHash = await hashPassword(input.password);
  const [identity] = await tx
    .insert(identities)
    .values({ traits: { email, name: { first: input.first, last: input.last } } })
    .returning({ id: identities.id });
  const inserted = await tx
    .insert(verifiableAddresses)
    .values({ identityId: identity.id, value: email })
    .onConflictDoNothing()
    .returning({ id: verifiableAddresses.id });
  if (inserted.length === 0) throw new EmailTakenError();
  await tx.insert(identityCredentials).values({ identityId: identity.id, passwordHash });
  return (await findIdentity(tx, identity.id))!;
}

export async function emailIsTaken(email: string): Promise<boolean> {
  const rows = await db()
    .select({ id: verifiableAddresses.id })
    .from(verifiableAddresses)
    .where(eq(verifiableAddresses.value, normalizeEmail(email)));
  return rows.length > 0;
}

type IdentityRow = typeof identities.$inferSelect;
type AddressRow = Pick<
  typeof verifiableAddresses.$inferSelect,
  "id" | "value" | "verified" | "verifiedAt" | "status" | "createdAt" | "updatedAt"
>;

function toIdentity(row: IdentityRow, addresses: AddressRow[]): Identity {
  return {
    id: row.id,
    schema_id: row.schemaId,
    state: row.state,
    traits: row.traits,
    verifiable_addresses: addresses.map((a) => ({
      id: a.id,
      value: a.value,
      verified: a.verified,
      verified_at: a.verifiedAt?.toISOString() ?? null,
      via: "email" as const,
      status: a.status,
      created_at: a.createdAt.toISOString(),
      updated_at: a.updatedAt.toISOString(),
    })),
    recovery_addresses: addresses.map((a) => ({
      id: a.id,
      value: a.value,
      via: "email" as const,
      created_at: a.createdAt.toISOString(),
      updated_at: a.updatedAt.toISOString(),
    })),
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

export async function findIdentity(tx: Executor, id: string): Promise<Identity | null> {
  const [row] = await tx.select().from(identities).where(eq(identities.id, id));
  if (!row) return null;
  const addresses = await tx
    .select()
    .from(verifiableAddresses)
    .where(eq(verifiableAddresses.identityId, id))
    .orderBy(verifiableAddresses.createdAt);
  return toIdentity(row, addresses);
}

/** The identity's addresses as one JSON column, so that whoami is a single query. */
type AddressJson = {
  id: string;
  value: string;
  verified: boolean;
  verified_at: string | null;
  status: AddressRow["status"];
  created_at: string;
  updated_at: string;
};
const addressesJson = sql<AddressJson[]>`coalesce((
  select json_agg(json_build_object('id', a.id, 'value', a.value, 'verified', a.verified, 'verified_at', a.verified_at,
    'status', a.status, 'created_at', a.created_at, 'updated_at', a.updated_at) order by a.created_at)
  from ${verifiableAddresses} a where a.identity_id = ${identities.id}), '[]'::json)`;

export async function findIdentityIdByEmail(tx: Executor, email: string): Promise<string | null> {
  const [row] = await tx
    .select({ identityId: verifiableAddresses.identityId })
    .from(verifiableAddresses)
    .where(eq(verifiableAddresses.value, normalizeEmail(email)));
  return row?.identityId ?? null;
}

/** Identities whose address contains `part` (LIKE's wildcards matched as text), at most `limit`. */
export async function findIdentityIdsByEmailPart(tx: Executor, part: string, limit: number): Promise<string[]> {
  const text = part.trim().toLowerCase();
  if (!text) return [];
  const rows = await tx
    .select({ identityId: verifiableAddresses.identityId })
    .from(verifiableAddresses)
    .where(like(verifiableAddresses.value, `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`))
    .orderBy(asc(verifiableAddresses.value))
    .limit(limit);
  return rows.map((row) => row.identityId);
}

/** The addresses of these identities, by id. */
export async function emailsOfIdentities(tx: Executor, identityIds: string[]): Promise<Record<string, string>> {
  const ids = identityIds.filter(isUuid);
  if (ids.length === 0) return {};
  const rows = await tx
    .select({ identityId: verifiableAddresses.identityId, value: verifiableAddresses.value })
    .from(verifiableAddresses)
    .where(inArray(verifiableAddresses.identityId, ids));
  return Object.fromEntries(rows.map((row) => [row.identityId, row.value]));
}

/** The identity whose email and password match, or null; as slow for an unknown email. */
export async function checkPassword(email: string, password: string): Promise<string | null> {
  const [row] = await db()
    .select({ identityId: identityCredentials.identityId, hash: identityCredentials.passwordHash })
    .from(verifiableAddresses)
    .innerJoin(identityCredentials, eq(identityCredentials.identityId, verifiableAddresses.identityId))
    .innerJoin(identities, eq(identities.id, verifiableAddresses.identityId))
    .where(and(eq(verifiableAddresses.value, normalizeEmail(email)), eq(identities.state, "active")));
  if (!row) {
    await verifyPassword(await decoyPasswordHash(), password);
    return null;
  }
  return (await verifyPassword(row.hash, password)) ? row.identityId : null;
}

export async function setPassword(tx: Executor, identityId: string, password: string) {
  await tx
    .update(identityCredentials)
    .set({ passwordHash: await hashPassword(password), updatedAt: new Date() })
    .where(eq(identityCredentials.identityId, identityId));
}

// --- Sessions -----------------------------------------------------------------------------------

/** A browser's own name for itself is free text: kept short, and only what a page can show. */
const USER_AGENT_MAX = 512;
/** whoami refreshes a session's last-seen time at most this often: not a write per request. */
const LAST_SEEN_PRECISION_MS = 5 * 60 * 1000;

export async function createSession(
  tx: Executor,
  identityId: string,
  userAgent: string | null = null,
): Promise<{ token: string; expiresAt: Date }> {
  const token = randomToken();
  const expiresAt = new Date(Date.now() + SESSION_LIFETIME_MS);
  await tx.insert(sessions).values({
    identityId,
    tokenHash: sha256(token),
    expiresAt,
    userAgent: userAgent?.slice(0, USER_AGENT_MAX) || null,
  });
  return { token, expiresAt };
}

/** The token's session, unexpired, of an active identity (sessions joined to identities). */
function liveSession(token: string) {
  return and(eq(sessions.tokenHash, sha256(token)), gt(sessions.expiresAt, new Date()), eq(identities.state, "active"));
}

/** whoami: the live session of a token and its identity, or null. */
export async function sessionOf(token: string): Promise<Session | null> {
  // One round trip: this runs on every signed-in request.
  const [row] = await db()
    .select({ session: sessions, identity: identities, addresses: addressesJson })
    .from(sessions)
    .innerJoin(identities, eq(identities.id, sessions.identityId))
    .where(liveSession(token));
  if (!row) return null;
  if (Date.now() - row.session.lastSeenAt.getTime() > LAST_SEEN_PRECISION_MS) {
    await db().update(sessions).set({ lastSeenAt: new Date() }).where(eq(sessions.id, row.session.id));
  }
  const addresses = row.addresses.map((a) => ({
    id: a.id,
    value: a.value,
    verified: a.verified,
    verifiedAt: a.verified_at === null ? null : new Date(a.verified_at),
    status: a.status,
    createdAt: new Date(a.created_at),
    updatedAt: new Date(a.updated_at),
  }));
  return {
    id: row.session.id,
    token,
    identity: toIdentity(row.identity, addresses),
    expires_at: row.session.expiresAt.toISOString(),
    authenticated_at: row.session.authenticatedAt.toISOString(),
    aal: row.session.aal,
  };
}

/**
 * The versions of what a page of the token's session may read (db/page-versions.server.ts): its
 * member's and the shared subjects', when the session is live (as sessionOf checks it), else null.
 */
export async function pageVersions(token: string): Promise<PageVersions | null> {
  const [row] = await db()
    .select({ member: memberVersionColumn(identities.id), subjects: subjectVersionsColumn })
    .from(sessions)
    .innerJoin(identities, eq(identities.id, sessions.identityId))
    .where(liveSession(token));
  return row ? pageVersionsOf(row) : null;
}

/** Ends the token's session; false when it had none. */
export async function revokeSession(token: string): Promise<boolean> {
  const ended = await db()
    .delete(sessions)
    .where(eq(sessions.tokenHash, sha256(token)))
    .returning({ id: sessions.id });
  return ended.length > 0;
}

/**
 * A window of the identity's live sessions, `token`'s first, then the most recently seen (Kratos:
 * GET /sessions, which leaves the current one out); and how many there are.
 */
export async function listSessions(
  identityId: string,
  token: string,
  window: Window,
): Promise<{ sessions: DeviceSession[]; total: number }> {
  const live = and(eq(sessions.identityId, identityId), gt(sessions.expiresAt, new Date()));
  const [{ total }] = await db().select({ total: count() }).from(sessions).where(live);
  const rows = await db()
    .select({
      id: sessions.id,
      userAgent: sessions.userAgent,
      authenticatedAt: sessions.authenticatedAt,
      lastSeenAt: sessions.lastSeenAt,
    })
    .from(sessions)
    .where(live)
    .orderBy(desc(eq(sessions.tokenHash, sha256(token))), desc(sessions.lastSeenAt), desc(sessions.id))
    .limit(window.limit)
    .offset(window.offset);
  return { sessions: rows, total };
}

/** Ends one session of the identity (Kratos: DELETE /sessions/{id}); false when it has none of that id. */
export async function revokeSessionById(identityId: string, sessionId: string): Promise<boolean> {
  if (!isUuid(sessionId)) return false;
  const ended = await db()
    .delete(sessions)
    .where(and(eq(sessions.identityId, identityId), eq(sessions.id, sessionId)))
    .returning({ id: sessions.id });
  return ended.length > 0;
}

/** How many live sessions the identity has. */
export async function countLiveSessions(identityId: string): Promise<number> {
  const [{ total }] = await db()
    .select({ total: count() })
    .from(sessions)
    .where(and(eq(sessions.identityId, identityId), gt(sessions.expiresAt, new Date())));
  return total;
}

/** Disables or re-enables the identity; false when there is none. */
export async function setIdentityState(
  tx: Executor,
  identityId: string,
  state: IdentityRow["state"],
): Promise<boolean> {
  if (!isUuid(identityId)) return false;
  const changed = await tx
    .update(identities)
    .set({ state, updatedAt: new Date() })
    .where(eq(identities.id, identityId))
    .returning({ id: identities.id });
  return changed.length > 0;
}

/** Ends every session of the identity but `keepToken`'s (after a password change). */
export async function revokeOtherSessions(tx: Executor, identityId: string, keepToken?: string): Promise<number> {
  const keep = keepToken ? ne(sessions.tokenHash, sha256(keepToken)) : sql`true`;
  const ended = await tx
    .delete(sessions)
    .where(and(eq(sessions.identityId, identityId), keep))
    .returning({ id: sessions.id });
  return ended.length;
}

// --- Addresses ----------------------------------------------------------------------------------

export async function markAddressVerified(tx: Executor, identityId: string, address: string) {
  await tx
    .update(verifiableAddresses)
    .set({ verified: true, verifiedAt: new Date(), status: "completed", updatedAt: new Date() })
    .where(and(eq(verifiableAddresses.identityId, identityId), eq(verifiableAddresses.value, address)));
}

export async function markAddressSent(tx: Executor, identityId: string) {
  await tx
    .update(verifiableAddresses)
    .set({ status: "sent", updatedAt: new Date() })
    .where(and(eq(verifiableAddresses.identityId, identityId), eq(verifiableAddresses.verified, false)));
}

/**
 * Replaces the identity's address by `address`, proven by a code: verified at once, and the
 * traits' email follows. Throws EmailTakenError when another identity holds it meanwhile.
 */
export async function replaceAddress(tx: Executor, identityId: string, address: string) {
  const email = normalizeEmail(address);
  const now = new Date();
  await tx.delete(verifiableAddresses).where(eq(verifiableAddresses.identityId, identityId));
  // The unique index settles a race with a registration of the same address.
  const inserted = await tx
    .insert(verifiableAddresses)
    .values({ identityId, value: email, verified: true, verifiedAt: now, status: "completed" })
    .onConflictDoNothing()
    .returning({ id: verifiableAddresses.id });
  if (inserted.length === 0) throw new EmailTakenError();
  await tx
    .update(identities)
    .set({ traits: sql`jsonb_set(${identities.traits}, '{email}', to_jsonb(${email}::text))`, updatedAt: now })
    .where(eq(identities.id, identityId));
}

/** Names the identity's traits carry, kept in step with the member record. */
export async function renameIdentity(tx: Executor, identityId: string, name: { first: string; last: string }) {
  await tx
    .update(identities)
    .set({
      traits: sql`jsonb_set(${identities.traits}, '{name}', ${JSON.stringify(name)}::jsonb)`,
      updatedAt: new Date(),
    })
    .where(eq(identities.id, identityId));
}

/** Deletes the identity; its credentials, addresses and sessions cascade. */
export async function deleteIdentity(tx: Executor, identityId: string) {
  await tx.delete(identities).where(eq(identities.id, identityId));
}
