import { eq } from "drizzle-orm";
import { type Registration, type RegistrationResult, register } from "~/.server/accounts/registration.server";
import type { Executor } from "~/.server/db/client.server";
import { appUsers } from "~/.server/db/schema.server";
import { isUuid } from "~/.server/db/uuid.server";
import { recordAcceptance } from "~/.server/legal/pages.server";
import type { LegalPage } from "~/forms/legal-pages";
import { acceptOnRegistration } from "./invitations.server";

/**
 * A registration from a link that may carry `invitedId`: the account is created (accounts) and, in
 * the same transaction, the inviter is linked and the terms and privacy policy the member
 * accepted are recorded (`accepted`: the versions shown; those in force when none is named).
 */
export function registerMember(
  input: Registration & { invitedId?: string | null; accepted?: Partial<Record<LegalPage, number>> },
): Promise<RegistrationResult> {
  return register(input, async (tx, memberId) => {
    await linkInviter(tx, memberId, input.invitedId);
    await recordAcceptance(tx, memberId, input.accepted);
  });
}

/**
 * `invitedId` from the registration link: an invitation's id (the invitation is accepted by the
 * new member and its crew member shows as joined) or, as before, the inviting member's id.
 * Anything else is ignored.
 */
async function linkInviter(tx: Executor, memberId: string, invitedId: string | null | undefined) {
  if (!invitedId || !isUuid(invitedId)) return;
  const [inviterMember] = await tx.select({ id: appUsers.id }).from(appUsers).where(eq(appUsers.id, invitedId));
  const inviterId = inviterMember?.id ?? (await acceptOnRegistration(tx, invitedId, memberId));
  if (inviterId) await tx.update(appUsers).set({ invitedBy: inviterId }).where(eq(appUsers.id, memberId));
}
