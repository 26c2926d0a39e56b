import { useNavigation } from "@remix-run/react";
import type { ReactNode } from "react";
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

/**
 * A field's metadata: its name, the ids of its control, hint and errors, its errors (translation
 * keys) and the value to show. The shape of conform's field metadata for what Cap uses; every
 * form gets it from `useFormReply` (no conform runtime in the browser), with the browser's own
 * verdicts merged in by `useClientChecks` on the pages that check as one types.
 */
export type FieldMeta = {
  id: string;
  name: string;
  errorId: string;
  descriptionId: string;
  errors?: string[];
  initialValue?: unknown;
};

/**
 * A label, the control given as children, its hint and its errors, with the ids of the field's
 * metadata (`fields.x`, from `useFormReply`, or `useClientChecks`), so the control's
 * `fieldProps(fields.x, …)` points at the same hint and errors
 * (aria-describedby, aria-invalid). The one way every form in Cap shows a field.
 */
export function Field({
  meta,
  label,
  hint,
  ns,
  children,
}: {
  meta: Pick<FieldMeta, "id" | "errorId" | "descriptionId" | "errors">;
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

/**
 * The submit button of one of a page's forms, sent as `intent=<intent>` (the action reads it) and
 * drawn in one of the button looks.
 */
export function IntentButton({
  intent,
  pendingLabel,
  look = "primary",
  children,
}: {
  intent: string;
  pendingLabel: string;
  look?: "primary" | "ghost" | "danger" | "secondary";
  children: ReactNode;
}) {
  return (
    <SubmitButton name="intent" value={intent} pendingLabel={pendingLabel} className={`button button--${look}`}>
      {children}
    </SubmitButton>
  );
}
