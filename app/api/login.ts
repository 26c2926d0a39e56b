import type { ActionFunctionArgs } from "@remix-run/node";
import { loginBody, loginRefusals } from "~/.server/accounts/contract.server";
import { login } from "~/.server/accounts/login.server";
import { apiAnswer, apiRefusal, methodNotAllowed, parseJsonBody } from "~/.server/api/respond.server";
import { clientOf } from "~/.server/http/client.server";

/** POST /api/dashboard/login?locale=fr — `{email, password}` → `{token}` (SPEC §7). */
export async function action({ request, context }: ActionFunctionArgs) {
  const body = await parseJsonBody(request, loginBody);
  const result = await login(body.email, body.password, clientOf(request, context));
  if (!result.ok) return apiRefusal(request, loginRefusals[result.error]);
  return apiAnswer({ token: result.token });
}

export const loader = methodNotAllowed;
