import { eq, inArray } from "drizzle-orm";
import type { SignedIn } from "~/.server/accounts/members.server";
import { cancelSessionsOfDeparting } from "~/.server/coaching/bookings.server";
import { db } from "~/.server/db/client.server";
import { mailOutbox, rateLimitEvents } from "~/.server/db/schema.server";
import {
  checkPassword,
  deleteIdentity,
  normalizeEmail,
  revokeOtherSessions,
  setPassword,
} from "~/.server/identity/embedded.server";
import { releaseSlots, takeSlots } from "~/.server/rate-limit/rate-limit.server";

/** Wrong current passwords per member in 15 minutes before the forms stop checking. */
const WINDOW_MS = 15 * 60 * 1000;
const MAX_FAILURES = 5;

export type PasswordError = "currentPasswordWrong" | "tooManyAttempts";

/**
 * Whether `password` is the member's, counting failures (a stolen session must not guess it):
 * each check takes its slot before the password is compared, and a right one gives it back.
 */
export async function confirmPassword(
  { identity }: SignedIn,
  password: string,
): Promise<{ ok: true } | { ok: false; error: PasswordError }> {
  const slots = await takeSlots([
    { bucket: "password-check", key: identity.id, max: MAX_FAILURES, windowMs: WINDOW_MS },
  ]);
  if (!slots) return { ok: false, error: "tooManyAttempts" };
  if ((await checkPassword(identity.traits.email, password)) !== identity.id)
    return { ok: false, error: "currentPasswordWrong" };
  await releaseSlots(slots);
  return { ok: true };
}

/** A new password, once the current one is given; every other session of the member ends. */
export async function changePassword(
  signedIn: SignedIn,
  current: string,
  password: string,
): Promise<{ ok: true } | { ok: false; error: PasswordError }> {
  const check = await confirmPassword(signedIn, current);
  if (!check.ok) return check;
  await db().transaction(async (tx) => {
    await setPassword(tx, signedIn.identity.id, password);
    await revokeOtherSessions(tx, signedIn.identity.id, signedIn.token);
  });
  return { ok: true };
}

export type DeletionResult = { ok: true } | { ok: false; error: PasswordError | "confirmEmailWrong" };

/**
 * Deletes the account once the member typed their address and password. The identity goes and
 * cascades to the member record and everything keyed by it (goals, progress, crew, sessions…);
 * the emails we kept for the address and its rate-limit counters go too. Upcoming coaching
 * sessions are cancelled first, so their coaches are told.
 */
export async function deleteAccount(signedIn: SignedIn, email: string, password: string): Promise<DeletionResult> {
  const address = signedIn.identity.traits.email;
  if (normalizeEmail(email) !== address) return { ok: false, error: "confirmEmailWrong" };
  const check = await confirmPassword(signedIn, password);
  if (!check.ok) return check;
  await db().transaction(async (tx) => {
    await cancelSessionsOfDeparting(tx, signedIn.member.id);
    // The departing member's own mail goes, their sessions' cancellation included; the coaches' stays.
    await tx.delete(mailOutbox).where(eq(mailOutbox.to, address));
    await tx.delete(rateLimitEvents).where(inArray(rateLimitEvents.key, [address, signedIn.identity.id]));
    await deleteIdentity(tx, signedIn.identity.id);
  });
  return { ok: true };
}
