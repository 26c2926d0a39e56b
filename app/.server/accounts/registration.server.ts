import { eq } from "drizzle-orm";
import { db, type Executor } from "~/.server/db/client.server";
import { appUsers } from "~/.server/db/schema.server";
import { createIdentity, createSession, issueCode, markAddressSent } from "~/.server/identity/embedded.server";
import { EmailTakenError } from "~/.server/identity/identity.server";
import { queueMail } from "~/.server/mail/outbox.server";
import { acceptOnRegistration } from "~/.server/team/invitations.server";
import { isUuid } from "~/.server/db/uuid.server";
import { verificationMail } from "~/.server/mail/templates.server";
import type { Language } from "~/i18n/config";
import { verificationLink } from "./links.server";

/** A registration, parsed and valid (SPEC §3 registration payload). */
export type Registration = {
  firstname: string;
  lastname: string;
  birthDate: string;
  gender: string;
  email: string;
  mobile: string | null;
  password: string;
  userType: string;
  lang: Language;
  invitedId?: string | null;
  /** The browser registering, named on the session it starts. */
  userAgent?: string | null;
};

export type RegistrationResult = { ok: true; token: string; memberId: string } | { ok: false; error: "emailTaken" };

/**
 * Creates the identity, the member record, the verification code and its email, and a session,
 * in one transaction: either all of it exists afterwards or none of it does.
 */
export async function register(input: Registration): Promise<RegistrationResult> {
  try {
    return await db().transaction(async (tx) => {
      const identity = await createIdentity(tx, {
        email: input.email,
        password: input.password,
        first: input.firstname,
        last: input.lastname,
      });
      const [member] = await tx
        .insert(appUsers)
        .values({
          identityId: identity.id,
          firstname: input.firstname,
          lastname: input.lastname,
          birthDate: input.birthDate,
          gender: input.gender,
          mobile: input.mobile,
          lang: input.lang,
          userType: input.userType,
        })
        .returning({ id: appUsers.id });
      await linkInviter(tx, member.id, input.invitedId);
      await sendVerification(tx, identity.id, identity.traits.email, input.firstname, input.lang);
      const session = await createSession(tx, identity.id, input.userAgent ?? null);
      return { ok: true as const, token: session.token, memberId: member.id };
    });
  } catch (error) {
    if (error instanceof EmailTakenError) return { ok: false, error: "emailTaken" };
    throw error;
  }
}

/** A new verification code and its email, written in the caller's transaction. */
export async function sendVerification(
  tx: Executor,
  identityId: string,
  email: string,
  firstname: string,
  lang: Language,
) {
  const issued = await issueCode(tx, "verification", email, identityId);
  await queueMail(
    tx,
    verificationMail(lang, email, {
      firstname,
      code: issued.code,
      link: verificationLink(issued.codeId, issued.linkToken),
    }),
  );
  await markAddressSent(tx, identityId);
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
