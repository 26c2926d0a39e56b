import { getEndpoint } from "~/.server/api/endpoint.server";
import { apiAnswer } from "~/.server/api/respond.server";
import { pageEnvelope } from "~/.server/paging/paging.server";
import {
  goalHistoryAnswer,
  replacedGoalJson,
  SPACE_API_PAGE_SIZE,
  spaceListQuery,
} from "~/.server/space/contract.server";
import { goalHistoryPage } from "~/.server/space/goals.server";

export const endpoint = getEndpoint("/api/goal/history", {
  summary: "The member's earlier goals, most recently replaced first, a page at a time",
  page: SPACE_API_PAGE_SIZE,
  query: spaceListQuery,
  ok: { status: 200, schema: goalHistoryAnswer, description: "A page of the history" },
  async handler({ signedIn: { member }, page }) {
    const { items, page: settled } = await goalHistoryPage(member.id, page, { settle: false });
    return apiAnswer({ goals: items.map(replacedGoalJson), ...pageEnvelope(page, settled.total) });
  },
});
