import { defineEndpoint, operation } from "~/.server/api/endpoint.server";
import { apiAnswer } from "~/.server/api/respond.server";
import { only } from "~/.server/contract/refusal-table.server";
import { commitmentOf, moduleExists, updateCommitment } from "~/.server/space/commitments.server";
import { commitmentAnswer, commitmentBody, commitmentJson, commitmentRefusals } from "~/.server/space/contract.server";

export const endpoint = defineEndpoint("/api/commitments/:id", {
  get: operation({
    summary: "One of the member's commitments",
    refusals: only(commitmentRefusals, "notFound"),
    ok: { status: 200, schema: commitmentAnswer, description: "The commitment" },
    async handler({ params, signedIn: { member }, refuse }) {
      const commitment = await commitmentOf(member.id, params.id ?? "");
      return commitment ? apiAnswer({ commitment: commitmentJson(commitment) }) : refuse("notFound");
    },
  }),
  post: operation({
    summary: "Change a commitment's title, due date and module (a field left out or null is cleared)",
    body: commitmentBody,
    bodyNamespace: "space",
    refusals: only(commitmentRefusals, "notFound", "moduleInvalid"),
    ok: { status: 200, schema: commitmentAnswer, description: "Saved" },
    async handler({ params, signedIn: { member }, body, refuse }) {
      const id = params.id ?? "";
      // Someone else's commitment is 404 whatever the body says.
      if (!(await commitmentOf(member.id, id))) return refuse("notFound");
      const { title, due_date, module_id } = await body();
      const input = { title, dueDate: due_date ?? null, moduleId: module_id ?? null };
      if (input.moduleId && !(await moduleExists(input.moduleId))) return refuse("moduleInvalid");
      const saved = (await updateCommitment(member.id, id, input)) && (await commitmentOf(member.id, id));
      return saved ? apiAnswer({ commitment: commitmentJson(saved) }) : refuse("notFound");
    },
  }),
});
