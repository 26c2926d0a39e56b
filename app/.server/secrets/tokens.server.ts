import { createHash, createHmac, randomBytes, randomInt, timingSafeEqual } from "node:crypto";
import { env } from "~/.server/config/env.server";

/** Random tokens and codes, and the hashes they are stored as: shared by identities, sessions, links of every kind. */

/** 256 random bits, URL-safe: session tokens and one-click link tokens. */
export function randomToken(): string {
  return randomBytes(32).toString("base64url");
}

/** A 6-digit code a person can type from an email. */
export function randomCode(): string {
  return String(randomInt(0, 1_000_000)).padStart(6, "0");
}

/** Tokens and codes are stored only as their SHA-256. */
export function sha256(value: string): string {
  return createHash("sha256").update(value).digest("hex");
}

export function sameHash(a: string, b: string): boolean {
  const left = Buffer.from(a, "hex");
  const right = Buffer.from(b, "hex");
  return left.length === right.length && timingSafeEqual(left, right);
}

/**
 * An HMAC of `payload` (base64url) under a key of its own for `purpose`, derived from SESSION_SECRET:
 * what is signed for one purpose (a device cookie, a remembered device) is never valid for another.
 */
export function signatureFor(purpose: string, payload: string): string {
  const key = createHmac("sha256", env().SESSION_SECRET).update(purpose).digest();
  return createHmac("sha256", key).update(payload).digest("base64url");
}

/** Whether `given` is `payload`'s signature for `purpose`, compared in constant time. */
export function isSignedFor(purpose: string, payload: string, given: string): boolean {
  const expected = Buffer.from(signatureFor(purpose, payload));
  const actual = Buffer.from(given);
  return expected.length === actual.length && timingSafeEqual(expected, actual);
}
