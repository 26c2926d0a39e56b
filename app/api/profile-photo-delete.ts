import type { ActionFunctionArgs } from "@remix-run/node";
import { apiMember } from "~/.server/api/member.server";
import { apiAnswer, methodNotAllowed } from "~/.server/api/respond.server";
import { removePhoto } from "~/.server/profile/photo.server";

/** POST /api/profile/photo/delete — the member's own photo goes (answered alike when there was none). */
export async function action({ request }: ActionFunctionArgs) {
  const { member } = await apiMember(request);
  await removePhoto(member.id);
  return apiAnswer({ success: true });
}

export const loader = methodNotAllowed;
