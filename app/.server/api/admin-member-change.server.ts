import type { ZodType, ZodTypeDef } from "zod";
import { memberAnswer, memberRefusals } from "~/.server/admin/contract.server";
import { memberJson } from "~/.server/admin/members.server";
import { type HandlerArgs, postEndpoint } from "~/.server/api/endpoint.server";
import { apiAnswer } from "~/.server/api/respond.server";
import { only } from "~/.server/contract/refusal-table.server";
import { successAnswer } from "~/.server/contract/operation.server";
import { localeOf } from "~/.server/i18n/i18n.server";

type MemberCode = keyof typeof memberRefusals;

type ChangeArgs<Body> = Pick<HandlerArgs<"admin", Body, never, undefined>, "request" | "context" | "body"> & {
  actorId: string;
  memberId: string;
};

type Change<Body, Code extends MemberCode> = {
  summary: string;
  body?: ZodType<Body, ZodTypeDef, unknown>;
  /**
   * What a bare success means, where the change answers one (the member is gone, or nothing the
   * member page shows changed); without it, the member as the change left them.
   */
  done?: string;
  change: (args: ChangeArgs<Body>) => Promise<{ ok: true } | { ok: false; error: "noMember" | Code }>;
};

/**
 * A change the operator makes on a member's page, POST /api/admin/members/:id/<action>: every one
 * is the admin's, is refused from the member table (`refusals`: what it may refuse besides an
 * unknown member; only those statuses are documented) and answers alike, so each declares only
 * what it changes.
 */
export function memberChange<Body = never, const Code extends MemberCode = never>(
  action: string,
  refusals: readonly Code[],
  spec: Change<Body, Code>,
) {
  const { done, change, ...described } = spec;
  return postEndpoint(`/api/admin/members/:id/${action}`, {
    ...described,
    guard: "admin",
    refusals: only(memberRefusals, "noMember", ...refusals),
    ok:
      done === undefined
        ? { status: 200, schema: memberAnswer, description: "The member, after the change" }
        : { status: 200, schema: successAnswer, description: done },
    async handler({ request, context, params, signedIn, body, refuse }) {
      const memberId = params.id ?? "";
      const outcome = await change({ request, context, body, actorId: signedIn.member.id, memberId });
      if (!outcome.ok) return refuse(outcome.error);
      if (done !== undefined) return apiAnswer({ success: true });
      const member = await memberJson(memberId, await localeOf(request));
      return member ? apiAnswer(member) : refuse("noMember");
    },
  });
}
