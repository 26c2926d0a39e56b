import { trainingBody } from "~/.server/admin/contract.server";
import { grantTraining, withdrawTraining } from "~/.server/trainings/training-grants.server";
import { memberChange } from "~/.server/api/admin-member-change.server";

/** The trainings card of a member's page: a payable training opened or withdrawn (progress kept). */
export const endpoint = memberChange("trainings", ["noTraining"], {
  summary: "Open (grant) or withdraw a payable training; the member's progress is kept",
  body: trainingBody,
  async change({ actorId, memberId, body }) {
    const { training, change } = await body();
    return change === "grant"
      ? grantTraining({ memberId: actorId }, memberId, training)
      : withdrawTraining({ memberId: actorId }, memberId, training);
  },
});
