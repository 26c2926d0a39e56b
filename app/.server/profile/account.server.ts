import { eq, inArray } from "drizzle-orm";
import { forgetRememberedDevices } from "~/.server/security/remembered-devices.server";
import type { SignedIn } from "~/.server/accounts/members.server";
import { db } from "~/.server/db/client.server";
import { appUsers, mailOutbox, rateLimitEvents } from "~/.server/db/schema.server";
import type { Client } from "~/.server/http/client.server";
import { type AlongWith, identity, normalizeEmail } from "~/.server/identity/identity-service.server";
import { releaseSlots, takeSlots } from "~/.server/rate-limit/rate-limit.server";
import { recordSecurityEvent } from "~/.server/security/security-events.server";

/** Wrong current passwords per member in 15 minutes before the forms stop checking. */
const WINDOW_MS = 15 * 60 * 1000;
const MAX_FAILURES = 5;

export type PasswordError = "currentPasswordWrong" | "tooManyAttempts";

/**
 * Whether `password` is the member's, counting failures (a stolen session must not guess it):
 * each check takes its slot before the password is compared, and a right one gives it back.
 */
export async function confirmPassword(
  signedIn: SignedIn,
  password: string,
): Promise<{ ok: true } | { ok: false; error: PasswordError }> {
  const slots = await takeSlots([
    { bucket: "password-check", key: signedIn.identity.id, max: MAX_FAILURES, windowMs: WINDOW_MS },
  ]);
  if (!slots) return { ok: false, error: "tooManyAttempts" };
  if (!(await identity().reauthenticate(signedIn.token, signedIn.identity, password)))
    return { ok: false, error: "currentPasswordWrong" };
  await releaseSlots(slots);
  return { ok: true };
}

/**
 * A new password, once the current one is given; every other session of the member ends and the
 * member is told by mail (the event is written once the identity service took the password).
 */
export async function changePassword(
  signedIn: SignedIn,
  current: string,
  password: string,
  client: Client,
): Promise<{ ok: true } | { ok: false; error: PasswordError | "passwordRejected" }> {
  const check = await confirmPassword(signedIn, current);
  if (!check.ok) return check;
  const changed = await identity().setPassword(signedIn.token, signedIn.identity.id, password);
  if (changed.ok) {
    await db().transaction(async (tx) => {
      await recordSecurityEvent(tx, signedIn.member.id, "password.changed", client);
      await forgetRememberedDevices(tx, signedIn.identity.id);
    });
  }
  return changed;
}

export type DeletionResult = { ok: true } | { ok: false; error: PasswordError | "confirmEmailWrong" };

/**
 * Deletes the account once the member typed their address and password (removeAccount says what
 * goes and what stays); `alongWith` runs first in the deletion's transaction.
 */
export async function deleteAccount(
  signedIn: SignedIn,
  email: string,
  password: string,
  alongWith?: AlongWith<void>,
): Promise<DeletionResult> {
  const address = signedIn.identity.traits.email;
  if (normalizeEmail(email) !== address) return { ok: false, error: "confirmEmailWrong" };
  const check = await confirmPassword(signedIn, password);
  if (!check.ok) return check;
  await removeAccount({ identityId: signedIn.identity.id, memberId: signedIn.member.id, address }, alongWith);
  return { ok: true };
}

/**
 * An account's deletion, the member's own or an operator's (admin/): the identity goes and cascades
 * to the member record and everything keyed by it (goals, progress, crew, sessions…); the emails we
 * kept for the address and its rate-limit counters go too. `first` runs at the start of the same
 * transaction (the operator's checks and audit, the other domains' steps: coaching cancels the
 * member's upcoming sessions, so their coaches are told): when it throws, nothing is deleted.
 */
export async function removeAccount(
  account: { identityId: string; memberId: string; address: string | null },
  first?: AlongWith<void>,
): Promise<void> {
  const { identityId, memberId, address } = account;
  await identity().delete(identityId, async (tx) => {
    if (first) await first(tx);
    // The departing member's own mail goes, their sessions' cancellation included; the coaches' stays.
    if (address) await tx.delete(mailOutbox).where(eq(mailOutbox.to, address));
    await tx
      .delete(rateLimitEvents)
      .where(inArray(rateLimitEvents.key, address ? [address, identityId] : [identityId]));
    // Everything keyed by the member (goals, progress, crew…) cascades from this row.
    await tx.delete(appUsers).where(eq(appUsers.id, memberId));
  });
}
