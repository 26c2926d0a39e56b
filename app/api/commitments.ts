import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { apiMember } from "~/.server/api/member.server";
import { apiPage } from "~/.server/api/paging.server";
import { apiAnswer, apiRefusal, parseJsonBody } from "~/.server/api/respond.server";
import { pageEnvelope } from "~/.server/paging/paging.server";
import { addCommitment, commitmentOf, commitmentsPage, moduleExists } from "~/.server/space/commitments.server";
import {
  commitmentBody,
  commitmentJson,
  commitmentRefusals,
  SPACE_API_PAGE_SIZE,
} from "~/.server/space/contract.server";

/** GET /api/commitments?page=&limit= — the member's commitments, open ones first. */
export async function loader({ request }: LoaderFunctionArgs) {
  const { member } = await apiMember(request);
  const requested = await apiPage(request, SPACE_API_PAGE_SIZE);
  const { items, page } = await commitmentsPage(member.id, requested, { settle: false });
  return apiAnswer({ commitments: items.map(commitmentJson), ...pageEnvelope(requested, page.total) });
}

/** POST /api/commitments — `{title, due_date?, module_id?}`. */
export async function action({ request }: ActionFunctionArgs) {
  const { member } = await apiMember(request);
  const body = await parseJsonBody(request, commitmentBody, { ns: "space" });
  const input = { title: body.title, dueDate: body.due_date ?? null, moduleId: body.module_id ?? null };
  if (input.moduleId && !(await moduleExists(input.moduleId))) {
    return apiRefusal(request, commitmentRefusals.moduleInvalid);
  }
  const id = await addCommitment(member.id, input);
  const saved = await commitmentOf(member.id, id);
  return apiAnswer({ commitment: saved && commitmentJson(saved) }, 201);
}
