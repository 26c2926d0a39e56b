import { createHash, randomBytes, randomInt, timingSafeEqual } from "node:crypto";

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
