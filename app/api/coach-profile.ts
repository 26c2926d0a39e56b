import { defineEndpoint, operation } from "~/.server/api/endpoint.server";
import { apiAnswer } from "~/.server/api/respond.server";
import { coachOfMember } from "~/.server/coaching/coaches/coach-accounts.server";
import { coachProfileRefusals } from "~/.server/coaching/contract.server";
import {
  coachProfileAnswer,
  coachProfileJson,
  profileBodySchema,
  profileInputOf,
  saveCoachProfile,
} from "~/.server/coaching/coaches/coach-profile.server";
import { only } from "~/.server/contract/refusal-table.server";

/** The signed-in coach's own public profile: there is no id, nobody edits another's here. */
export const endpoint = defineEndpoint("/api/coach/profile", {
  get: operation({
    guard: "coach",
    summary: "The signed-in coach's public profile",
    refusals: only(coachProfileRefusals, "notFound"),
    ok: { status: 200, schema: coachProfileAnswer, description: "The profile" },
    async handler({ signedIn, refuse }) {
      const coach = await coachOfMember(signedIn.member.id);
      return coach ? apiAnswer(coachProfileJson(coach)) : refuse("notFound");
    },
  }),
  post: operation({
    guard: "coach",
    summary:
      "Replace the signed-in coach's public profile: name (80 characters), bio_fr and bio_en (1,000 each), " +
      "languages (fr, en; one at least), meeting_url_template (https, containing {room}; null or empty: the platform's)",
    body: profileBodySchema,
    refusals: only(coachProfileRefusals, "notFound"),
    ok: { status: 200, schema: coachProfileAnswer, description: "The profile as saved; /coaching shows it at once" },
    async handler({ signedIn, body, refuse }) {
      const input = profileInputOf(await body());
      const own = await coachOfMember(signedIn.member.id);
      if (!own) return refuse("notFound");
      const coach = await saveCoachProfile({ actorId: signedIn.member.id, coachId: own.id }, input);
      return coach ? apiAnswer(coachProfileJson(coach)) : refuse("notFound");
    },
  }),
});
