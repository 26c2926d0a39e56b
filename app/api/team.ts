import { defineEndpoint, operation } from "~/.server/api/endpoint.server";
import { apiAnswer } from "~/.server/api/respond.server";
import { only } from "~/.server/contract/refusal-table.server";
import { pageEnvelope, pageQueryParametersWith } from "~/.server/paging/paging.server";
import {
  crewBody,
  crewMemberAnswer,
  crewRefusals,
  TEAM_API_PAGE_SIZE,
  teamAnswer,
} from "~/.server/team/contract.server";
import { addCrewMember, crewMemberOf, crewPage } from "~/.server/team/crew.server";

export const endpoint = defineEndpoint("/api/team", {
  get: operation({
    summary: "The member's crew, each with their status: invited, joined, declined or revoked, a page at a time",
    page: TEAM_API_PAGE_SIZE,
    query: pageQueryParametersWith(TEAM_API_PAGE_SIZE),
    ok: { status: 200, schema: teamAnswer, description: "A page of the crew" },
    async handler({ signedIn: { member }, page }) {
      const { items, page: settled } = await crewPage(member.id, page, { settle: false });
      return apiAnswer({ crew: items, ...pageEnvelope(page, settled.total) });
    },
  }),
  post: operation({
    summary:
      "Add a crew member; their invitation (link /home/register?invited_id=<invitation id>) is emailed. " +
      "429: one invitation a day from a member to an address, 20 crew emails a member a day, 3 to an address a day",
    body: crewBody,
    refusals: only(crewRefusals, "emailInCrew", "tooSoon", "tooManyMails"),
    ok: { status: 201, schema: crewMemberAnswer, description: "Added and invited" },
    async handler({ signedIn: { member }, body, refuse }) {
      const result = await addCrewMember(member, await body());
      if (!result.ok) return refuse(result.error);
      return apiAnswer({ crew: await crewMemberOf(member.id, result.id) }, 201);
    },
  }),
});
