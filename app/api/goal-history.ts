import { defineEndpoint } from "~/.server/api/endpoint.server";
import { goalHistoryAnswer, replacedGoalJson } from "~/.server/space/contract.server";
import { goalHistoryPage } from "~/.server/space/goals.server";
import { spaceList } from "~/.server/api/space-list.server";

export const endpoint = defineEndpoint("/api/goal/history", {
  get: spaceList("goals", goalHistoryPage, replacedGoalJson, {
    summary: "The member's earlier goals, most recently replaced first, a page at a time",
    ok: { status: 200, schema: goalHistoryAnswer, description: "A page of the history" },
  }),
});
