import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { apiMember } from "~/.server/api/member.server";
import { apiAnswer, apiError, parseJsonBody } from "~/.server/api/respond.server";
import { crewEditBody } from "~/.server/api/schemas.server";
import { crewMemberOf, updateCrewMember } from "~/.server/team/crew.server";

/** GET /api/team/{id} — one of the member's own crew; anyone else's id is 404. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const member = await apiMember(request);
  if (!member.ok) return member.response;
  const crew = await crewMemberOf(member.signedIn.member.id, params.id ?? "");
  if (!crew) return apiError(request, 404, { base: ["team:errors.notFound"] });
  return apiAnswer({ crew });
}

/** POST /api/team/{id} — `{name, relation}`; the email stays the invited one. */
export async function action({ request, params }: ActionFunctionArgs) {
  const member = await apiMember(request);
  if (!member.ok) return member.response;
  const memberId = member.signedIn.member.id;
  if (!(await crewMemberOf(memberId, params.id ?? "")))
    return apiError(request, 404, { base: ["team:errors.notFound"] });
  const body = await parseJsonBody(request, crewEditBody);
  if (!body.ok) return body.response;
  await updateCrewMember(memberId, params.id ?? "", body.value);
  return apiAnswer({ crew: await crewMemberOf(memberId, params.id ?? "") });
}
