import type { z } from "zod";
import type { RegistrationDraft } from "~/.server/accounts/registration-drafts.server";
import { useClientChecks } from "~/components/form/client-checks";
import { Field, SubmitButton } from "~/components/form/form";
import { fieldProps, useFormReply } from "~/components/form/form-reply";
import { NewPasswordFields } from "~/components/form/secret-fields";
import { defaultCountryCode } from "~/forms/register-choices";
import type { secondStepSchema } from "~/forms/register-steps";
import { useTranslation } from "~/i18n/react";
import { StepForm } from "./step-form";
import { TermsNotice, type TermsShown } from "./terms-notice";

const loadCheck = () => import("~/forms/auth-checks").then((checks) => checks.checkRegisterSecondStep);

/**
 * Step two of registration: how to reach you and your password; "register" creates the account,
 * "back" (formNoValidate, never checked) keeps whatever was typed in the draft and returns.
 */
export function SecondStep({ draft, reply, terms }: { draft: RegistrationDraft; reply: unknown; terms: TermsShown[] }) {
  const { t } = useTranslation("auth");
  const [form, replied] = useFormReply<z.input<typeof secondStepSchema>>(reply, {
    id: "register-second",
    defaultValue: { mobileCountryCode: defaultCountryCode, ...draft },
  });
  const [fields, checks] = useClientChecks(reply, replied, loadCheck);
  return (
    <StepForm form={form} checks={checks} userType={replied.userType} invitedId={fields.invitedId}>
      <Field label={t("fields.email")} meta={fields.email} ns="auth">
        <input {...fieldProps(fields.email, { type: "email" })} autoComplete="email" />
      </Field>
      <div className="field">
        <label htmlFor={fields.mobile.id}>{t("fields.mobile")}</label>
        <p id="mobile-hint" className="field__hint">
          {t("register.mobileHint")}
        </p>
        <div className="field__row">
          <span className="field__prefix">
            <span aria-hidden="true">+</span>
            <input
              {...fieldProps(fields.mobileCountryCode, { type: "text" })}
              inputMode="numeric"
              aria-label={t("fields.countryCode")}
              autoComplete="tel-country-code"
            />
          </span>
          <input
            {...fieldProps(fields.mobile, { type: "tel" })}
            aria-describedby="mobile-hint"
            autoComplete="tel-national"
          />
        </div>
        {[...(fields.mobileCountryCode.errors ?? []), ...(fields.mobile.errors ?? [])].map((error) => (
          <p key={error} className="field__errors">
            {t(error)}
          </p>
        ))}
      </div>
      <NewPasswordFields
        password={fields.password}
        confirmPassword={fields.confirmPassword}
        label={t("fields.password")}
        hint={t("register.passwordHint")}
      />
      <TermsNotice terms={terms} />
      <SubmitButton name="intent" value="register" pendingLabel={t("register.pending")}>
        {t("register.submit")}
      </SubmitButton>
      <button type="submit" name="intent" value="back" className="button button--ghost button--block" formNoValidate>
        {t("register.back")}
      </button>
    </StepForm>
  );
}
