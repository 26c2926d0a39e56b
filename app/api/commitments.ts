import { defineEndpoint, operation } from "~/.server/api/endpoint.server";
import { apiAnswer } from "~/.server/api/respond.server";
import { only } from "~/.server/contract/refusal-table.server";
import { addCommitment, commitmentOf, commitmentsPage, moduleExists } from "~/.server/space/commitments.server";
import {
  commitmentAnswer,
  commitmentBody,
  commitmentJson,
  commitmentRefusals,
  commitmentsAnswer,
} from "~/.server/space/contract.server";
import { spaceList } from "~/.server/api/space-list.server";

export const endpoint = defineEndpoint("/api/commitments", {
  get: spaceList("commitments", commitmentsPage, commitmentJson, {
    summary: "The member's commitments, open ones first, a page at a time",
    ok: { status: 200, schema: commitmentsAnswer, description: "A page of commitments" },
  }),
  post: operation({
    summary: "Add a commitment, with an optional due date and training module",
    body: commitmentBody,
    bodyNamespace: "space",
    refusals: only(commitmentRefusals, "moduleInvalid"),
    ok: { status: 201, schema: commitmentAnswer, description: "Added" },
    async handler({ signedIn: { member }, body, refuse }) {
      const { title, due_date, module_id } = await body();
      const input = { title, dueDate: due_date ?? null, moduleId: module_id ?? null };
      if (input.moduleId && !(await moduleExists(input.moduleId))) return refuse("moduleInvalid");
      const saved = await commitmentOf(member.id, await addCommitment(member.id, input));
      return apiAnswer({ commitment: saved && commitmentJson(saved) }, 201);
    },
  }),
});
