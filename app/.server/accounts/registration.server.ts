import { eq } from "drizzle-orm";
import type { Executor } from "~/.server/db/client.server";
import { appUsers } from "~/.server/db/schema.server";
import { isUuid } from "~/.server/db/uuid.server";
import { identity, normalizeEmail } from "~/.server/identity/identity-service.server";
import { deviceCookieHeader, type KnownDevice } from "~/.server/secrets/device-cookie.server";
import { acceptOnRegistration } from "~/.server/team/invitations.server";
import type { Language } from "~/i18n/config";

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
  /** The browser's device cookie, if it has one: the new account joins the accounts it knows. */
  device?: KnownDevice | null;
};

export type RegistrationResult =
  | { ok: true; token: string; memberId: string; deviceCookie: string }
  | { ok: false; error: "emailTaken" | "passwordRejected" };

/**
 * Creates the identity (its verification code mailed), the member record and a session: either
 * all of it exists afterwards or none of it does (identity/port.server.ts says how per adapter).
 */
export async function register(input: Registration): Promise<RegistrationResult> {
  const name = { first: input.firstname, last: input.lastname };
  const registered = await identity().register(
    { email: input.email, password: input.password, name, lang: input.lang, userAgent: input.userAgent ?? null },
    async (tx, created) => {
      const [member] = await tx
        .insert(appUsers)
        .values({
          identityId: created.id,
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
      return member.id;
    },
  );
  if (!registered.ok) return registered;
  // The browser that registered is the account's first known device (login.server.ts).
  const deviceCookie = deviceCookieHeader(input.device ?? null, normalizeEmail(registered.identity.traits.email));
  return { ok: true, token: registered.token, memberId: registered.created, deviceCookie };
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
