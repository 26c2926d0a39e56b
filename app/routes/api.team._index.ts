import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { apiMember } from "~/.server/api/member.server";
import { apiAnswer, apiError, parseJsonBody } from "~/.server/api/respond.server";
import { crewBody } from "~/.server/api/schemas.server";
import { localeOf } from "~/.server/i18n/i18n.server";
import { addCrewMember, crewMemberOf, listCrew } from "~/.server/team/crew.server";

/** GET /api/team — the member's crew with each one's status (invited, joined, declined, revoked). */
export async function loader({ request }: LoaderFunctionArgs) {
  const member = await apiMember(request);
  if (!member.ok) return member.response;
  return apiAnswer({ crew: await listCrew(member.signedIn.member.id) });
}

/** POST /api/team — `{name, email, relation}`: adds the crew member and emails their invitation. */
export async function action({ request }: ActionFunctionArgs) {
  const member = await apiMember(request);
  if (!member.ok) return member.response;
  const body = await parseJsonBody(request, crewBody);
  if (!body.ok) return body.response;
  const self = member.signedIn.member;
  const result = await addCrewMember({ ...self, lang: await localeOf(request) }, body.value);
  if (!result.ok)
    return apiError(request, result.error === "emailInCrew" ? 409 : 429, {
      fields: { email: [`team:errors.${result.error}`] },
      base: ["errors.checkFields"],
    });
  return apiAnswer({ crew: await crewMemberOf(self.id, result.id) }, 201);
}
