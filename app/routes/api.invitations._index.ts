import type { LoaderFunctionArgs } from "@remix-run/node";
import { apiMember } from "~/.server/api/member.server";
import { apiAnswer, methodNotAllowed } from "~/.server/api/respond.server";
import { receivedInvitations, sentInvitations } from "~/.server/team/invitations.server";

/** GET /api/invitations — those the member sent and those sent to their address. */
export async function loader({ request }: LoaderFunctionArgs) {
  const member = await apiMember(request);
  if (!member.ok) return member.response;
  const { member: self, identity } = member.signedIn;
  const [sent, received] = await Promise.all([sentInvitations(self.id), receivedInvitations(identity.traits.email)]);
  return apiAnswer({ sent, received });
}

export const action = methodNotAllowed;
