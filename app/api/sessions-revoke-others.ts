import type { ActionFunctionArgs } from "@remix-run/node";
import { apiMember } from "~/.server/api/member.server";
import { apiAnswer, methodNotAllowed } from "~/.server/api/respond.server";
import { signOutOtherDevices } from "~/.server/profile/devices.server";

/** POST /api/sessions/revoke-others — every session of the member but this one ends (Kratos: DELETE /sessions). */
export async function action({ request }: ActionFunctionArgs) {
  return apiAnswer({ success: true, revoked: await signOutOtherDevices(await apiMember(request)) });
}

export const loader = methodNotAllowed;
