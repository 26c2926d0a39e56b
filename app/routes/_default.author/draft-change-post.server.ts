import type { z } from "zod";
import type { ServiceRefusal } from "~/.server/contract/refusal-table.server";
import { refuse } from "~/.server/http/form-reply.server";
import type { DraftSave } from "~/.server/authoring/drafts.server";
import { parseWithZod } from "~/forms/submission";
import { answerDraftSave } from "./draft-post.server";

type Answer<Refusal> = { page: string; saved: string; refusalOf?: (refusal: Refusal) => ServiceRefusal };
type Change<Schema extends z.ZodTypeAny, Refusal> = (
  value: z.infer<Schema>,
) => Promise<DraftSave<Refusal> | { result: DraftSave<Refusal>; page: string }>;

/**
 * One post of a draft's page: parsed with its form's schema (a refusal: 400 with what was typed,
 * nothing changed), saved by `change`, answered as every draft save is (answerDraftSave). `change`
 * may name the page to go to when saved (a new question's).
 */
export async function saveDraftPost<Schema extends z.ZodTypeAny, Refusal>(
  formData: FormData,
  schema: Schema,
  answer: Answer<Refusal>,
  change: Change<Schema, Refusal>,
) {
  const submission = parseWithZod(formData, { schema });
  if (submission.status !== "success") return refuse(submission.reply());
  const done = await change(submission.value);
  const { result, page } = "result" in done ? done : { result: done, page: answer.page };
  return answerDraftSave(submission, result, { ...answer, page });
}

/** The posts of one page of a draft, answered from `page`: each with its form's schema, its `?saved=` key and its save. */
export function draftPosts<Refusal>(formData: FormData, page: string, refusalOf: (refusal: Refusal) => ServiceRefusal) {
  return <Schema extends z.ZodTypeAny>(schema: Schema, saved: string, change: Change<Schema, Refusal>) =>
    saveDraftPost(formData, schema, { page, saved, refusalOf }, change);
}

/**
 * conform reads `answers[<n>]` as the n-th item of a list, and zod then checks each of its n items:
 * a forged `answers[1000000].id` would make a million of them. No form of the author space has a
 * list of more than 50 items: a post naming an index of 100 or beyond is refused (400), parsed
 * without those fields only to show the form again.
 */
const MAX_INDEX = 100;

const far = (name: string) => [...name.matchAll(/\[(\d+)\]/g)].some((match) => Number(match[1]) >= MAX_INDEX);

function withoutFarIndexes(formData: FormData): FormData {
  const kept = new FormData();
  for (const [name, value] of formData.entries()) if (!far(name)) kept.append(name, value);
  return kept;
}

/** One post of a form that holds a list (the quiz, question and skills editors): saveDraftPost, far indexes refused first. */
async function postDraftChange<Schema extends z.ZodTypeAny, Refusal>(
  formData: FormData,
  schema: Schema,
  answer: Answer<Refusal>,
  change: Change<Schema, Refusal>,
) {
  if ([...formData.keys()].some(far))
    return refuse(
      parseWithZod(withoutFarIndexes(formData), { schema }).reply({ formErrors: ["quiz.errors.answersChanged"] }),
    );
  return saveDraftPost(formData, schema, answer, change);
}

/** The posts of one page whose forms hold lists, as draftPosts: each through postDraftChange. */
export function draftListPosts<Refusal>(
  formData: FormData,
  page: string,
  refusalOf: (refusal: Refusal) => ServiceRefusal,
) {
  return <Schema extends z.ZodTypeAny>(schema: Schema, saved: string, change: Change<Schema, Refusal>) =>
    postDraftChange(formData, schema, { page, saved, refusalOf }, change);
}
