import type { ActionFunctionArgs } from "@remix-run/node";
import { apiMember } from "~/.server/api/member.server";
import { apiAnswer, methodNotAllowed } from "~/.server/api/respond.server";
import { cancelEmailChange } from "~/.server/profile/email-change.server";
import { profileOf } from "~/.server/profile/profile.server";

/** POST /api/profile/email/cancel — the pending email change is withdrawn: its code stops working. */
export async function action({ request }: ActionFunctionArgs) {
  const signedIn = await apiMember(request);
  await cancelEmailChange(signedIn);
  return apiAnswer({ profile: await profileOf(signedIn) });
}

export const loader = methodNotAllowed;
