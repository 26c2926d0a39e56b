import { defineEndpoint, operation } from "~/.server/api/endpoint.server";
import { apiAnswer } from "~/.server/api/respond.server";
import { only } from "~/.server/contract/refusal-table.server";
import { crewEditBody, crewMemberAnswer, crewRefusals } from "~/.server/team/contract.server";
import { crewMemberOf, updateCrewMember } from "~/.server/team/crew.server";

const notFound = only(crewRefusals, "notFound");

export const endpoint = defineEndpoint("/api/team/:id", {
  get: operation({
    summary: "One crew member of the member's own crew",
    refusals: notFound,
    ok: { status: 200, schema: crewMemberAnswer, description: "The crew member" },
    async handler({ params, signedIn: { member }, refuse }) {
      const crew = await crewMemberOf(member.id, params.id ?? "");
      return crew ? apiAnswer({ crew }) : refuse("notFound");
    },
  }),
  post: operation({
    summary: "Change a crew member's name and relation (the email stays the invited one)",
    body: crewEditBody,
    refusals: notFound,
    ok: { status: 200, schema: crewMemberAnswer, description: "Saved" },
    async handler({ params, signedIn: { member }, body, refuse }) {
      const id = params.id ?? "";
      // Someone else's crew member is 404 whatever the body says.
      if (!(await crewMemberOf(member.id, id))) return refuse("notFound");
      await updateCrewMember(member.id, id, await body());
      return apiAnswer({ crew: await crewMemberOf(member.id, id) });
    },
  }),
});
