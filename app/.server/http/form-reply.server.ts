import { data } from "@remix-run/node";
import type { SubmissionResult } from "@conform-to/react";
import type { ServiceRefusal } from "~/.server/contract/refusal-table.server";

/** A refused form: conform's reply (values kept, errors by field) with an HTTP status. */
export function refuse(result: SubmissionResult<string[]>, status = 400, headers?: HeadersInit) {
  return data(result, { status, headers });
}

type Replying = {
  reply(options: {
    formErrors?: string[];
    fieldErrors?: Record<string, string[]>;
    hideFields?: string[];
  }): SubmissionResult<string[]>;
};

/**
 * Which of a page's forms a post comes from: its `intent` field (or `key`) when it is one of
 * `known`, `withoutIntent` when it names none (a form with no intent field), else null — a post
 * no form of the page sends, to answer with refuseUnknownIntent().
 */
export function intentOf<const Intent extends string>(
  formData: FormData,
  known: readonly Intent[],
  { key = "intent", withoutIntent }: { key?: string; withoutIntent?: Intent } = {},
): Intent | null {
  const posted = formData.get(key);
  if (posted === null) return withoutIntent ?? null;
  return known.find((intent) => intent === posted) ?? null;
}

/**
 * A post no form of the page sends (an unknown intent or step): 400, nothing done, and a message
 * for the page as a whole — no values, so no form takes it for its own; the page shows it with
 * <UnknownIntentAlert reply={useActionData()} /> (components/form/unknown-intent-alert.tsx).
 */
export function refuseUnknownIntent() {
  return refuse({ status: "error", initialValue: null, error: { "": ["common:error.unknownIntent"] } });
}

/** A form the service refused: the refusal's message under its field (or the whole form's), with its status. */
export function refuseWith(submission: Replying, refusal: ServiceRefusal, options: { hideFields?: string[] } = {}) {
  const errors =
    refusal.field === null
      ? { formErrors: [refusal.message] }
      : { fieldErrors: { [refusal.field]: [refusal.message] } };
  return refuse(submission.reply({ ...errors, ...options }), refusal.status);
}

/**
 * conform's reply for a refusal a service decided field by field, with no schema to parse the post
 * against (the quiz: its fields are its questions): the values to show again, as the service kept
 * them, and each field's errors (translation keys), the form's own under `""`.
 */
export function replyOf({
  values,
  fieldErrors,
  formErrors,
}: {
  values: Record<string, string | string[]>;
  fieldErrors: Record<string, string[]>;
  formErrors?: string[];
}): SubmissionResult<string[]> {
  return { status: "error", initialValue: values, error: { "": formErrors ?? null, ...fieldErrors } };
}
