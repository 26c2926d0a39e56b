import { randomBytes } from "node:crypto";
import { mkdtempSync, readFileSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { ConfigError, parseEnv } from "~/.server/config/env.server";
import { newTotpSecret } from "~/.server/secrets/totp.server";
import { isSealedUnderNewest, openTotpSecret, sealTotpSecret } from "~/.server/secrets/totp-key.server";

/** TOTP keys at rest: sealed under TOTP_ENCRYPTION_KEYS's first key, opened by any of the list. */
const IDENTITY = "0b9c4a52-2f0e-4d3b-9a57-7d8e2c1f4a10";
const key = () => randomBytes(32);

describe("TOTP keys at rest", () => {
  it("are sealed (AES-256-GCM) so the stored text never shows the key, and open again", () => {
    const secret = newTotpSecret();
    const keys = [key()];
    const sealed = sealTotpSecret(secret, IDENTITY, keys);
    expect(sealed).toMatch(/^v1\.[0-9a-f]{8}\./);
    expect(sealed).not.toContain(secret);
    expect(sealTotpSecret(secret, IDENTITY, keys)).not.toBe(sealed);
    expect(openTotpSecret(sealed, IDENTITY, keys)).toBe(secret);
  });

  it("open under an old key until sealed again under the new one; a key dropped too soon opens nothing", () => {
    const secret = newTotpSecret();
    const [old, fresh] = [key(), key()];
    const sealed = sealTotpSecret(secret, IDENTITY, [old]);
    // Rotated: the new key first, the old after it.
    expect(openTotpSecret(sealed, IDENTITY, [fresh, old])).toBe(secret);
    expect(isSealedUnderNewest(sealed, [fresh, old])).toBe(false);
    const again = sealTotpSecret(secret, IDENTITY, [fresh, old]);
    expect(isSealedUnderNewest(again, [fresh, old])).toBe(true);
    expect(openTotpSecret(again, IDENTITY, [fresh])).toBe(secret);
    expect(() => openTotpSecret(sealed, IDENTITY, [fresh])).toThrow(/TOTP_ENCRYPTION_KEYS/);
  });

  it("refuse a secret altered, or copied onto another identity", () => {
    const keys = [key()];
    const sealed = sealTotpSecret(newTotpSecret(), IDENTITY, keys);
    const parts = sealed.split(".");
    parts[4] = `${parts[4].slice(0, -2)}${parts[4].endsWith("AA") ? "BB" : "AA"}`;
    expect(() => openTotpSecret(parts.join("."), IDENTITY, keys)).toThrow();
    expect(() => openTotpSecret(sealed, "1b9c4a52-2f0e-4d3b-9a57-7d8e2c1f4a10", keys)).toThrow();
  });

  it("read a key kept before encryption as it is", () => {
    const secret = newTotpSecret();
    expect(openTotpSecret(secret, IDENTITY, [key()])).toBe(secret);
  });

  it("take their key from TOTP_ENCRYPTION_KEYS, or one generated under DATA_DIR, never the session secret", () => {
    const dir = mkdtempSync(path.join(tmpdir(), "cap-totp-key-"));
    const generated = parseEnv({ DATA_DIR: dir });
    const [own] = generated.TOTP_ENCRYPTION_KEYS;
    expect(own).toMatch(/^[0-9a-f]{64}$/);
    expect(own).not.toBe(generated.SESSION_SECRET);
    const file = path.join(dir, "totp-encryption-key");
    expect(readFileSync(file, "utf8")).toBe(own);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(parseEnv({ DATA_DIR: dir }).TOTP_ENCRYPTION_KEYS).toEqual([own]);

    const [fresh, old] = [key().toString("hex"), key().toString("hex")];
    const given = parseEnv({ DATA_DIR: dir, TOTP_ENCRYPTION_KEYS: ` ${fresh.toUpperCase()}, ${old} ` });
    expect(given.TOTP_ENCRYPTION_KEYS).toEqual([fresh, old]);
    expect(() => parseEnv({ DATA_DIR: dir, TOTP_ENCRYPTION_KEYS: `${fresh},short` })).toThrow(ConfigError);
    expect(() => parseEnv({ DATA_DIR: dir, TOTP_ENCRYPTION_KEYS: "x".repeat(64) })).toThrow(
      /TOTP_ENCRYPTION_KEYS="x+" is not valid: expected keys of 64 hexadecimal digits/,
    );
  });
});
