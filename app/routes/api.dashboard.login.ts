import type { ActionFunctionArgs } from "@remix-run/node";
import { login } from "~/.server/accounts/login.server";
import { loginBody } from "~/.server/api/schemas.server";
import { apiAnswer, apiError, methodNotAllowed, parseJsonBody } from "~/.server/api/respond.server";
import { clientOf } from "~/.server/http/client.server";

/** POST /api/dashboard/login?locale=fr — `{email, password}` → `{token}` (SPEC §7). */
export async function action({ request, context }: ActionFunctionArgs) {
  const body = await parseJsonBody(request, loginBody);
  if (!body.ok) return body.response;
  const result = await login(body.value.email, body.value.password, clientOf(request, context));
  if (!result.ok)
    return apiError(request, result.error === "tooManyAttempts" ? 429 : 401, { base: [`errors.${result.error}`] });
  return apiAnswer({ token: result.token });
}

export const loader = methodNotAllowed;
