import { z } from "zod";
import { postEndpoint } from "~/.server/api/endpoint.server";
import { apiAnswer } from "~/.server/api/respond.server";
import { coachesRefusals } from "~/.server/admin/contract.server";
import { retireCoach } from "~/.server/coaching/coaches/coach-retirement.server";
import { only } from "~/.server/contract/refusal-table.server";

const retiredAnswer = z.object({
  cancelled_sessions: z.number().int().min(0).describe("Future sessions cancelled, each member told"),
});

export const endpoint = postEndpoint("/api/admin/coaches/:id/retire", {
  guard: "admin",
  summary:
    "Retire a coach: their confirmed future sessions are cancelled (members told), they are no longer offered " +
    "to members, their coach role is withdrawn; past sessions stay. Audited",
  refusals: only(coachesRefusals, "notFound", "alreadyRetired"),
  ok: { status: 200, schema: retiredAnswer, description: "Retired" },
  async handler({ params, signedIn, refuse }) {
    const outcome = await retireCoach(signedIn.member.id, params.id ?? "");
    return outcome.ok ? apiAnswer({ cancelled_sessions: outcome.cancelled }) : refuse(outcome.error);
  },
});
