import type { LoaderFunctionArgs } from "@remix-run/node";
import { trainingsAnswerOf } from "~/.server/api/trainings.server";
import { apiMember } from "~/.server/api/member.server";
import { apiAnswer, methodNotAllowed } from "~/.server/api/respond.server";
import { localeOf } from "~/.server/i18n/i18n.server";

/** GET /api/trainings — the catalogue with the member's progress and states. */
export async function loader({ request }: LoaderFunctionArgs) {
  const member = await apiMember(request);
  if (!member.ok) return member.response;
  return apiAnswer(await trainingsAnswerOf(member.signedIn.member.id, await localeOf(request)));
}

export const action = methodNotAllowed;
