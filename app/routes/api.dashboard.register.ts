import type { ActionFunctionArgs } from "@remix-run/node";
import { register } from "~/.server/accounts/registration.server";
import { registerBody } from "~/.server/api/schemas.server";
import { apiAnswer, apiError, methodNotAllowed, parseJsonBody } from "~/.server/api/respond.server";

/**
 * POST /api/dashboard/register?invited_id=… — `{user: {…}}` → `{token}` (SPEC §7). The member is
 * signed in at once; the address still has to be verified before the signed-in pages open.
 */
export async function action({ request }: ActionFunctionArgs) {
  const body = await parseJsonBody(request, registerBody);
  if (!body.ok) return body.response;
  const { user } = body.value;
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
  if (!result.ok && result.error === "passwordRejected")
    return apiError(request, 422, { base: ["errors.checkFields"], fields: { password: ["errors.passwordRejected"] } });
  if (!result.ok)
    return apiError(request, 409, { base: ["errors.emailTaken"], fields: { email: ["errors.emailTaken"] } });
  return apiAnswer({ token: result.token }, 201);
}

export const loader = methodNotAllowed;
