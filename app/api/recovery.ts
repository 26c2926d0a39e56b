import type { ActionFunctionArgs } from "@remix-run/node";
import { recoveryBody, recoveryRequestRefusals } from "~/.server/accounts/contract.server";
import { requestRecovery } from "~/.server/accounts/recovery.server";
import { apiAnswer, apiRefusal, methodNotAllowed, parseJsonBody } from "~/.server/api/respond.server";
import { localeOf } from "~/.server/i18n/i18n.server";

/** POST /api/recovery — `{email}` → `{success, code_id}`, the same for a known or unknown email. */
export async function action({ request, context }: ActionFunctionArgs) {
  const body = await parseJsonBody(request, recoveryBody);
  const result = await requestRecovery(body.email, await localeOf(request), context.clientIp ?? "unknown");
  if (!result.ok) return apiRefusal(request, recoveryRequestRefusals[result.error]);
  return apiAnswer({ success: true, code_id: result.codeId });
}

export const loader = methodNotAllowed;
