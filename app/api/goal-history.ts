import type { LoaderFunctionArgs } from "@remix-run/node";
import { apiMember } from "~/.server/api/member.server";
import { apiPage } from "~/.server/api/paging.server";
import { apiAnswer, methodNotAllowed } from "~/.server/api/respond.server";
import { pageEnvelope } from "~/.server/paging/paging.server";
import { replacedGoalJson, SPACE_API_PAGE_SIZE } from "~/.server/space/contract.server";
import { goalHistoryPage } from "~/.server/space/goals.server";

/** GET /api/goal/history?page=&limit= — the member's earlier goals, a page at a time. */
export async function loader({ request }: LoaderFunctionArgs) {
  const { member } = await apiMember(request);
  const requested = await apiPage(request, SPACE_API_PAGE_SIZE);
  const { items, page } = await goalHistoryPage(member.id, requested, { settle: false });
  return apiAnswer({ goals: items.map(replacedGoalJson), ...pageEnvelope(requested, page.total) });
}

export const action = methodNotAllowed;
