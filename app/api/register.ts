import type { ActionFunctionArgs } from "@remix-run/node";
import { registerBody, registrationRefusals } from "~/.server/accounts/contract.server";
import { register } from "~/.server/accounts/registration.server";
import { apiAnswer, apiRefusal, methodNotAllowed, parseJsonBody } from "~/.server/api/respond.server";

/**
 * POST /api/dashboard/register?invited_id=… — `{user: {…}}` → `{token}` (SPEC §7). The member is
 * signed in at once; the address still has to be verified before the signed-in pages open.
 */
export async function action({ request }: ActionFunctionArgs) {
  const { user } = await parseJsonBody(request, registerBody);
  const result = await register({
    firstname: user.firstname,
    lastname: user.lastname,
    birthDate: user.birth_date,
    gender: user.gender,
    email: user.email,
    mobile: user.mobile ?? null,
    password: user.password,
    userType: user.user_type,
    lang: user.lang,
    invitedId: new URL(request.url).searchParams.get("invited_id"),
    userAgent: request.headers.get("user-agent"),
  });
  if (!result.ok) return apiRefusal(request, registrationRefusals[result.error]);
  return apiAnswer({ token: result.token }, 201);
}

export const loader = methodNotAllowed;
