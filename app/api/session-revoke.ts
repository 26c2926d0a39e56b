import type { ActionFunctionArgs } from "@remix-run/node";
import { apiMember } from "~/.server/api/member.server";
import { apiAnswer, apiRefusal, methodNotAllowed } from "~/.server/api/respond.server";
import { deviceRefusals } from "~/.server/profile/contract.server";
import { signOutDevice } from "~/.server/profile/devices.server";

/** POST /api/sessions/{id}/revoke — one of the member's other sessions ends (Kratos: DELETE /sessions/{id}). */
export async function action({ request, params }: ActionFunctionArgs) {
  const outcome = await signOutDevice(await apiMember(request), params.id ?? "");
  if (!outcome.ok) return apiRefusal(request, deviceRefusals[outcome.error]);
  return apiAnswer({ success: true });
}

export const loader = methodNotAllowed;
