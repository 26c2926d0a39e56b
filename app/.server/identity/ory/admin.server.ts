import { setTimeout as sleep } from "node:timers/promises";
import type { JsonPatch } from "@ory/client";
import { eq } from "drizzle-orm";
import { db, type Transaction } from "~/.server/db/client.server";
import { identityFlows, selfServiceCodes } from "~/.server/db/schema.server";
import { isUuid } from "~/.server/db/uuid.server";
import { normalizeEmail } from "../identity.server";
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
