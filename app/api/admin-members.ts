import { searchRefusals, membersAnswer } from "~/.server/admin/contract.server";
import { MAX_SEARCH_LENGTH, MEMBERS_PAGE_SIZE, searchMembers } from "~/.server/admin/members.server";
import { getEndpoint } from "~/.server/api/endpoint.server";
import { apiAnswer } from "~/.server/api/respond.server";
import { only } from "~/.server/contract/refusal-table.server";
import { pageEnvelope, pageQueryParametersWith } from "~/.server/paging/paging.server";

/** The members list of /admin/members: the same search, a page at a time. */
export const endpoint = getEndpoint("/api/admin/members", {
  guard: "admin",
  summary: "Members whose name or email address contains q (under Ory: the whole address only), a page at a time",
  page: MEMBERS_PAGE_SIZE,
  query: [
    { name: "q", description: `Part of a name or an email address, at most ${MAX_SEARCH_LENGTH} characters` },
    ...pageQueryParametersWith(MEMBERS_PAGE_SIZE),
  ],
  refusals: only(searchRefusals, "searchTooLong"),
  ok: { status: 200, schema: membersAnswer, description: "A page of members" },
  async handler({ request, page, refuse }) {
    const q = new URL(request.url).searchParams.get("q") ?? "";
    if (q.length > MAX_SEARCH_LENGTH) return refuse("searchTooLong");
    const { items, page: settled } = await searchMembers(q, page, { settle: false });
    return apiAnswer({
      members: items.map(({ createdAt, ...item }) => ({ ...item, created_at: createdAt })),
      ...pageEnvelope(page, settled.total),
    });
  },
});
