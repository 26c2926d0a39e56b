import { createCipheriv, createDecipheriv, createHash, randomBytes } from "node:crypto";
import { env } from "~/.server/config/env.server";

/**
 * TOTP keys at rest (the embedded store's `identity_totp.secret`): AES-256-GCM under a key of
 * their own, TOTP_ENCRYPTION_KEYS, never SESSION_SECRET (which signs cookies and may be rotated
 * without a thought for pairings). The first key of the list seals; every key of it opens, so a
 * rotation puts the new key first and keeps the old one after it until start-up has sealed every
 * secret again (`reencryptTotpSecrets`, docs/operations.md "TOTP keys").
 *
 * Sealed: `v1.<key id>.<iv>.<tag>.<ciphertext>` (base64url), the key id the first 8 hex digits of
 * the key's SHA-256 (which key opens it, without trying each), the identity's id as additional
 * data: a sealed secret copied onto another identity's row opens nothing. A bare base32 key is one
 * kept before encryption: it is read as it is, and sealed at the next start.
 */
const VERSION = "v1";
const PLAINTEXT = /^[A-Z2-7]+$/;

export type TotpKeys = readonly Buffer[];

/** The keys of TOTP_ENCRYPTION_KEYS (64 hex digits each), the sealing one first. */
export function totpKeys(): TotpKeys {
  return env().TOTP_ENCRYPTION_KEYS.map((hex) => Buffer.from(hex, "hex"));
}

const idOf = (key: Buffer) => createHash("sha256").update(key).digest("hex").slice(0, 8);

export function sealTotpSecret(secret: string, identityId: string, keys: TotpKeys = totpKeys()): string {
  const [key] = keys;
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", key, iv).setAAD(Buffer.from(identityId));
  const sealed = Buffer.concat([cipher.update(secret, "utf8"), cipher.final()]);
  return [VERSION, idOf(key), iv, cipher.getAuthTag(), sealed]
    .map((part) => (typeof part === "string" ? part : part.toString("base64url")))
    .join(".");
}

/** The secret itself; throws when no key of the list sealed it, or it was altered. */
export function openTotpSecret(stored: string, identityId: string, keys: TotpKeys = totpKeys()): string {
  if (PLAINTEXT.test(stored)) return stored;
  const [version, keyId, iv, tag, sealed] = stored.split(".");
  const key = keys.find((candidate) => idOf(candidate) === keyId);
  if (version !== VERSION || !key || !iv || !tag || !sealed) {
    throw new Error("a TOTP secret sealed under a key TOTP_ENCRYPTION_KEYS does not hold");
  }
  const decipher = createDecipheriv("aes-256-gcm", key, Buffer.from(iv, "base64url"))
    .setAAD(Buffer.from(identityId))
    .setAuthTag(Buffer.from(tag, "base64url"));
  return Buffer.concat([decipher.update(Buffer.from(sealed, "base64url")), decipher.final()]).toString("utf8");
}

/** Whether the stored secret is sealed under the list's first key (nothing to do at a rotation). */
export function isSealedUnderNewest(stored: string, keys: TotpKeys = totpKeys()): boolean {
  return stored.startsWith(`${VERSION}.${idOf(keys[0])}.`);
}
