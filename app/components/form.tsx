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

/** A label, the control given as children, its hint and its errors. */
export function Field({
  label,
  htmlFor,
  hint,
  hintId,
  errors,
  errorId,
  ns,
  children,
}: {
  label: string;
  htmlFor: string;
  hint?: string;
  hintId?: string;
  errors?: string[];
  errorId: string;
  ns: string;
  children: ReactNode;
}) {
  return (
    <div className={errors?.length ? "field field--invalid" : "field"}>
      <label htmlFor={htmlFor}>{label}</label>
      {hint ? (
        <p id={hintId} className="field__hint">
          {hint}
        </p>
      ) : null}
      {children}
      <ErrorList id={errorId} errors={errors} ns={ns} />
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
