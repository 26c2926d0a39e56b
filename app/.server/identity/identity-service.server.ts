import { env } from "~/.server/config/env.server";
import { logger } from "~/.server/observability/logger.server";
import { embeddedIdentity } from "./embedded/adapter.server";
import { createOryIdentity } from "./ory/adapter.server";
import type { IdentityPort } from "./port.server";

export * from "./port.server";
export {
  EmailTakenError,
  isVerified,
  normalizeEmail,
  SESSION_LIFETIME_MS,
  type Identity,
  type Session,
} from "./identity.server";
/** Cap's own emailed codes: the email change's under both adapters (profile/). */
export { consumeCode, issueCode, openCodeAddress, openCodeId, withdrawCodes } from "./codes.server";
/** Whether strangers typed all an identity's (or address's) wrong codes for the hour (accounts/recovery). */
export { codeTriesSpent } from "./code-limits.server";
/** Start-up seals the embedded store's TOTP keys under the newest TOTP_ENCRYPTION_KEYS key (runtime/lifecycle). */
export { reencryptTotpSecrets } from "./embedded/second-factor.server";
/** A Kratos answer in words, for the migration tool's errors (identity-migration/). */
export { describeAnswer as describeKratosAnswer } from "./ory/mapping.server";

/**
 * The identity service, chosen once at start: Ory Kratos / Ory Network when ORY_SDK_URL is set,
 * otherwise the embedded store. This module is the only door to identities: nothing outside
 * identity/ imports another of its modules (docs/where-things-are.md, "Floors").
 */
let chosen: IdentityPort | undefined;

export function identity(): IdentityPort {
  chosen ??= choose();
  return chosen;
}

function choose(): IdentityPort {
  const { ORY_SDK_URL, ORY_ADMIN_URL, ORY_API_KEY, ORY_TIMEOUT_MS } = env();
  if (!ORY_SDK_URL) {
    logger.info({ identity: "embedded" }, "identities: embedded store (ORY_SDK_URL unset)");
    return embeddedIdentity;
  }
  const adminUrl = ORY_ADMIN_URL ?? ORY_SDK_URL;
  logger.info({ identity: "ory", sdkUrl: ORY_SDK_URL, adminUrl }, "identities: Ory Kratos");
  return createOryIdentity({ sdkUrl: ORY_SDK_URL, adminUrl, apiKey: ORY_API_KEY, timeoutMs: ORY_TIMEOUT_MS });
}

/** Tests (and tools) put another adapter in place, e.g. Ory against a fake Kratos; undefined chooses again. */
export function setIdentityService(port: IdentityPort | undefined) {
  chosen = port;
}
