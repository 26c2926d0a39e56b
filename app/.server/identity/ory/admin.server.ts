import { setTimeout as sleep } from "node:timers/promises";
import type { JsonPatch } from "@ory/client";
import { eq } from "drizzle-orm";
import { db, type Transaction } from "~/.server/db/client.server";
import { identityFlows, selfServiceCodes } from "~/.server/db/schema.server";
import { isUuid } from "~/.server/db/uuid.server";
import { type Identity, normalizeEmail } from "../identity.server";
import type { AlongWith } from "../port.server";
import type { Kratos } from "./kratos.server";
import { call, expectOk, toIdentity, unexpected } from "./mapping.server";

/** Identities looked up, changed and deleted through Kratos's admin API. */

/** Ory Network answers 429 to overlapping PATCHes of one identity: retried this often, backing off. */
const PATCH_RETRIES = 3;
const PATCH_BACKOFF_MS = 100;

export async function findIdByEmail({ admin }: Kratos, email: string): Promise<string | null> {
  const found = await expectOk(
    "listIdentities",
    admin.listIdentities({ credentialsIdentifier: normalizeEmail(email) }),
  );
  return found[0]?.id ?? null;
}

/** Kratos looks an identity up by its whole identifier only: a part of an address finds nothing. */
export async function findIdsByEmailPart(kratos: Kratos, part: string): Promise<string[]> {
  if (!part.includes("@")) return [];
  const id = await findIdByEmail(kratos, part);
  return id ? [id] : [];
}

/** The addresses of a page of identities: one GET /admin/identities?ids=… (Kratos caps ids at 500). */
export async function emailsOfIdentities({ admin }: Kratos, identityIds: string[]): Promise<Record<string, string>> {
  const ids = identityIds.filter(isUuid).slice(0, 500);
  if (ids.length === 0) return {};
  const found = await expectOk("listIdentities", admin.listIdentities({ ids, pageSize: ids.length }));
  return Object.fromEntries(found.map((one) => [one.id, toIdentity(one).traits.email]));
}

export async function emailOf({ admin }: Kratos, identityId: string): Promise<string | null> {
  if (!isUuid(identityId)) return null;
  const answer = await call("getIdentity", admin.getIdentity({ id: identityId }));
  if (!answer.ok && answer.status === 404) return null;
  if (!answer.ok) throw unexpected("getIdentity", answer);
  return toIdentity(answer.data).traits.email;
}

export async function patchIdentity({ admin }: Kratos, id: string, jsonPatch: JsonPatch[]) {
  for (let retry = 0; ; retry++) {
    const answer = await call("patchIdentity", admin.patchIdentity({ id, jsonPatch }));
    if (answer.ok || answer.status !== 429 || retry === PATCH_RETRIES) return answer;
    await sleep(PATCH_BACKOFF_MS * 2 ** retry);
  }
}

export async function deleteIdentity({ admin }: Kratos, id: string): Promise<void> {
  const answer = await call("deleteIdentity", admin.deleteIdentity({ id }));
  if (!answer.ok && answer.status !== 404) throw unexpected("deleteIdentity", answer);
}

/** The identity and Cap's records of it, together: `before` removes Cap's part in the same step. */
export async function deleteAccount(kratos: Kratos, identityId: string, before: (tx: Transaction) => Promise<void>) {
  await db().transaction(async (tx) => {
    await before(tx);
    await tx.delete(identityFlows).where(eq(identityFlows.identityId, identityId));
    // The email change's codes, Cap's own under both adapters.
    await tx.delete(selfServiceCodes).where(eq(selfServiceCodes.identityId, identityId));
    // Last, inside the transaction: Kratos away rolls Cap's part back (the member tries again
    // later) instead of leaving an identity without a member, whose address nobody could
    // register again. Deleting the identity ends its sessions too.
    await deleteIdentity(kratos, identityId);
  });
}

/** The identity as Kratos's admin API answers it, whatever its state; null when there is none. */
export async function findIdentity({ admin }: Kratos, identityId: string): Promise<Identity | null> {
  if (!isUuid(identityId)) return null;
  const answer = await call("getIdentity", admin.getIdentity({ id: identityId }));
  if (!answer.ok && answer.status === 404) return null;
  if (!answer.ok) throw unexpected("getIdentity", answer);
  return toIdentity(answer.data);
}

/** Kratos's largest page of GET /admin/identities/{id}/sessions: a count past it says "500". */
const COUNTED_SESSIONS = 500;

export async function countIdentitySessions({ admin }: Kratos, identityId: string): Promise<number> {
  if (!isUuid(identityId)) return 0;
  const answer = await call(
    "listIdentitySessions",
    admin.listIdentitySessions({ id: identityId, active: true, pageSize: COUNTED_SESSIONS }),
  );
  if (!answer.ok && answer.status === 404) return 0;
  if (!answer.ok) throw unexpected("listIdentitySessions", answer);
  return answer.data.length;
}

/** Ends every session of the identity (DELETE /admin/identities/{id}/sessions); how many were live. */
export async function endIdentitySessions(kratos: Kratos, identityId: string, then: AlongWith<void>): Promise<number> {
  const live = await countIdentitySessions(kratos, identityId);
  const answer = await call("deleteIdentitySessions", kratos.admin.deleteIdentitySessions({ id: identityId }));
  // 404: no session left to end.
  if (!answer.ok && answer.status !== 404) throw unexpected("deleteIdentitySessions", answer);
  await db().transaction(then);
  return live;
}

/** Thrown inside Cap's transaction to undo its part: Kratos has no such identity. */
class NoSuchIdentity extends Error {}

/**
 * Disables or re-enables the identity (its `state`, which Kratos checks at login and whoami);
 * disabling ends its sessions too. Cap's part runs first, its transaction open while Kratos
 * changes: what it checks under a lock (the last active admin, roles.server.ts) holds until the
 * state is Kratos's, and its refusal leaves Kratos unchanged.
 */
export async function setIdentityState(
  kratos: Kratos,
  identityId: string,
  state: Identity["state"],
  then: AlongWith<void>,
): Promise<boolean> {
  if (!isUuid(identityId)) return false;
  try {
    await db().transaction(async (tx) => {
      await then(tx);
      const answer = await patchIdentity(kratos, identityId, [{ op: "replace", path: "/state", value: state }]);
      if (!answer.ok && answer.status === 404) throw new NoSuchIdentity();
      if (!answer.ok) throw unexpected("patchIdentity", answer);
      if (state === "inactive") {
        const ended = await call("deleteIdentitySessions", kratos.admin.deleteIdentitySessions({ id: identityId }));
        if (!ended.ok && ended.status !== 404) throw unexpected("deleteIdentitySessions", ended);
      }
    });
  } catch (error) {
    if (error instanceof NoSuchIdentity) return false;
    throw error;
  }
  return true;
}

/**
 * An operator's removal of the second factor: the `totp` and `lookup_secret` credentials through
 * the admin API (DELETE /admin/identities/{id}/credentials/{type}; no settings flow, which would
 * need the member's session), then every session; Cap's part runs once Kratos answered. Kratos
 * answers 404 for a credential the identity does not hold: gone already (an earlier try that
 * failed before Cap's part), so a retry completes.
 */
export async function removeSecondFactorAsOperator(
  kratos: Kratos,
  identityId: string,
  then: AlongWith<void>,
): Promise<void> {
  // The app first, as the member's own removal does: a failure in between leaves the codes.
  for (const type of ["totp", "lookup_secret"] as const) {
    const answer = await call(
      "deleteIdentityCredentials",
      kratos.admin.deleteIdentityCredentials({ id: identityId, type }),
    );
    if (!answer.ok && answer.status !== 404) throw unexpected("deleteIdentityCredentials", answer);
  }
  const ended = await call("deleteIdentitySessions", kratos.admin.deleteIdentitySessions({ id: identityId }));
  if (!ended.ok && ended.status !== 404) throw unexpected("deleteIdentitySessions", ended);
  await db().transaction(then);
}
