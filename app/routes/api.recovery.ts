import type { ActionFunctionArgs } from "@remix-run/node";
import { requestRecovery } from "~/.server/accounts/recovery.server";
import { recoveryBody } from "~/.server/api/schemas.server";
import { apiAnswer, apiError, methodNotAllowed, parseJsonBody } from "~/.server/api/respond.server";
import { localeOf } from "~/.server/i18n/i18n.server";

/** POST /api/recovery — `{email}` → `{success, code_id}`, the same for a known or unknown email. */
export async function action({ request, context }: ActionFunctionArgs) {
  const body = await parseJsonBody(request, recoveryBody);
  if (!body.ok) return body.response;
  const result = await requestRecovery(body.value.email, await localeOf(request), context.clientIp ?? "unknown");
  if (!result.ok)
    return apiError(request, 429, { base: [`errors.${result.error}`], fields: { email: [`errors.${result.error}`] } });
  return apiAnswer({ success: true, code_id: result.codeId });
}

export const loader = methodNotAllowed;
