import { defineEndpoint, operation } from "~/.server/api/endpoint.server";
import { apiAnswer } from "~/.server/api/respond.server";
import { only } from "~/.server/contract/refusal-table.server";
import { crewBody, crewMemberAnswer, crewRefusals, teamAnswer } from "~/.server/team/contract.server";
import { addCrewMember, crewMemberOf, listCrew } from "~/.server/team/crew.server";

export const endpoint = defineEndpoint("/api/team", {
  get: operation({
    summary: "The member's crew, each with their status: invited, joined, declined or revoked",
    ok: { status: 200, schema: teamAnswer, description: "The crew" },
    handler: async ({ signedIn: { member } }) => apiAnswer({ crew: await listCrew(member.id) }),
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
