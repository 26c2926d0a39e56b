import { DAY_MS } from "~/.server/calendar/days.server";
import type { Executor } from "~/.server/db/client.server";
import { countRecent, type Limit } from "~/.server/rate-limit/rate-limit.server";
import { deviceKeyFor } from "~/.server/http/device-cookie.server";
import type { CodeFlow } from "./identity.server";
import type { CodeError, CodeTry } from "./port.server";

const HOUR_MS = 60 * 60 * 1000;

/**
 * Wrong codes one identity (or, for a recovery asked for an unknown address, one address) may
 * take from strangers in an hour, whatever the code and the flow: new codes do not bring new
 * tries. An hour, not a day: a stranger who types them all locks the account's codes
 * for an hour at most, and never for its owner's own browsers (below). The odds stay small because
 * codes are scarce too: a code dies after 5 wrong tries and recovery mails at most 10 codes a day
 * (accounts/recovery.server.ts), so at most 50 tries a day reach an account's recovery — a guess
 * against a million codes succeeds with odds of 1 in 20,000 a day. Both adapters count them:
 * Kratos limits tries per flow only.
 */
export const CODE_MISSES_PER_HOUR = 10;
/**
 * Verification codes keep a day's limit as well: only the session that registered can type them,
 * so no stranger can spend it against the address's owner (who also has the email's link, which
 * no limit holds back), while a stranger who registered with someone else's address — one that
 * may be on ADMIN_EMAILS — gets 10 guesses a day, as before, not 240.
 */
export const VERIFICATION_MISSES_PER_DAY = 10;
/**
 * Wrong codes from one client address in an hour, whatever the accounts: 20 an hour is 480 a
 * day, so one address spreading its guesses over many accounts opens one with odds of about 1 in
 * 2,000 a day (480 in a million). An office or a family behind one address has room for many
 * honest typos.
 */
export const CODE_MISSES_PER_IP_PER_HOUR = 20;
/**
 * Wrong codes from a browser that signed in to the account before (its device cookie): counted
 * against that browser alone, never the account's or the address's, so a stranger who filled those
 * cannot keep the owner from recovering or confirming a new address from their own browser.
 */
export const CODE_MISSES_PER_DEVICE_PER_HOUR = 5;

/**
 * The limits a wrong code counts against: for a browser known to the account (`account`: its
 * normalised email), that browser's hour; for a stranger, the account's (or unknown address's)
 * hour and the client address's hour. A try takes its slots first (trySlots/takeSlots: parallel
 * tries cannot overtake the count) and a right code gives them back, so only wrong ones count.
 */
export function codeMissLimits(subject: string, from: CodeTry, account: string, flow?: CodeFlow): Limit[] {
  const device = deviceKeyFor(from.device ?? null, account);
  if (device) {
    return [{ bucket: "code-misses-device", key: device, max: CODE_MISSES_PER_DEVICE_PER_HOUR, windowMs: HOUR_MS }];
  }
  const limits = [
    { bucket: "code-misses", key: subject, max: CODE_MISSES_PER_HOUR, windowMs: HOUR_MS },
    { bucket: "code-misses-ip", key: from.ip, max: CODE_MISSES_PER_IP_PER_HOUR, windowMs: HOUR_MS },
  ];
  if (flow !== "verification") return limits;
  return [
    ...limits,
    { bucket: "verification-misses", key: subject, max: VERIFICATION_MISSES_PER_DAY, windowMs: DAY_MS },
  ];
}

/** The refusal of a try whose limit `bucket` is full. */
export function codeLimitError(bucket: string): CodeError {
  return bucket === "code-misses-ip" ? "codeTooManyTriesFromHere" : "codeTooManyTries";
}

/**
 * Whether strangers typed all the identity's (or unknown address's) wrong codes for the hour: a new
 * code would not open for them. A browser known to the account (`account`) is not held back.
 */
export async function codeTriesSpent(executor: Executor, subject: string, from: CodeTry, account: string) {
  if (deviceKeyFor(from.device ?? null, account)) return false;
  return (await countRecent("code-misses", subject, HOUR_MS, executor)) >= CODE_MISSES_PER_HOUR;
}
