import { auditAnswer, searchRefusals } from "~/.server/admin/contract.server";
import { MAX_SEARCH_LENGTH, memberIdsMatching } from "~/.server/admin/members.server";
import { getEndpoint } from "~/.server/api/endpoint.server";
import { apiAnswer } from "~/.server/api/respond.server";
import { AUDIT_PAGE_SIZE, auditPage } from "~/.server/audit/audit-log.server";
import { only } from "~/.server/contract/refusal-table.server";
import { isUuid } from "~/.server/db/uuid.server";
import { pageEnvelope, pageQueryParametersWith } from "~/.server/paging/paging.server";

const parsed = (text: string) => (text ? (JSON.parse(text) as Record<string, unknown>) : null);

/** The audit log of /admin/audit: newest first, filtered by person as the page does. */
export const endpoint = getEndpoint("/api/admin/audit", {
  guard: "admin",
  summary: "The back office's changes, newest first: who, when, what, before and after; filtered by person",
  page: AUDIT_PAGE_SIZE,
  query: [
    { name: "member", description: "A member's id: what they did or underwent" },
    { name: "person", description: `Part of a name or an email address (at most ${MAX_SEARCH_LENGTH} characters)` },
    ...pageQueryParametersWith(AUDIT_PAGE_SIZE),
  ],
  refusals: only(searchRefusals, "personTooLong"),
  ok: { status: 200, schema: auditAnswer, description: "A page of the log" },
  async handler({ request, page, refuse }) {
    const url = new URL(request.url);
    const member = url.searchParams.get("member") ?? "";
    const person = url.searchParams.get("person") ?? "";
    if (person.length > MAX_SEARCH_LENGTH) return refuse("personTooLong");
    const people = isUuid(member) ? [member] : person.trim() ? await memberIdsMatching(person) : null;
    const { items, page: settled } = await auditPage(page, people, { settle: false });
    return apiAnswer({
      entries: items.map((item) => ({
        id: item.id,
        at: item.at,
        actor: { id: item.actorId, name: item.actorName },
        subject: { id: item.subjectId, name: item.subjectName },
        action: item.action,
        before: parsed(item.before),
        after: parsed(item.after),
      })),
      ...pageEnvelope(page, settled.total),
    });
  },
});
