import type { LoaderFunctionArgs } from "@remix-run/node";
import { apiMember } from "~/.server/api/member.server";
import { apiAnswer, methodNotAllowed } from "~/.server/api/respond.server";
import { receivedInvitations, sentInvitations } from "~/.server/team/invitations.server";

/** GET /api/invitations — those the member sent and those sent to their address. */
export async function loader({ request }: LoaderFunctionArgs) {
  const { member, identity } = await apiMember(request);
  const [sent, received] = await Promise.all([sentInvitations(member.id), receivedInvitations(identity.traits.email)]);
  return apiAnswer({ sent, received });
}

export const action = methodNotAllowed;
