import type { ActionFunctionArgs } from "@remix-run/node";
import { requestRecovery } from "~/.server/accounts/recovery.server";
import { recoveryBody } from "~/.server/api/schemas.server";
import { apiAnswer, methodNotAllowed, parseJsonBody } from "~/.server/api/respond.server";
import { localeOf } from "~/.server/i18n/i18n.server";

/** POST /api/recovery — `{email}` → `{success, code_id}`, the same for a known or unknown email. */
export async function action({ request }: ActionFunctionArgs) {
  const body = await parseJsonBody(request, recoveryBody);
  if (!body.ok) return body.response;
  const { codeId } = await requestRecovery(body.value.email, await localeOf(request));
  return apiAnswer({ success: true, code_id: codeId });
}

export const loader = methodNotAllowed;
