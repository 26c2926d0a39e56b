import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { apiMember } from "~/.server/api/member.server";
import { apiPage } from "~/.server/api/paging.server";
import { apiAnswer, apiRefusal, parseJsonBody } from "~/.server/api/respond.server";
import { pageEnvelope } from "~/.server/paging/paging.server";
import { crewBody, crewRefusals, TEAM_API_PAGE_SIZE } from "~/.server/team/contract.server";
import { addCrewMember, crewMemberOf, crewPage } from "~/.server/team/crew.server";

/** GET /api/team?page=&limit= — the member's crew with each one's status (invited, joined, declined, revoked). */
export async function loader({ request }: LoaderFunctionArgs) {
  const { member } = await apiMember(request);
  const requested = await apiPage(request, TEAM_API_PAGE_SIZE);
  const { items, page } = await crewPage(member.id, requested, { settle: false });
  return apiAnswer({ crew: items, ...pageEnvelope(requested, page.total) });
}

/** POST /api/team — `{name, email, relation}`: adds the crew member and emails their invitation. */
export async function action({ request }: ActionFunctionArgs) {
  const { member } = await apiMember(request);
  const body = await parseJsonBody(request, crewBody);
  const result = await addCrewMember(member, body);
  if (!result.ok) return apiRefusal(request, crewRefusals[result.error]);
  return apiAnswer({ crew: await crewMemberOf(member.id, result.id) }, 201);
}
