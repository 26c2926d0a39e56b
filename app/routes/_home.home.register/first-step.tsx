import type { z } from "zod";
import type { RegistrationDraft } from "~/.server/accounts/registration-drafts.server";
import { useClientChecks } from "~/components/form/client-checks";
import { Field, SubmitButton } from "~/components/form/form";
import { fieldProps, useFormReply } from "~/components/form/form-reply";
import { defaultGender, genders } from "~/forms/register-choices";
import type { firstStepSchema } from "~/forms/register-steps";
import { useTranslation } from "~/i18n/react";
import { StepForm } from "./step-form";

const loadCheck = () => import("~/forms/auth-checks").then((checks) => checks.checkRegisterFirstStep);

/** Step one of registration: who you are (SPEC §3, §5); "next" keeps it in the draft. */
export function FirstStep({ draft, reply }: { draft: RegistrationDraft; reply: unknown }) {
  const { t } = useTranslation("auth");
  const [form, replied] = useFormReply<z.input<typeof firstStepSchema>>(reply, {
    id: "register-first",
    defaultValue: { gender: defaultGender, ...draft },
  });
  const [fields, checks] = useClientChecks(reply, replied, loadCheck);
  return (
    <StepForm form={form} checks={checks} userType={replied.userType} invitedId={fields.invitedId}>
      <Field label={t("fields.firstName")} meta={fields.firstName} ns="auth">
        <input {...fieldProps(fields.firstName, { type: "text" })} autoComplete="given-name" />
      </Field>
      <Field label={t("fields.lastName")} meta={fields.lastName} ns="auth">
        <input {...fieldProps(fields.lastName, { type: "text" })} autoComplete="family-name" />
      </Field>
      <Field label={t("fields.birthDate")} meta={fields.birthDate} ns="auth">
        <input {...fieldProps(fields.birthDate, { type: "date" })} autoComplete="bday" />
      </Field>
      <fieldset className="field" aria-describedby={fields.gender.errors ? fields.gender.errorId : undefined}>
        <legend>{t("fields.gender")}</legend>
        <div className="radio-row">
          {genders.map((gender) => (
            <label key={gender}>
              <input
                type="radio"
                name={fields.gender.name}
                value={gender}
                defaultChecked={(fields.gender.initialValue ?? defaultGender) === gender}
              />
              {t(`genders.${gender}`)}
            </label>
          ))}
        </div>
        {fields.gender.errors ? (
          <p id={fields.gender.errorId} className="field__errors">
            {t(fields.gender.errors[0])}
          </p>
        ) : null}
      </fieldset>
      <SubmitButton name="intent" value="next" pendingLabel={t("register.pending")}>
        {t("register.next")}
      </SubmitButton>
    </StepForm>
  );
}
