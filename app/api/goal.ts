import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { apiMember } from "~/.server/api/member.server";
import { apiAnswer, parseJsonBody } from "~/.server/api/respond.server";
import { goalBody, goalJson } from "~/.server/space/contract.server";
import { currentGoal, editGoal, replaceGoal } from "~/.server/space/goals.server";

/** GET /api/goal — the session's member's main goal, or null. */
export async function loader({ request }: LoaderFunctionArgs) {
  const { member } = await apiMember(request);
  const goal = await currentGoal(member.id);
  return apiAnswer({ goal: goal && goalJson(goal) });
}

/** POST /api/goal — `{title, intent}`: "edit" rewords the goal, "new" keeps the old one as history. */
export async function action({ request }: ActionFunctionArgs) {
  const { member } = await apiMember(request);
  const body = await parseJsonBody(request, goalBody, { ns: "space" });
  if (body.intent === "new") await replaceGoal(member.id, body.title);
  else await editGoal(member.id, body.title);
  const goal = await currentGoal(member.id);
  return apiAnswer({ goal: goal && goalJson(goal) });
}
