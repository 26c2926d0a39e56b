import { postEndpoint } from "~/.server/api/endpoint.server";
import { apiAnswer } from "~/.server/api/respond.server";
import { stepAnswer, stepRefusals } from "~/.server/trainings/contract.server";
import { markPartRead } from "~/.server/trainings/progress.server";

export const endpoint = postEndpoint("/api/trainings/:training_slug/modules/:module_slug/parts/:part_slug/read", {
  summary: 'Mark a part read ("I\'ve read")',
  refusals: stepRefusals,
  ok: { status: 200, schema: stepAnswer, description: "Saved; whether the module or the training just ended" },
  async handler({ params, signedIn: { member }, refuse }) {
    const { training_slug = "", module_slug = "", part_slug = "" } = params;
    const outcome = await markPartRead(member.id, training_slug, module_slug, part_slug);
    if (!outcome.ok) return refuse(outcome.error);
    return apiAnswer({ moduleCompleted: outcome.moduleCompleted, trainingCompleted: outcome.trainingCompleted });
  },
});
