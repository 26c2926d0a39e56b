import { and, desc, eq, gt, isNull, lt } from "drizzle-orm";
import { db, type Executor } from "~/.server/db/client.server";
import { selfServiceCodes } from "~/.server/db/schema.server";
import { isUuid } from "~/.server/db/uuid.server";
import { CODE_LIFETIME_MS } from "~/forms/emailed-code";
import { releaseSlots, trySlots } from "~/.server/rate-limit/rate-limit.server";
import { codeLimitError, codeMissLimits } from "./code-limits.server";
import { type CodeFlow, normalizeEmail } from "./identity.server";
import type { CodeOutcome, CodeTry } from "./port.server";
import { randomCode, randomToken, sameHash, sha256 } from "~/.server/secrets/tokens.server";

/**
 * Cap's own emailed codes: the embedded adapter's recovery and verification codes, and the email
 * change's codes under both adapters (Kratos has no "keep the old address until the new one is
 * proven"). Codes and link tokens are stored as their SHA-256 only.
 */
export const CODE_MAX_ATTEMPTS = 5;

export type IssuedCode = { codeId: string; code: string; linkToken: string };

/** A new code for `flow`; earlier unused codes of the same flow and identity stop working. */
export async function issueCode(
  tx: Executor,
  flow: CodeFlow,
  address: string,
  identityId: string | null,
): Promise<IssuedCode> {
  if (identityId) await withdrawCodes(tx, identityId, flow);
  const code = randomCode();
  const linkToken = randomToken();
  const [row] = await tx
    .insert(selfServiceCodes)
    .values({
      flow,
      identityId,
      address: normalizeEmail(address),
      codeHash: sha256(code),
      linkTokenHash: sha256(linkToken),
      expiresAt: new Date(Date.now() + CODE_LIFETIME_MS),
    })
    .returning({ id: selfServiceCodes.id });
  return { codeId: row.id, code, linkToken };
}

/** A code of `flow` neither used nor expired. */
function openOf(flow: CodeFlow) {
  return and(
    eq(selfServiceCodes.flow, flow),
    isNull(selfServiceCodes.usedAt),
    gt(selfServiceCodes.expiresAt, new Date()),
  );
}

/** Whether a code id exists and can still be used (for the page that asks for the code). */
export async function codeIsUsable(flow: CodeFlow, codeId: string): Promise<boolean> {
  if (!isUuid(codeId)) return false;
  const [row] = await db()
    .select({ id: selfServiceCodes.id })
    .from(selfServiceCodes)
    .where(and(eq(selfServiceCodes.id, codeId), openOf(flow), lt(selfServiceCodes.attempts, CODE_MAX_ATTEMPTS)));
  return Boolean(row);
}

/**
 * Spends a code: by the typed code or by the one-click link token, tried `from` a client. Each
 * wrong typed code counts; after five the code is dead, and the wrong codes are counted across
 * every code and flow (code-limits.server.ts: the account's and the address's hour for strangers,
 * the browser's own for one known to `account`, the account's email — the code's own address
 * unless given). A link carries 256 random bits nobody can guess: it meets no wrong-code limit,
 * so strangers typing wrong codes never make it fail, and a wrong one does not wear the code out.
 * Single use: a right code is marked used in the caller's transaction.
 */
export async function consumeCode(
  tx: Executor,
  flow: CodeFlow,
  codeId: string,
  secret: { code: string } | { linkToken: string },
  from: CodeTry,
  account?: string,
): Promise<CodeOutcome> {
  const expired = { ok: false, error: "codeExpired" } as const;
  if (!isUuid(codeId)) return expired;
  const [row] = await tx
    .select()
    .from(selfServiceCodes)
    .where(and(eq(selfServiceCodes.id, codeId), eq(selfServiceCodes.flow, flow)))
    .for("update");
  if (!row || row.usedAt || row.expiresAt <= new Date() || row.attempts >= CODE_MAX_ATTEMPTS) return expired;
  if ("linkToken" in secret) {
    if (!row.identityId || row.linkTokenHash === null || !sameHash(sha256(secret.linkToken), row.linkTokenHash))
      return { ok: false, error: "codeInvalid" };
    await tx.update(selfServiceCodes).set({ usedAt: new Date() }).where(eq(selfServiceCodes.id, row.id));
    return { ok: true, identityId: row.identityId, address: row.address };
  }
  // Every typed try takes its slots first (locked: parallel tries cannot overtake the count); a
  // right code gives them back, so only wrong ones count.
  const limits = codeMissLimits(row.identityId ?? row.address, from, account ?? row.address, flow);
  const slots = await trySlots(limits, tx);
  if (!slots.ok) return { ok: false, error: codeLimitError(slots.full.bucket) };
  const matches = sameHash(sha256(secret.code.trim()), row.codeHash);
  if (!matches || !row.identityId) {
    await tx
      .update(selfServiceCodes)
      .set({ attempts: row.attempts + 1 })
      .where(eq(selfServiceCodes.id, row.id));
    return row.attempts + 1 >= CODE_MAX_ATTEMPTS ? expired : { ok: false, error: "codeInvalid" };
  }
  await releaseSlots(slots.ids, tx);
  await tx.update(selfServiceCodes).set({ usedAt: new Date() }).where(eq(selfServiceCodes.id, row.id));
  return { ok: true, identityId: row.identityId, address: row.address };
}

/** The id of the identity's newest code of `flow` that can still be used, if any. */
export async function openCodeId(tx: Executor, identityId: string, flow: CodeFlow): Promise<string | null> {
  const [row] = await tx
    .select({ id: selfServiceCodes.id })
    .from(selfServiceCodes)
    .where(and(eq(selfServiceCodes.identityId, identityId), openOf(flow)))
    .orderBy(desc(selfServiceCodes.createdAt))
    .limit(1);
  return row?.id ?? null;
}

/** The open codes of `flow` stop working (a new one replaces them, or the request is withdrawn); how many. */
export async function withdrawCodes(tx: Executor, identityId: string, flow: CodeFlow): Promise<number> {
  const withdrawn = await tx
    .update(selfServiceCodes)
    .set({ usedAt: new Date() })
    .where(
      and(
        eq(selfServiceCodes.identityId, identityId),
        eq(selfServiceCodes.flow, flow),
        isNull(selfServiceCodes.usedAt),
      ),
    )
    .returning({ id: selfServiceCodes.id });
  return withdrawn.length;
}

/** The address waiting in the identity's newest open code of `flow` (an email change's new address). */
export async function openCodeAddress(identityId: string, flow: CodeFlow): Promise<string | null> {
  const codeId = await openCodeId(db(), identityId, flow);
  if (!codeId) return null;
  const [row] = await db()
    .select({ address: selfServiceCodes.address })
    .from(selfServiceCodes)
    .where(eq(selfServiceCodes.id, codeId));
  return row?.address ?? null;
}
