import type { z } from "zod";
import type { ServiceRefusal } from "~/.server/contract/refusal-table.server";
import { refuse } from "~/.server/http/form-reply.server";
import type { DraftSave } from "~/.server/trainings/drafts.server";
import { parseWithZod } from "~/forms/submission";
import { answerDraftSave } from "./draft-post.server";

/**
 * One post of the quiz, question or skills editors (issue 26): parsed with its form's schema (a
 * refusal: 400 with what was typed, nothing changed), saved by `change`, answered as every draft
 * save is (answerDraftSave). `change` may name the page to go to when saved (a new question's).
 */
export async function postDraftChange<Schema extends z.ZodTypeAny, Refusal>(
  formData: FormData,
  schema: Schema,
  answer: { page: string; saved: string; refusalOf: (refusal: Refusal) => ServiceRefusal },
  change: (value: z.infer<Schema>) => Promise<DraftSave<Refusal> | { result: DraftSave<Refusal>; page: string }>,
) {
  const submission = parseWithZod(formData, { schema });
  if (submission.status !== "success") return refuse(submission.reply());
  const done = await change(submission.value);
  const { result, page } = "result" in done ? done : { result: done, page: answer.page };
  return answerDraftSave(submission, result, { ...answer, page });
}
