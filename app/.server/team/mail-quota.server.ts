import type { Executor } from "~/.server/db/client.server";
import { mailQuotaKey } from "~/.server/rate-limit/mail-quota-key.server";
import { trySlots } from "~/.server/rate-limit/rate-limit.server";
import { DAY_MS } from "~/.server/calendar/days.server";

/**
 * Emails a member makes Cap send to addresses they typed — crew invitations, their resends and
 * 360 survey links — are bounded: Cap must not become a way to flood or phish
 * someone. Per member and per recipient, over a day, plus one invitation a day from one member to
 * one address. Every count is kept by address, not by crew entry or invitation, so removing and
 * adding someone again resets nothing. Taken in the caller's transaction, so parallel requests
 * cannot overshoot and a refused request queues nothing.
 */
export const CREW_MAILS_PER_MEMBER_PER_DAY = 20;
export const CREW_MAILS_PER_RECIPIENT_PER_DAY = 3;
/** One invitation email (first or resent) from a member to an address in this time. */
export const INVITATION_GAP_MS = DAY_MS;

function invitationPair(memberId: string, email: string) {
  return { bucket: "crew-invitation-pair", key: `${memberId} ${email}` };
}

export type CrewMailKind = "invitation" | "survey";
export type CrewMailQuota = { ok: true; slots: number[] } | { ok: false; error: "tooSoon" | "tooManyMails" };

export async function takeCrewMailQuota(
  tx: Executor,
  memberId: string,
  recipients: string[],
  kind: CrewMailKind,
): Promise<CrewMailQuota> {
  // Counted by inbox: sub-addresses and case variants of one address share its quota.
  const addresses = recipients.map(mailQuotaKey);
  // The invitation gap first: when it is the one that is full, the refusal says so.
  const gap = (email: string) => ({ ...invitationPair(memberId, email), max: 1, windowMs: INVITATION_GAP_MS });
  const gaps = kind === "invitation" ? addresses.map(gap) : [];
  const taken = await trySlots(
    [
      ...gaps,
      {
        bucket: "crew-mail-member",
        key: memberId,
        max: CREW_MAILS_PER_MEMBER_PER_DAY,
        windowMs: DAY_MS,
        cost: addresses.length,
      },
      ...addresses.map((email) => ({
        bucket: "crew-mail-recipient",
        key: email,
        max: CREW_MAILS_PER_RECIPIENT_PER_DAY,
        windowMs: DAY_MS,
      })),
    ],
    tx,
  );
  if (taken.ok) return { ok: true, slots: taken.ids };
  return { ok: false, error: gaps.includes(taken.full) ? "tooSoon" : "tooManyMails" };
}
