/**
 * The one way a form reads its action's answer: `useFormReply` gives the form's and its fields'
 * metadata (ids, errors, values to show again), `formProps` and `fieldProps` the attributes that
 * follow from them, and `Field` (./form) lays a field out. Plain code, no conform runtime: the
 * answer is conform's `SubmissionResult`, plain data made on the server by refuse/refuseWith.
 */
import type { FieldMeta } from "~/components/form/form";

/** A form's metadata: its id, its own errors (the reply's `""`) and every field's. */
export type FormMeta = {
  id: string;
  errorId: string;
  /** "error" when the answer is this form's refusal. */
  status?: "success" | "error";
  errors?: string[];
  allErrors: Record<string, string[]>;
};

/** A form's fields by name; an item of a list field by its path (`questions[0]`). */
export type Fields<Schema> = { [Name in keyof Schema]-?: FieldMeta } & { [path: `${string}[${number}]`]: FieldMeta };

/** What an action answers a refused form with (conform's `SubmissionResult`, made by refuse/refuseWith). */
type Answer = {
  status?: "success" | "error";
  initialValue?: Record<string, unknown> | null;
  error?: Record<string, string[] | null> | null;
};

function isAnswer(reply: unknown): reply is Answer {
  return typeof reply === "object" && reply !== null && "initialValue" in reply;
}

/**
 * The page's own message when the action refused the post as a whole (refuseUnknownIntent: an
 * answer with no values, which no form takes for its own), else undefined.
 */
export function pageErrorsOf(reply: unknown): string[] | undefined {
  return isAnswer(reply) && reply.initialValue === null ? some(reply.error?.[""]) : undefined;
}

/** The value at a field's path (`title`, `questions[0]`) in conform's nested values. */
function valueAt(values: unknown, path: string): unknown {
  let value = values;
  for (const step of path.split(/[[\].]+/).filter(Boolean)) {
    value = value && typeof value === "object" ? (value as Record<string, unknown>)[step] : undefined;
  }
  return value;
}

const some = (errors: string[] | null | undefined) => (errors?.length ? errors : undefined);

/**
 * Reads the action's answer (`useActionData()`) for one form of a page: its errors and the values
 * to show again, ids as conform derives them (`{id}-{name}`, `-error`, `-description`). The answer
 * is this form's when the post's `key` field (default `intent`) is one of `intent` (or always,
 * without `intent`), never when it refuses the post as a whole (pageErrorsOf); otherwise —
 * another form's answer, or none after a redirect — the form shows its `defaultValue` and no
 * errors. Nothing is reset in the page: what was typed stays typed, before and after the scripts
 * run.
 */
export function useFormReply<Schema extends Record<string, unknown> = Record<string, unknown>>(
  reply: unknown,
  {
    id,
    intent,
    key = "intent",
    defaultValue,
  }: { id: string; intent?: string | string[]; key?: string; defaultValue?: { [Name in keyof Schema]?: unknown } },
): [FormMeta, Fields<Schema>] {
  const answer = isAnswer(reply) && reply.initialValue !== null ? reply : undefined;
  const posted = answer?.initialValue?.[key];
  const ours =
    answer && (intent === undefined || (typeof posted === "string" && [intent].flat().includes(posted)))
      ? answer
      : undefined;
  const allErrors: Record<string, string[]> = {};
  for (const [name, errors] of Object.entries(ours?.error ?? {})) if (errors?.length) allErrors[name] = errors;
  const values = ours ? ours.initialValue : defaultValue;
  const form = { id, errorId: `${id}-error`, status: ours?.status, errors: some(ours?.error?.[""]), allErrors };
  const fields = new Proxy({} as Fields<Schema>, {
    get: (_, name: string) => ({
      id: `${id}-${name}`,
      name,
      errorId: `${id}-${name}-error`,
      descriptionId: `${id}-${name}-description`,
      errors: some(ours?.error?.[name]),
      initialValue: valueAt(values, name),
    }),
  });
  return [form, fields];
}

/** A form's own attributes: its id, and its errors described when it has some. */
export function formProps(form: FormMeta) {
  return form.errors ? { id: form.id, "aria-invalid": true, "aria-describedby": form.errorId } : { id: form.id };
}

/**
 * A control's attributes from its field's metadata (an input, a select or a textarea): id, name,
 * the value to show, and aria-invalid and aria-describedby (its errors, then `described`, e.g.
 * the hint's id). A checkbox or radio given its `value` is checked when that value was chosen.
 */
export function fieldProps(
  meta: FieldMeta,
  { type, value, described }: { type?: string; value?: string; described?: string } = {},
) {
  const describedBy = [meta.errors ? meta.errorId : undefined, described].filter(Boolean).join(" ") || undefined;
  const shown = meta.initialValue;
  const choice = type === "checkbox" || type === "radio";
  return {
    id: choice && value !== undefined ? `${meta.id}-${value}` : meta.id,
    name: meta.name,
    ...(type ? { type } : {}),
    ...(choice
      ? {
          value: value ?? "on",
          defaultChecked: Array.isArray(shown) ? shown.includes(value) : shown === (value ?? "on"),
        }
      : type === "file"
        ? {}
        : { defaultValue: Array.isArray(shown) ? shown.map(String) : typeof shown === "string" ? shown : undefined }),
    "aria-invalid": meta.errors ? true : undefined,
    "aria-describedby": describedBy,
  };
}
