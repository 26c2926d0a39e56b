import { setTimeout as sleep } from "node:timers/promises";
import type { CreateIdentityBody, IdentityApi } from "@ory/client";
import { asc, count, eq, gt, inArray } from "drizzle-orm";
import { db } from "~/.server/db/client.server";
import {
  appUsers,
  identities,
  identityCredentials,
  rateLimitEvents,
  selfServiceCodes,
  sessions,
  verifiableAddresses,
} from "~/.server/db/schema.server";
import { describeKratosAnswer as describeAnswer } from "~/.server/identity/identity-service.server";

/**
 * Copies the embedded store's identities to Ory Kratos / Ory Network (`npm run identities:to-ory`,
 * ./to-ory-command.server.ts). Each one is created through the admin API with its password hash
 * (Kratos imports argon2id PHC strings as they are), traits, addresses as verified as they were,
 * and `external_id` = its embedded id. Kratos gives it a new id: Cap's references move to it in one
 * database transaction, and the embedded sessions end (members sign in again). The embedded rows
 * stay.
 *
 * Running it again is safe: an identity Kratos holds under its external id is not created twice,
 * only the remap still to do is done, so a run cut off between the two steps is finished.
 */

/** Cap's identity schema's id in Kratos's configuration (ADAPTER-NOTES §4). */
const SCHEMA_ID = "cap";
/** Embedded identities read per query: the store is paged through, never loaded whole. */
const BATCH_SIZE = 100;
/** Ory Network rate-limits its admin API (429): a call is tried again this often, backing off. */
const RATE_LIMIT_RETRIES = 4;
const RATE_LIMIT_BACKOFF_MS = 250;

export type Summary = { copied: number; alreadyThere: number; conflicts: number; failed: number };

/**
 * What became of one identity. "copied" also covers finishing an identity an earlier run created
 * in Kratos without remapping it; "conflict": its email belongs to another identity in Kratos.
 */
export type IdentityReport = { identityId: string; email: string } & (
  | { outcome: "copied" | "alreadyThere"; kratosId: string }
  | { outcome: "conflict" | "failed"; reason: string }
);

export type Progress = { done: number; total: number; summary: Summary; last: IdentityReport };

const counted: Record<IdentityReport["outcome"], keyof Summary> = {
  copied: "copied",
  alreadyThere: "alreadyThere",
  conflict: "conflicts",
  failed: "failed",
};

/**
 * Kratos is down, times out, rate-limits for good or refuses the API key: every identity after
 * this one would fail alike, so the run stops (and the next one carries on).
 */
export class KratosUnavailableError extends Error {
  override name = "KratosUnavailableError";
}

/** Kratos refused this identity (a 4xx Cap has no meaning for): it counts as failed, the run goes on. */
class RefusedError extends Error {}

export async function copyIdentitiesToOry(options: {
  admin: IdentityApi;
  onProgress?: (progress: Progress) => void;
}): Promise<Summary> {
  const summary: Summary = { copied: 0, alreadyThere: 0, conflicts: 0, failed: 0 };
  const total = await countEmbedded();
  let done = 0;
  let batch = await embeddedBatch(undefined);
  while (batch.length > 0) {
    for (const embedded of batch) {
      const report = await copyOne(options.admin, embedded);
      summary[counted[report.outcome]]++;
      done++;
      options.onProgress?.({ done, total, summary: { ...summary }, last: report });
    }
    batch = await embeddedBatch(batch[batch.length - 1].id);
  }
  return summary;
}

// --- The embedded side --------------------------------------------------------------------------

type EmbeddedIdentity = Pick<typeof identities.$inferSelect, "id" | "state" | "traits"> & {
  passwordHash: string | null;
  addresses: Array<Pick<typeof verifiableAddresses.$inferSelect, "value" | "verified" | "verifiedAt" | "status">>;
};

async function countEmbedded(): Promise<number> {
  const [row] = await db().select({ n: count() }).from(identities);
  return row.n;
}

/** The next identities in id order after `afterId`, with their password hash and addresses. */
async function embeddedBatch(afterId: string | undefined): Promise<EmbeddedIdentity[]> {
  const rows = await db()
    .select({
      id: identities.id,
      state: identities.state,
      traits: identities.traits,
      passwordHash: identityCredentials.passwordHash,
    })
    .from(identities)
    .leftJoin(identityCredentials, eq(identityCredentials.identityId, identities.id))
    .where(afterId === undefined ? undefined : gt(identities.id, afterId))
    .orderBy(asc(identities.id))
    .limit(BATCH_SIZE);
  if (rows.length === 0) return [];
  const ids = rows.map((row) => row.id);
  const addresses = await db()
    .select()
    .from(verifiableAddresses)
    .where(inArray(verifiableAddresses.identityId, ids))
    .orderBy(asc(verifiableAddresses.createdAt));
  return rows.map((row) => ({ ...row, addresses: addresses.filter((address) => address.identityId === row.id) }));
}

/**
 * Points Cap's references at the Kratos id and ends the embedded sessions, in one transaction;
 * whether anything was left to do. Of the codes only a pending email change matters (Kratos runs
 * recovery and verification); moving them all is simpler and harmless.
 */
async function remap(embeddedId: string, kratosId: string): Promise<boolean> {
  return db().transaction(async (tx) => {
    const changed = [
      await tx
        .update(appUsers)
        .set({ identityId: kratosId })
        .where(eq(appUsers.identityId, embeddedId))
        .returning({ id: appUsers.id }),
      await tx
        .update(selfServiceCodes)
        .set({ identityId: kratosId })
        .where(eq(selfServiceCodes.identityId, embeddedId))
        .returning({ id: selfServiceCodes.id }),
      // Limits keyed by identity (the password check, email-change mails) keep counting.
      await tx
        .update(rateLimitEvents)
        .set({ key: kratosId })
        .where(eq(rateLimitEvents.key, embeddedId))
        .returning({ id: rateLimitEvents.id }),
      await tx.delete(sessions).where(eq(sessions.identityId, embeddedId)).returning({ id: sessions.id }),
    ];
    return changed.some((rows) => rows.length > 0);
  });
}

// --- The Kratos side ----------------------------------------------------------------------------

type Answer<T> = { ok: true; data: T } | { ok: false; status: number; body: unknown };
type HttpFailure = { isAxiosError: true; code?: string; response?: { status: number; data: unknown } };

const isHttpFailure = (error: unknown): error is HttpFailure =>
  typeof error === "object" && error !== null && (error as { isAxiosError?: unknown }).isAxiosError === true;

/**
 * One admin call: its body, or its 4xx status and body. A 429 is retried with backoff; no answer, a
 * 5xx, a lasting 429 or a refused key (401/403) throws KratosUnavailableError. The error names the
 * operation and Kratos's reason only: the axios error carries the API key in its request config.
 */
async function kratos<T>(operation: string, request: () => Promise<{ data: T }>): Promise<Answer<T>> {
  for (let retry = 0; ; retry++) {
    try {
      return { ok: true, data: (await request()).data };
    } catch (error) {
      if (!isHttpFailure(error)) throw error;
      const { response } = error;
      if (response?.status === 429 && retry < RATE_LIMIT_RETRIES) {
        await sleep(RATE_LIMIT_BACKOFF_MS * 2 ** retry);
        continue;
      }
      if (!response || response.status >= 500 || [401, 403, 429].includes(response.status)) {
        const what = response ? describeAnswer(response.status, response.data) : (error.code ?? "no answer");
        throw new KratosUnavailableError(`Kratos ${operation}: ${what}`);
      }
      return { ok: false, status: response.status, body: response.data };
    }
  }
}

const refused = (operation: string, answer: { status: number; body: unknown }) =>
  new RefusedError(`Kratos ${operation} answered ${describeAnswer(answer.status, answer.body)}`);

type InKratos =
  | { found: "ours"; kratosId: string }
  | { found: "someoneElse"; kratosId: string; externalId?: string }
  | { found: "nothing" };

/** Kratos's identity for this embedded one: by external id, else whoever holds its email. */
async function findInKratos(admin: IdentityApi, embedded: EmbeddedIdentity): Promise<InKratos> {
  const byExternalId = await kratos("getIdentityByExternalID", () =>
    admin.getIdentityByExternalID({ externalID: embedded.id }),
  );
  if (byExternalId.ok) return { found: "ours", kratosId: byExternalId.data.id };
  if (byExternalId.status !== 404) throw refused("getIdentityByExternalID", byExternalId);
  const byEmail = await kratos("listIdentities", () =>
    admin.listIdentities({ credentialsIdentifier: embedded.traits.email }),
  );
  if (!byEmail.ok) throw refused("listIdentities", byEmail);
  const holder = byEmail.data[0];
  if (!holder) return { found: "nothing" };
  return holder.external_id === embedded.id
    ? { found: "ours", kratosId: holder.id }
    : { found: "someoneElse", kratosId: holder.id, externalId: holder.external_id };
}

/** Kratos's import: the password hash as it is, addresses with their verified state, the old id as external_id. */
function importBody(embedded: EmbeddedIdentity): CreateIdentityBody {
  return {
    schema_id: SCHEMA_ID,
    external_id: embedded.id,
    state: embedded.state,
    traits: embedded.traits,
    verifiable_addresses: embedded.addresses.map((address) => ({
      value: address.value,
      via: "email",
      verified: address.verified,
      status: address.status,
      verified_at: address.verifiedAt?.toISOString(),
    })),
    credentials: embedded.passwordHash
      ? { password: { config: { hashed_password: embedded.passwordHash } } }
      : undefined,
  };
}

/** The new identity's id, or why Kratos answered 409 (its email or external id is taken). */
async function createInKratos(
  admin: IdentityApi,
  embedded: EmbeddedIdentity,
): Promise<{ kratosId: string } | { conflict: string }> {
  const created = await kratos("createIdentity", () =>
    admin.createIdentity({ createIdentityBody: importBody(embedded) }),
  );
  if (created.ok) return { kratosId: created.data.id };
  if (created.status === 409) return { conflict: `Kratos answered ${describeAnswer(created.status, created.body)}` };
  throw refused("createIdentity", created);
}

async function copyOne(admin: IdentityApi, embedded: EmbeddedIdentity): Promise<IdentityReport> {
  const who = { identityId: embedded.id, email: embedded.traits.email };
  try {
    const inKratos = await findInKratos(admin, embedded);
    if (inKratos.found === "ours") {
      const finished = await remap(embedded.id, inKratos.kratosId);
      return { ...who, outcome: finished ? "copied" : "alreadyThere", kratosId: inKratos.kratosId };
    }
    if (inKratos.found === "someoneElse") {
      const held = `identity ${inKratos.kratosId} (external id ${inKratos.externalId ?? "none"})`;
      return { ...who, outcome: "conflict", reason: `the email belongs in Kratos to ${held}` };
    }
    const created = await createInKratos(admin, embedded);
    if ("conflict" in created) return { ...who, outcome: "conflict", reason: created.conflict };
    await remap(embedded.id, created.kratosId);
    return { ...who, outcome: "copied", kratosId: created.kratosId };
  } catch (error) {
    if (error instanceof RefusedError) return { ...who, outcome: "failed", reason: error.message };
    throw error;
  }
}
