import { postEndpoint } from "~/.server/api/endpoint.server";
import { apiAnswer } from "~/.server/api/respond.server";
import { commitmentOf, setCommitmentDone } from "~/.server/space/commitments.server";
import { commitmentAnswer, commitmentJson, commitmentRefusals } from "~/.server/space/contract.server";
import { only } from "~/.server/contract/refusal-table.server";

/** A commitment marked done, or open again: one of the member's own, anyone else's id is 404. */
const marking = (done: boolean, summary: string, description: string) =>
  postEndpoint(`/api/commitments/:id/${done ? "done" : "undone"}`, {
    summary,
    refusals: only(commitmentRefusals, "notFound"),
    ok: { status: 200, schema: commitmentAnswer, description },
    async handler({ params, signedIn: { member }, refuse }) {
      const id = params.id ?? "";
      const saved = (await setCommitmentDone(member.id, id, done)) && (await commitmentOf(member.id, id));
      return saved ? apiAnswer({ commitment: commitmentJson(saved) }) : refuse("notFound");
    },
  });

export const endpoints = [
  marking(true, "Mark a commitment done", "Done"),
  marking(false, "Open a done commitment again", "Open again"),
];
