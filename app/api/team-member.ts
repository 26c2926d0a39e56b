import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { apiMember } from "~/.server/api/member.server";
import { apiAnswer, apiRefusal, parseJsonBody } from "~/.server/api/respond.server";
import { crewEditBody, crewRefusals } from "~/.server/team/contract.server";
import { crewMemberOf, updateCrewMember } from "~/.server/team/crew.server";

/** GET /api/team/{id} — one of the member's own crew; anyone else's id is 404. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const { member } = await apiMember(request);
  const crew = await crewMemberOf(member.id, params.id ?? "");
  if (!crew) return apiRefusal(request, crewRefusals.notFound);
  return apiAnswer({ crew });
}

/** POST /api/team/{id} — `{name, relation}`; the email stays the invited one. */
export async function action({ request, params }: ActionFunctionArgs) {
  const { member } = await apiMember(request);
  const id = params.id ?? "";
  if (!(await crewMemberOf(member.id, id))) return apiRefusal(request, crewRefusals.notFound);
  await updateCrewMember(member.id, id, await parseJsonBody(request, crewEditBody));
  return apiAnswer({ crew: await crewMemberOf(member.id, id) });
}
