import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";

/**
 * Time-based one-time passwords as authenticator apps compute them (RFC 6238 over RFC 4226's
 * HOTP): HMAC-SHA-1, 6 digits, 30-second steps. The secret travels as base32 (RFC 4648, no
 * padding), the form an `otpauth://` URL and a person typing it by hand both use.
 */
export const TOTP_STEP_SECONDS = 30;
const DIGITS = 6;
/** A code of the step before or after is still taken: a phone's clock drifts, typing takes time. */
const DRIFT_STEPS = 1;
const BASE32 = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567";

export function base32Encode(bytes: Buffer): string {
  let bits = 0;
  let value = 0;
  let out = "";
  for (const byte of bytes) {
    value = (value << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      out += BASE32[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
  }
  if (bits > 0) out += BASE32[(value << (5 - bits)) & 31];
  return out;
}

/** The bytes of a base32 key; spaces and case are ignored, as apps show the key grouped. */
export function base32Decode(text: string): Buffer {
  let bits = 0;
  let value = 0;
  const out: number[] = [];
  for (const char of text.replace(/[\s=]/g, "").toUpperCase()) {
    const index = BASE32.indexOf(char);
    if (index < 0) throw new Error("not base32");
    value = (value << 5) | index;
    bits += 5;
    if (bits >= 8) {
      out.push((value >>> (bits - 8)) & 255);
      bits -= 8;
    }
  }
  return Buffer.from(out);
}

/** A new key: 160 random bits, the length RFC 4226 recommends for HMAC-SHA-1. */
export function newTotpSecret(): string {
  return base32Encode(randomBytes(20));
}

/** The 30-second step a moment falls in. */
export function stepAt(when: number): number {
  return Math.floor(when / 1000 / TOTP_STEP_SECONDS);
}

/** The code of `step` for a key given as raw bytes (RFC 4226 §5.3's dynamic truncation). */
export function hotp(key: Buffer, step: number, digits = DIGITS): string {
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(step));
  const mac = createHmac("sha1", key).update(counter).digest();
  const offset = mac[mac.length - 1] & 0x0f;
  const number = mac.readUInt32BE(offset) & 0x7fffffff;
  return String(number % 10 ** digits).padStart(digits, "0");
}

/** The code an app shows at `when` for a base32 key. */
export function totpCode(secret: string, when = Date.now()): string {
  return hotp(base32Decode(secret), stepAt(when));
}

/**
 * The step whose code `code` is, within the drift allowed around `when` and after `lastStep` (the
 * step of the last code accepted: a code is never taken twice); null when none is.
 */
export function acceptedStep(secret: string, code: string, when: number, lastStep: number | null): number | null {
  if (!/^\d{6}$/.test(code)) return null;
  const key = base32Decode(secret);
  const now = stepAt(when);
  for (let step = now - DRIFT_STEPS; step <= now + DRIFT_STEPS; step++) {
    if (lastStep !== null && step <= lastStep) continue;
    if (timingSafeEqual(Buffer.from(hotp(key, step)), Buffer.from(code))) return step;
  }
  return null;
}
