import type { ActionFunctionArgs } from "@remix-run/node";
import { apiMember } from "~/.server/api/member.server";
import { apiAnswer, apiError, methodNotAllowed } from "~/.server/api/respond.server";
import { signOutDevice } from "~/.server/profile/devices.server";

/** POST /api/sessions/{id}/revoke — one of the member's other sessions ends (Kratos: DELETE /sessions/{id}). */
export async function action({ request, params }: ActionFunctionArgs) {
  const member = await apiMember(request);
  if (!member.ok) return member.response;
  const outcome = await signOutDevice(member.signedIn, params.id ?? "");
  if (!outcome.ok)
    return apiError(request, outcome.error === "notFound" ? 404 : 409, { base: [`profile:errors.${outcome.error}`] });
  return apiAnswer({ success: true });
}

export const loader = methodNotAllowed;
