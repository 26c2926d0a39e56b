import type { SubmissionResult } from "@conform-to/react";
import { useNavigation } from "@remix-run/react";
import { type ReactNode, useRef } from "react";
import { useTranslation } from "~/i18n/react";

/** Errors under a field or a form; each one a translation key of `ns`. */
export function ErrorList({ id, errors, ns }: { id?: string; errors?: string[] | null; ns: string }) {
  const { t } = useTranslation(ns);
  if (!errors?.length) return null;
  return (
    // biome-ignore lint/a11y/noRedundantRoles: Safari drops the list role of a list without bullets
    <ul id={id} className="field__errors" role="list">
      {errors.map((error) => (
        <li key={error}>{t(error)}</li>
      ))}
    </ul>
  );
}

/** What a field needs of conform's field metadata: its ids and its errors. */
export type FieldMeta = { id: string; errorId: string; descriptionId: string; errors?: string[] };

/**
 * A label, the control given as children, its hint and its errors: ids from conform's field
 * metadata (`fields.x`), so the control's `getInputProps(fields.x, …)` points at the same hint and
 * errors (aria-describedby, aria-invalid). The one way every form in Cap shows a field.
 */
export function Field({
  meta,
  label,
  hint,
  ns,
  children,
}: {
  meta: FieldMeta;
  label: string;
  hint?: string;
  ns: string;
  children: ReactNode;
}) {
  return (
    <div className={meta.errors?.length ? "field field--invalid" : "field"}>
      <label htmlFor={meta.id}>{label}</label>
      {hint ? (
        <p id={meta.descriptionId} className="field__hint">
          {hint}
        </p>
      ) : null}
      {children}
      <ErrorList id={meta.errorId} errors={meta.errors} ns={ns} />
    </div>
  );
}

/** conform's answer that empties a form's errors: one object, so the form resets once, not at each render. */
const cleared: SubmissionResult<string[]> = { initialValue: null };

/**
 * conform's `lastResult` for one form of a page: the action's answer when it is this form's.
 * Once the page has had an answer, any other (another form's, or none after a redirect to this
 * page) clears the form's last errors, as a page reload would; before any answer, nothing (a
 * reset at hydration would wipe what was typed before the scripts ran). Pages with several forms
 * name theirs by a field of the post (`intent`, one value or several; `key` to read another).
 */
export function useFormReply<Reply extends { initialValue?: Record<string, unknown> | null } | undefined>(
  reply: Reply,
  intent?: string | string[],
  key = "intent",
): NonNullable<Reply> | SubmissionResult<string[]> | undefined {
  const answered = useRef(false);
  if (reply) answered.current = true;
  const posted = reply?.initialValue?.[key];
  if (reply && (intent === undefined || (typeof posted === "string" && [intent].flat().includes(posted)))) return reply;
  return answered.current ? cleared : undefined;
}

/** A general message over a form (SPEC §8: errors.base lines joined by line breaks). */
export function FormAlert({ lines, tone = "error" }: { lines?: string[]; tone?: "error" | "success" | "info" }) {
  if (!lines?.length) return null;
  return (
    <div className={`alert alert--${tone}`} role={tone === "error" ? "alert" : "status"}>
      {lines.join("\n")}
    </div>
  );
}

/**
 * The submit button. With JavaScript it shows that the form is being sent and cannot be pressed
 * twice (SPEC §4 "loading"); without it, the browser's own submission is all there is.
 */
export function SubmitButton({
  children,
  pendingLabel,
  name,
  value,
  className = "button button--primary button--block",
}: {
  children: ReactNode;
  pendingLabel: string;
  name?: string;
  value?: string;
  className?: string;
}) {
  const navigation = useNavigation();
  const pending = navigation.state === "submitting" && (name === undefined || navigation.formData?.get(name) === value);
  return (
    <button type="submit" name={name} value={value} className={className} disabled={pending} aria-disabled={pending}>
      {pending ? pendingLabel : children}
    </button>
  );
}
