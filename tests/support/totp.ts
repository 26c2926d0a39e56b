import { createHmac } from "node:crypto";

/**
 * RFC 6238 time-based codes as authenticator apps make them (SHA-1, 6 digits, 30-second steps,
 * RFC 4648 base32 keys): what a test types after pairing, and what the fake Kratos checks.
 */

export const TOTP_STEP_MS = 30_000;
const ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567";

export function base32Encode(bytes: Buffer): string {
  let bits = 0;
  let value = 0;
  let out = "";
  for (const byte of bytes) {
    value = (value << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      out += ALPHABET[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
  }
  if (bits > 0) out += ALPHABET[(value << (5 - bits)) & 31];
  return out;
}

export function base32Decode(text: string): Buffer {
  const clean = text.replace(/=+$/, "").toUpperCase();
  let bits = 0;
  let value = 0;
  const out: number[] = [];
  for (const char of clean) {
    const index = ALPHABET.indexOf(char);
    if (index < 0) throw new Error(`not base32: ${char}`);
    value = (value << 5) | index;
    bits += 5;
    if (bits >= 8) {
      out.push((value >>> (bits - 8)) & 255);
      bits -= 8;
    }
  }
  return Buffer.from(out);
}

/** The step a moment falls in (RFC 6238's T, with T0 = 0). */
export const totpStep = (at: Date | number = Date.now()) => Math.floor(new Date(at).getTime() / TOTP_STEP_MS);

/** The code of a step (RFC 4226's dynamic truncation, 6 digits). */
export function totpCodeAtStep(secret: string, step: number): string {
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(step));
  const mac = createHmac("sha1", base32Decode(secret)).update(counter).digest();
  const offset = mac[mac.length - 1] & 15;
  const binary = mac.readUInt32BE(offset) & 0x7fffffff;
  return String(binary % 1_000_000).padStart(6, "0");
}

/** The code an app shows at `at`, or `steps` steps later (negative: earlier). */
export const totpCode = (secret: string, at: Date | number = Date.now(), steps = 0) =>
  totpCodeAtStep(secret, totpStep(at) + steps);

/** Six digits that are none of the codes from `steps` steps before to after `at`: surely wrong. */
export function wrongTotpCode(secret: string, at: Date | number = Date.now(), steps = 3): string {
  const near = new Set(Array.from({ length: 2 * steps + 1 }, (_, i) => totpCode(secret, at, i - steps)));
  for (let candidate = 0; ; candidate++) {
    const code = String(candidate).padStart(6, "0");
    if (!near.has(code)) return code;
  }
}
