import { totpCode as appCode, TOTP_STEP_SECONDS } from "~/.server/secrets/totp.server";

export { base32Encode } from "~/.server/secrets/totp.server";

/**
 * What a test types after pairing, and what the fake Kratos checks: the codes an authenticator app
 * shows (Cap's own RFC 6238 module, tested against the RFC's vectors in tests/unit/totp.test.ts),
 * a few steps off, and a code that is surely wrong.
 */
const STEP_MS = TOTP_STEP_SECONDS * 1000;

/** The code an app shows at `at`, or `steps` steps later (negative: earlier). */
export const totpCode = (secret: string, at: Date | number = Date.now(), steps = 0) =>
  appCode(secret, new Date(at).getTime() + steps * STEP_MS);

/** Six digits that are none of the codes from `steps` steps before to after `at`: surely wrong. */
export function wrongTotpCode(secret: string, at: Date | number = Date.now(), steps = 3): string {
  const near = new Set(Array.from({ length: 2 * steps + 1 }, (_, i) => totpCode(secret, at, i - steps)));
  for (let candidate = 0; ; candidate++) {
    const code = String(candidate).padStart(6, "0");
    if (!near.has(code)) return code;
  }
}
