import type { Executor } from "~/.server/db/client.server";
import { DAY_MS } from "~/.server/calendar/days.server";
import { countRecent } from "~/.server/rate-limit/rate-limit.server";
import type { CodeError } from "./port.server";

/**
 * Wrong codes one identity (or, for a recovery asked for an unknown address, one address) may
 * type in a day, whatever the code and the flow: new codes do not bring new tries. With 10 tries
 * a day against a million codes, a guess succeeds with odds of 1 in 100,000 a day (about 1 in 270
 * over a year of daily attempts). Both adapters count them: Kratos limits tries per flow only.
 */
export const CODE_MISSES_PER_DAY = 10;
const CODE_MISS_WINDOW_MS = DAY_MS;
/**
 * Wrong codes from one client address in an hour, whatever the accounts: 20 an hour is 480 a
 * day, so one address spreading its guesses over many accounts opens one with odds of about 1 in
 * 2,000 a day (480 in a million), and never a given account better than the 1 in 100,000 above.
 * An office or a family behind one address has room for many honest typos.
 */
export const CODE_MISSES_PER_IP_PER_HOUR = 20;
const CODE_MISS_IP_WINDOW_MS = 60 * 60 * 1000;

/**
 * The limits a wrong code counts against: the account's (or unknown address's) day, the client's
 * hour. A try takes its slots first (trySlots/takeSlots: parallel tries cannot overtake the
 * count) and a right code gives them back, so only wrong ones count.
 */
export function codeMissLimits(subject: string, ip: string) {
  return [
    { bucket: "code-misses", key: subject, max: CODE_MISSES_PER_DAY, windowMs: CODE_MISS_WINDOW_MS },
    { bucket: "code-misses-ip", key: ip, max: CODE_MISSES_PER_IP_PER_HOUR, windowMs: CODE_MISS_IP_WINDOW_MS },
  ];
}

/** The refusal of a try whose limit `bucket` is full. */
export function codeLimitError(bucket: string): CodeError {
  return bucket === "code-misses" ? "codeTooManyTries" : "codeTooManyTriesFromHere";
}

/** Whether the identity (or unknown address) typed all its wrong codes for the day: a new code would not open. */
export async function codeTriesSpent(executor: Executor, subject: string): Promise<boolean> {
  return (await countRecent("code-misses", subject, CODE_MISS_WINDOW_MS, executor)) >= CODE_MISSES_PER_DAY;
}
