import type { ActionFunctionArgs } from "@remix-run/node";
import { apiMember } from "~/.server/api/member.server";
import { apiAnswer, apiRefusal, methodNotAllowed } from "~/.server/api/respond.server";
import { photoRefusals } from "~/.server/profile/contract.server";
import { savePhoto } from "~/.server/profile/photo.server";

/**
 * POST /api/profile/photo — the body is the image file itself (SPEC §7: the files client sends no
 * Content-Type); the door let through up to 8 MB for this path only, the service takes 5.
 */
export async function action({ request }: ActionFunctionArgs) {
  const { member } = await apiMember(request);
  const bytes = Buffer.from(await request.arrayBuffer());
  const saved = await savePhoto(member.id, bytes);
  if (!saved.ok) return apiRefusal(request, photoRefusals[saved.error]);
  return apiAnswer({ photo_url: saved.url });
}

export const loader = methodNotAllowed;
