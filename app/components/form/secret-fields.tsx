import { Field, type FieldMeta } from "~/components/form/form";
import { fieldProps } from "~/components/form/form-reply";
import { useTranslation } from "~/i18n/react";

/** The current password, asked again before a change to the account; a hint is pointed at by the control. */
export function CurrentPasswordField({ meta, label, hint }: { meta: FieldMeta; label: string; hint?: string }) {
  return (
    <Field meta={meta} label={label} hint={hint} ns="auth">
      <input
        {...fieldProps(meta, { type: "password", described: hint ? meta.descriptionId : undefined })}
        required
        autoComplete="current-password"
      />
    </Field>
  );
}

/**
 * A new password and its confirmation (registration, a recovery, the profile's change). `required`
 * lets the browser check them as well where the form asks it to (the profile's).
 */
export function NewPasswordFields({
  password,
  confirmPassword,
  label,
  hint,
  required,
}: {
  password: FieldMeta;
  confirmPassword: FieldMeta;
  label: string;
  hint: string;
  required?: boolean;
}) {
  const { t } = useTranslation("auth");
  return (
    <>
      <Field label={label} meta={password} hint={hint} ns="auth">
        <input
          {...fieldProps(password, { type: "password", described: password.descriptionId })}
          required={required}
          minLength={required ? 8 : undefined}
          autoComplete="new-password"
        />
      </Field>
      <Field label={t("fields.confirmPassword")} meta={confirmPassword} ns="auth">
        <input {...fieldProps(confirmPassword, { type: "password" })} required={required} autoComplete="new-password" />
      </Field>
    </>
  );
}

/** A code typed from a mail or an authenticator app: digits, offered by the phone's one-time-code keyboard. */
export function CodeField({
  meta,
  label,
  required,
  maxLength = 6,
}: {
  meta: FieldMeta;
  label: string;
  required?: boolean;
  maxLength?: number;
}) {
  return (
    <Field label={label} meta={meta} ns="auth">
      <input
        {...fieldProps(meta, { type: "text" })}
        required={required}
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={maxLength}
      />
    </Field>
  );
}
