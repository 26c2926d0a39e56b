import type { LoaderFunctionArgs } from "@remix-run/node";
import { apiMember } from "~/.server/api/member.server";
import { apiPage } from "~/.server/api/paging.server";
import { apiAnswer, methodNotAllowed } from "~/.server/api/respond.server";
import { pageEnvelope } from "~/.server/paging/paging.server";
import { INVITATIONS_API_PAGE_SIZE } from "~/.server/team/contract.server";
import { invitationPages } from "~/.server/team/invitations.server";

/** GET /api/invitations?page=&limit= — a page of those the member sent and of those sent to their address. */
export async function loader({ request }: LoaderFunctionArgs) {
  const { member, identity } = await apiMember(request);
  const requested = await apiPage(request, INVITATIONS_API_PAGE_SIZE);
  const { sent, received } = await invitationPages(member.id, identity.traits.email, requested, requested, {
    settle: false,
  });
  const sentPage = pageEnvelope(requested, sent.page.total);
  const receivedPage = pageEnvelope(requested, received.page.total);
  return apiAnswer({
    sent: sent.items,
    received: received.items,
    sent_total: sent.page.total,
    received_total: received.page.total,
    page: requested.page,
    limit: requested.limit,
    next: sentPage.next ?? receivedPage.next,
  });
}

export const action = methodNotAllowed;
