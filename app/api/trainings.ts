import type { LoaderFunctionArgs } from "@remix-run/node";
import { apiMember } from "~/.server/api/member.server";
import { apiAnswer, methodNotAllowed } from "~/.server/api/respond.server";
import { localeOf } from "~/.server/i18n/i18n.server";
import { trainingsAnswerOf } from "~/.server/trainings/contract.server";

/** GET /api/trainings — the catalogue with the member's progress and states. */
export async function loader({ request }: LoaderFunctionArgs) {
  const { member } = await apiMember(request);
  return apiAnswer(await trainingsAnswerOf(member.id, await localeOf(request)));
}

export const action = methodNotAllowed;
