import { describe, expect, it } from "vitest";
import {
  acceptedStep,
  base32Decode,
  base32Encode,
  hotp,
  newTotpSecret,
  stepAt,
  totpCode,
} from "~/.server/secrets/totp.server";

/** RFC 6238 appendix B, SHA-1 rows: the key is the ASCII "12345678901234567890", 8 digits. */
const RFC_KEY = Buffer.from("12345678901234567890", "ascii");
const RFC_VECTORS: [number, string][] = [
  [59, "94287082"],
  [1111111109, "07081804"],
  [1111111111, "14050471"],
  [1234567890, "89005924"],
  [2000000000, "69279037"],
  [20000000000, "65353130"],
];

describe("TOTP (RFC 6238)", () => {
  it.each(RFC_VECTORS)("answers RFC 6238's code at %i s", (seconds, code) => {
    expect(hotp(RFC_KEY, stepAt(seconds * 1000), 8)).toBe(code);
  });

  it("shows the 6-digit code an app shows for the same key in base32", () => {
    const secret = base32Encode(RFC_KEY);
    expect(secret).toBe("GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ");
    // The last six digits of the 8-digit vector: RFC 4226 truncates modulo 10^digits.
    expect(totpCode(secret, 59_000)).toBe("287082");
    expect(totpCode(secret.toLowerCase().replace(/(.{4})/g, "$1 "), 59_000)).toBe("287082");
  });

  it("makes 160-bit keys that read back as 20 bytes", () => {
    const secret = newTotpSecret();
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(base32Decode(secret)).toHaveLength(20);
    expect(newTotpSecret()).not.toBe(secret);
  });

  it("takes the code of the step before or after, not two steps away", () => {
    const secret = newTotpSecret();
    const now = 1_700_000_000_000;
    const step = stepAt(now);
    expect(acceptedStep(secret, totpCode(secret, now), now, null)).toBe(step);
    expect(acceptedStep(secret, totpCode(secret, now - 30_000), now, null)).toBe(step - 1);
    expect(acceptedStep(secret, totpCode(secret, now + 30_000), now, null)).toBe(step + 1);
    expect(acceptedStep(secret, totpCode(secret, now - 60_000), now, null)).toBeNull();
    expect(acceptedStep(secret, totpCode(secret, now + 60_000), now, null)).toBeNull();
  });

  it("never takes a code of a step already used, nor anything but six digits", () => {
    const secret = newTotpSecret();
    const now = 1_700_000_000_000;
    const code = totpCode(secret, now);
    expect(acceptedStep(secret, code, now, stepAt(now))).toBeNull();
    expect(acceptedStep(secret, totpCode(secret, now - 30_000), now, stepAt(now) - 1)).toBeNull();
    expect(acceptedStep(secret, `${code} `, now, null)).toBeNull();
    expect(acceptedStep(secret, "12345", now, null)).toBeNull();
  });
});
