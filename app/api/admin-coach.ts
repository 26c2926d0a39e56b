import { defineEndpoint, operation } from "~/.server/api/endpoint.server";
import { apiAnswer } from "~/.server/api/respond.server";
import { coachesRefusals } from "~/.server/admin/contract.server";
import {
  coachById,
  coachProfileAnswer,
  coachProfileJson,
  profileBodySchema,
  profileInputOf,
  saveCoachProfile,
} from "~/.server/coaching/coaches/coach-profile.server";
import { only } from "~/.server/contract/refusal-table.server";

/** One coach as the operator sees and edits them. */
export const endpoint = defineEndpoint("/api/admin/coaches/:id", {
  get: operation({
    guard: "admin",
    summary: "A coach's public profile (retired ones too)",
    refusals: only(coachesRefusals, "notFound"),
    ok: { status: 200, schema: coachProfileAnswer, description: "The profile" },
    async handler({ params, refuse }) {
      const coach = await coachById(params.id ?? "");
      return coach ? apiAnswer(coachProfileJson(coach)) : refuse("notFound");
    },
  }),
  post: operation({
    guard: "admin",
    summary: "Replace a coach's public profile (the same fields and bounds as POST /api/coach/profile); audited",
    body: profileBodySchema,
    refusals: only(coachesRefusals, "notFound"),
    ok: { status: 200, schema: coachProfileAnswer, description: "The profile as saved" },
    async handler({ params, signedIn, body, refuse }) {
      const input = profileInputOf(await body());
      const found = await coachById(params.id ?? "");
      if (!found) return refuse("notFound");
      const coach = await saveCoachProfile({ actorId: signedIn.member.id, coachId: found.id }, input);
      return coach ? apiAnswer(coachProfileJson(coach)) : refuse("notFound");
    },
  }),
});
