import { Form, useActionData } from "@remix-run/react";
import type { Profile } from "~/.server/profile/profile.server";
import { Field, FormAlert, IntentButton } from "~/components/form/form";
import { fieldProps, formProps, useFormReply } from "~/components/form/form-reply";
import { levelsOfStudy, splitMobile } from "~/forms/profile";
import { useTranslation } from "~/i18n/react";
import { SelectField } from "~/components/form/select-field";

/** The member's details (names, birth date, mobile, level of study, role): intent "profile". */
export function DetailsForm({ profile }: { profile: Profile }) {
  const { t } = useTranslation("profile");
  const reply = useActionData();
  const mobile = splitMobile(profile.mobile);
  // Ids derive from the form's: profile-firstName, profile-role…
  const [form, fields] = useFormReply<{
    firstName: string;
    lastName: string;
    birthDate: string;
    mobileCountryCode: string;
    mobile: string;
    levelOfStudy: string;
    role: string;
  }>(reply, {
    id: "profile",
    intent: "profile",
    defaultValue: {
      firstName: profile.firstname,
      lastName: profile.lastname,
      birthDate: profile.birth_date,
      mobileCountryCode: mobile.mobileCountryCode,
      mobile: mobile.mobile,
      levelOfStudy: profile.level_of_study,
      role: profile.role,
    },
  });
  return (
    <section className="card" aria-labelledby="details-title">
      <h2 id="details-title">{t("details.title")}</h2>
      <Form method="post" {...formProps(form)} className="form" noValidate>
        <FormAlert lines={form.errors?.map((error) => t(error))} />
        <div className="form-row">
          <Field meta={fields.firstName} label={t("auth:fields.firstName")} ns="auth">
            <input
              {...fieldProps(fields.firstName, { type: "text" })}
              required
              maxLength={80}
              autoComplete="given-name"
            />
          </Field>
          <Field meta={fields.lastName} label={t("auth:fields.lastName")} ns="auth">
            <input
              {...fieldProps(fields.lastName, { type: "text" })}
              required
              maxLength={80}
              autoComplete="family-name"
            />
          </Field>
        </div>
        <Field meta={fields.birthDate} label={t("auth:fields.birthDate")} ns="auth">
          <input {...fieldProps(fields.birthDate, { type: "date" })} required autoComplete="bday" />
        </Field>
        <div className="form-row form-row--phone">
          <Field meta={fields.mobileCountryCode} label={t("auth:fields.countryCode")} ns="auth">
            <input
              {...fieldProps(fields.mobileCountryCode, { type: "text" })}
              inputMode="numeric"
              maxLength={5}
              autoComplete="tel-country-code"
            />
          </Field>
          <Field meta={fields.mobile} label={t("auth:fields.mobile")} ns="auth">
            <input {...fieldProps(fields.mobile, { type: "tel" })} maxLength={20} autoComplete="tel-national" />
          </Field>
        </div>
        <SelectField
          meta={fields.levelOfStudy}
          label={t("details.levelOfStudy")}
          ns="auth"
          none={t("details.levelOfStudyNone")}
          options={levelsOfStudy.map((level) => ({ value: level, label: t(`levels.${level}`) }))}
        />
        <Field meta={fields.role} label={t("details.role")} hint={t("details.roleHint")} ns="auth">
          <input
            {...fieldProps(fields.role, { type: "text", described: fields.role.descriptionId })}
            maxLength={80}
            autoComplete="organization-title"
          />
        </Field>
        <IntentButton intent="profile" pendingLabel={t("details.pending")}>
          {t("details.submit")}
        </IntentButton>
      </Form>
    </section>
  );
}
