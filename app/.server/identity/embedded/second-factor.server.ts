import { randomBytes } from "node:crypto";
import { and, count, eq, isNotNull, isNull, lt, or, sql } from "drizzle-orm";
import { db, type Executor } from "~/.server/db/client.server";
import { identityRecoveryCodes, identityTotp, sessions } from "~/.server/db/schema.server";
import { acceptedStep, base32Encode, newTotpSecret } from "~/.server/secrets/totp.server";
import { logger } from "~/.server/observability/logger.server";
import { sha256 } from "~/.server/secrets/tokens.server";
import {
  isSealedUnderNewest,
  openTotpSecret,
  sealTotpSecret,
  type TotpKeys,
  totpKeys,
} from "~/.server/secrets/totp-key.server";
import type { SecondFactorCode, TotpSetup } from "../port.server";

/**
 * The embedded store's second factor (Kratos: the `totp` and `lookup_secret` credentials): a TOTP
 * pairing per identity, ten single-use recovery codes, and the session's assurance level.
 *
 * The TOTP key is kept sealed, AES-256-GCM under TOTP_ENCRYPTION_KEYS (secrets/totp-key.server.ts),
 * a key of its own: SESSION_SECRET signs cookies and may be rotated, which would break every
 * pairing. (Kratos keeps its TOTP URL in its own database, as its operator configures.) Recovery codes are kept as their SHA-256 only: a fast hash
 * is enough for 60 random bits each, which no one can guess through a hash.
 */
const RECOVERY_CODES = 10;

/**
 * The pairing's key, opened; null when no key of TOTP_ENCRYPTION_KEYS opens it (a key dropped from
 * the list too soon): that member's codes fail, and the log says why, never the key.
 */
function secretOf(stored: string, identityId: string, keys: TotpKeys = totpKeys()): string | null {
  try {
    return openTotpSecret(stored, identityId, keys);
  } catch {
    logger.error(
      { identityId },
      "a TOTP key that no key of TOTP_ENCRYPTION_KEYS opens: put the key it was sealed under back",
    );
    return null;
  }
}

/** The confirming form names its pairing: a setup restarted elsewhere makes an older form's code fail. */
function flowIdOf(secret: string): string {
  return sha256(secret).slice(0, 32);
}

/** A recovery code as typed: any case, with or without its dashes and spaces. */
function normalizeRecoveryCode(code: string): string {
  return code.replace(/[\s-]/g, "").toLowerCase();
}

/** 12 base32 characters (60 random bits), shown in three groups of four. */
function newRecoveryCode(): string {
  const text = base32Encode(randomBytes(8)).slice(0, 12).toLowerCase();
  return `${text.slice(0, 4)}-${text.slice(4, 8)}-${text.slice(8)}`;
}

async function replaceRecoveryCodes(tx: Executor, identityId: string): Promise<string[]> {
  const codes = Array.from({ length: RECOVERY_CODES }, newRecoveryCode);
  await tx.delete(identityRecoveryCodes).where(eq(identityRecoveryCodes.identityId, identityId));
  await tx
    .insert(identityRecoveryCodes)
    .values(codes.map((code) => ({ identityId, codeHash: sha256(normalizeRecoveryCode(code)) })));
  return codes;
}

async function raiseSession(tx: Executor, token: string, identityId: string) {
  await tx
    .update(sessions)
    .set({ aal: "aal2" })
    .where(and(eq(sessions.tokenHash, sha256(token)), eq(sessions.identityId, identityId)));
}

export async function startTotpSetup(identityId: string): Promise<TotpSetup> {
  const secret = newTotpSecret();
  const sealed = sealTotpSecret(secret, identityId);
  // Cap starts a setup only while its member record says two-factor is off: a pairing left here
  // (unconfirmed, or confirmed when Cap's record of it failed to be written) is replaced.
  await db()
    .insert(identityTotp)
    .values({ identityId, secret: sealed })
    .onConflictDoUpdate({
      target: identityTotp.identityId,
      set: { secret: sealed, confirmedAt: null, lastStep: null, createdAt: new Date() },
    });
  return { flowId: flowIdOf(secret), secret };
}

export async function confirmTotpSetup(
  token: string,
  identityId: string,
  flowId: string,
  code: string,
): Promise<{ ok: true; recoveryCodes: string[] } | { ok: false; error: "codeInvalid" }> {
  return db().transaction(async (tx) => {
    const [pairing] = await tx
      .select()
      .from(identityTotp)
      .where(and(eq(identityTotp.identityId, identityId), isNull(identityTotp.confirmedAt)))
      .for("update");
    const secret = pairing ? secretOf(pairing.secret, identityId) : null;
    if (!secret || flowIdOf(secret) !== flowId) return { ok: false as const, error: "codeInvalid" as const };
    const step = acceptedStep(secret, code, Date.now(), null);
    if (step === null) return { ok: false as const, error: "codeInvalid" as const };
    await tx
      .update(identityTotp)
      .set({ confirmedAt: new Date(), lastStep: step })
      .where(eq(identityTotp.identityId, identityId));
    await raiseSession(tx, token, identityId);
    return { ok: true as const, recoveryCodes: await replaceRecoveryCodes(tx, identityId) };
  });
}

/** The pairing and the recovery codes go; in `within`, the caller's transaction, when given. */
export async function removeSecondFactor(identityId: string, within?: Executor): Promise<void> {
  const remove = async (tx: Executor) => {
    await tx.delete(identityTotp).where(eq(identityTotp.identityId, identityId));
    await tx.delete(identityRecoveryCodes).where(eq(identityRecoveryCodes.identityId, identityId));
  };
  await (within ? remove(within) : db().transaction(remove));
}

export function regenerateRecoveryCodes(identityId: string): Promise<string[]> {
  return db().transaction((tx) => replaceRecoveryCodes(tx, identityId));
}

export async function recoveryCodesLeft(identityId: string): Promise<number> {
  const [row] = await db()
    .select({ n: count() })
    .from(identityRecoveryCodes)
    .where(and(eq(identityRecoveryCodes.identityId, identityId), isNull(identityRecoveryCodes.usedAt)));
  return row?.n ?? 0;
}

export async function completeSecondFactor(
  token: string,
  identityId: string,
  given: SecondFactorCode,
): Promise<boolean> {
  return db().transaction(async (tx) => {
    const accepted =
      given.method === "totp"
        ? await takeTotpCode(tx, identityId, given.code)
        : await takeRecoveryCode(tx, identityId, given.code);
    if (accepted) await raiseSession(tx, token, identityId);
    return accepted;
  });
}

async function takeTotpCode(tx: Executor, identityId: string, code: string): Promise<boolean> {
  const [pairing] = await tx
    .select()
    .from(identityTotp)
    .where(and(eq(identityTotp.identityId, identityId), isNotNull(identityTotp.confirmedAt)));
  if (!pairing) return false;
  const secret = secretOf(pairing.secret, identityId);
  const step = secret === null ? null : acceptedStep(secret, code, Date.now(), pairing.lastStep);
  if (step === null) return false;
  // Conditional: of two requests with the same code at once, one moves the step and the other finds it moved.
  const moved = await tx
    .update(identityTotp)
    .set({ lastStep: step })
    .where(
      and(eq(identityTotp.identityId, identityId), or(isNull(identityTotp.lastStep), lt(identityTotp.lastStep, step))),
    )
    .returning({ identityId: identityTotp.identityId });
  return moved.length === 1;
}

async function takeRecoveryCode(tx: Executor, identityId: string, code: string): Promise<boolean> {
  const used = await tx
    .update(identityRecoveryCodes)
    .set({ usedAt: sql`now()` })
    .where(
      and(
        eq(identityRecoveryCodes.identityId, identityId),
        eq(identityRecoveryCodes.codeHash, sha256(normalizeRecoveryCode(code))),
        isNull(identityRecoveryCodes.usedAt),
      ),
    )
    .returning({ id: identityRecoveryCodes.id });
  return used.length === 1;
}

/**
 * Seals again, under TOTP_ENCRYPTION_KEYS's first key, every TOTP key that is not yet: those kept
 * before encryption, and those of a key rotated out. Start-up runs it (under the migrations' lock),
 * so a rotation is the new key first, a restart, and the old key dropped after. Conditional: a
 * pairing replaced meanwhile is left as it now is. How many were sealed again.
 */
export async function reencryptTotpSecrets(executor: Executor, keys: TotpKeys = totpKeys()): Promise<number> {
  const rows = await executor
    .select({ identityId: identityTotp.identityId, secret: identityTotp.secret })
    .from(identityTotp);
  let sealed = 0;
  for (const row of rows) {
    const secret = isSealedUnderNewest(row.secret, keys) ? null : secretOf(row.secret, row.identityId, keys);
    if (secret === null) continue;
    const again = sealTotpSecret(secret, row.identityId, keys);
    const moved = await executor
      .update(identityTotp)
      .set({ secret: again })
      .where(and(eq(identityTotp.identityId, row.identityId), eq(identityTotp.secret, row.secret)))
      .returning({ identityId: identityTotp.identityId });
    sealed += moved.length;
  }
  return sealed;
}
