import { getEndpoint } from "~/.server/api/endpoint.server";
import { apiAnswer } from "~/.server/api/respond.server";
import { pageEnvelope, pageQueryParameters } from "~/.server/paging/paging.server";
import { INVITATIONS_API_PAGE_SIZE, invitationsAnswer } from "~/.server/team/contract.server";
import { invitationPages } from "~/.server/team/invitations.server";

export const endpoint = getEndpoint("/api/invitations", {
  summary: "Invitations the member sent and those sent to their address, a page of each",
  page: INVITATIONS_API_PAGE_SIZE,
  query: pageQueryParameters.map((parameter) =>
    parameter.name === "limit"
      ? { ...parameter, description: `${parameter.description} of each list (default ${INVITATIONS_API_PAGE_SIZE})` }
      : parameter,
  ),
  ok: { status: 200, schema: invitationsAnswer, description: "Sent and received invitations" },
  async handler({ signedIn: { member, identity }, page }) {
    const { sent, received } = await invitationPages(member.id, identity.traits.email, page, page, {
      settle: false,
    });
    return apiAnswer({
      sent: sent.items,
      received: received.items,
      sent_total: sent.page.total,
      received_total: received.page.total,
      page: page.page,
      limit: page.limit,
      // One `page` and `limit` for both lists: a next page while either has more.
      next: pageEnvelope(page, sent.page.total).next ?? pageEnvelope(page, received.page.total).next,
    });
  },
});
