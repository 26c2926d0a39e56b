import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { apiMember } from "~/.server/api/member.server";
import { apiAnswer, apiRefusal, parseJsonBody } from "~/.server/api/respond.server";
import { crewBody, crewRefusals } from "~/.server/team/contract.server";
import { addCrewMember, crewMemberOf, listCrew } from "~/.server/team/crew.server";

/** GET /api/team — the member's crew with each one's status (invited, joined, declined, revoked). */
export async function loader({ request }: LoaderFunctionArgs) {
  const { member } = await apiMember(request);
  return apiAnswer({ crew: await listCrew(member.id) });
}

/** POST /api/team — `{name, email, relation}`: adds the crew member and emails their invitation. */
export async function action({ request }: ActionFunctionArgs) {
  const { member } = await apiMember(request);
  const body = await parseJsonBody(request, crewBody);
  const result = await addCrewMember(member, body);
  if (!result.ok) return apiRefusal(request, crewRefusals[result.error]);
  return apiAnswer({ crew: await crewMemberOf(member.id, result.id) }, 201);
}
