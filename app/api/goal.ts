import { defineEndpoint, operation } from "~/.server/api/endpoint.server";
import { apiAnswer } from "~/.server/api/respond.server";
import { goalAnswer, goalBody, goalJson } from "~/.server/space/contract.server";
import { currentGoal, editGoal, replaceGoal } from "~/.server/space/goals.server";

async function goalOf(memberId: string) {
  const goal = await currentGoal(memberId);
  return apiAnswer({ goal: goal && goalJson(goal) });
}

export const endpoint = defineEndpoint("/api/goal", {
  get: operation({
    summary: "The member's main goal (SPEC §3: title, added and updated dates)",
    ok: { status: 200, schema: goalAnswer, description: "The goal, or null" },
    handler: ({ signedIn: { member } }) => goalOf(member.id),
  }),
  post: operation({
    summary: 'Set or reword the main goal ("edit"), or set a new one and keep the old in the history ("new")',
    body: goalBody,
    bodyNamespace: "space",
    ok: { status: 200, schema: goalAnswer, description: "The goal as saved" },
    async handler({ signedIn: { member }, body }) {
      const { intent, title } = await body();
      if (intent === "new") await replaceGoal(member.id, title);
      else await editGoal(member.id, title);
      return goalOf(member.id);
    },
  }),
});
