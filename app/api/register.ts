import { registerBody, registrationRefusals, tokenAnswer } from "~/.server/accounts/contract.server";
import { registerMember } from "~/.server/team/registration.server";
import { postEndpoint } from "~/.server/api/endpoint.server";
import { apiAnswer } from "~/.server/api/respond.server";
import { localeOf } from "~/.server/i18n/i18n.server";

/**
 * SPEC §7: `?invited_id=…`, `{user: {…}}` → the token itself (a JSON string, "used as the token"). The member is signed in at once; the
 * address still has to be verified before the signed-in pages open.
 * The spec's body names no version of the terms: the terms and privacy policy in force are
 * recorded as accepted (legal/), as the web form records the ones it showed.
 */
export const endpoint = postEndpoint("/api/dashboard/register", {
  summary: "Register a member and sign them in; a verification code is emailed",
  guard: "none",
  body: registerBody,
  query: [{ name: "invited_id", description: "The inviting member's id, from an invitation link" }],
  refusals: registrationRefusals,
  ok: { status: 201, schema: tokenAnswer, description: "Registered and signed in" },
  async handler({ request, context, body, refuse }) {
    const { user } = await body();
    const result = await registerMember({
      firstname: user.firstname,
      lastname: user.lastname,
      birthDate: user.birth_date,
      gender: user.gender,
      email: user.email,
      mobile: user.mobile ?? null,
      password: user.password,
      userType: user.user_type,
      // user.lang is always fr (SPEC §3); the member reads in the language the caller asks (Accept-Language).
      lang: await localeOf(request),
      invitedId: new URL(request.url).searchParams.get("invited_id"),
      userAgent: request.headers.get("user-agent"),
      ip: context.clientIp ?? "unknown",
    });
    return result.ok ? apiAnswer(result.token, 201) : refuse(result.error);
  },
});
