import { Form } from "@remix-run/react";
import type { CoachProfile } from "~/.server/coaching/coaches/coach-profile.server";
import { ErrorList, Field, type FieldMeta, FormAlert, SubmitButton } from "~/components/form/form";
import { fieldProps, formProps, useFormReply } from "~/components/form/form-reply";
import { useTranslation } from "~/i18n/react";
import { TextAreaField } from "~/components/form/text-area-field";

const LANGUAGES = ["fr", "en"] as const;

/**
 * A coach's public profile, the coach's own page and the operator's alike (both post to their
 * own URL): the photo (an upload, multipart, or the member's photo) and the profile's words.
 * Every string is a key of "coach" (profile.*); errors are prefixed keys.
 */
export function CoachProfileForms({
  profile,
  reply,
  memberPhoto,
}: {
  profile: Pick<CoachProfile, "name" | "photo" | "bio" | "languages" | "meetingUrlTemplate">;
  reply: unknown;
  /** The coach's member has a photo to use. */
  memberPhoto: boolean;
}) {
  const { t } = useTranslation("coach");
  const [photoForm, photoFields] = useFormReply<{ photo: File }>(reply, {
    id: "coach-photo",
    intent: ["upload", "memberPhoto"],
  });
  const [form, fields] = useFormReply<{
    name: string;
    bioFr: string;
    bioEn: string;
    languages: string[];
    meetingUrlTemplate: string;
  }>(reply, {
    id: "coach-profile",
    intent: "profile",
    defaultValue: {
      name: profile.name,
      bioFr: profile.bio.fr,
      bioEn: profile.bio.en,
      languages: profile.languages,
      meetingUrlTemplate: profile.meetingUrlTemplate ?? "",
    },
  });
  return (
    <>
      <section className="card" aria-labelledby="coach-photo-title">
        <h2 id="coach-photo-title">{t("profile.photo.title")}</h2>
        <div className="photo-forms">
          <div className="photo-forms__current">
            <img
              className="avatar avatar--lg"
              src={profile.photo}
              alt={t("profile.photo.alt", { name: profile.name })}
              width={96}
              height={96}
            />
          </div>
          <Form method="post" encType="multipart/form-data" {...formProps(photoForm)} className="form" noValidate>
            <FormAlert lines={photoForm.errors?.map((error) => t(error))} />
            <Field meta={photoFields.photo} label={t("profile.photo.field")} hint={t("profile.photo.hint")} ns="coach">
              <input
                {...fieldProps(photoFields.photo, { type: "file", described: photoFields.photo.descriptionId })}
                accept="image/jpeg,image/png,image/webp"
              />
            </Field>
            <IntentButton intent="upload" primary>
              {t("profile.photo.upload")}
            </IntentButton>
          </Form>
          {memberPhoto ? (
            <Form method="post" className="form">
              <IntentButton intent="memberPhoto">{t("profile.photo.useMember")}</IntentButton>
            </Form>
          ) : null}
        </div>
      </section>
      <section className="card" aria-labelledby="coach-profile-title">
        <h2 id="coach-profile-title">{t("profile.words")}</h2>
        <Form method="post" {...formProps(form)} className="form" noValidate>
          <FormAlert lines={form.errors?.map((error) => t(error))} />
          <Field meta={fields.name} label={t("profile.name")} ns="coach">
            <input {...fieldProps(fields.name, { type: "text" })} required maxLength={80} autoComplete="off" />
          </Field>
          <BioField meta={fields.bioFr} lang="fr" label={t("profile.bioFr")} />
          <BioField meta={fields.bioEn} lang="en" label={t("profile.bioEn")} />
          <fieldset
            className={fields.languages.errors ? "field field--invalid" : "field"}
            aria-describedby={fields.languages.errors ? fields.languages.errorId : undefined}
          >
            <legend>{t("profile.languages")}</legend>
            <div className="radio-row">
              {LANGUAGES.map((language) => (
                <label key={language}>
                  <input {...fieldProps(fields.languages, { type: "checkbox", value: language })} />
                  {t(`profile.language.${language}`)}
                </label>
              ))}
            </div>
            <ErrorList id={fields.languages.errorId} errors={fields.languages.errors} ns="coach" />
          </fieldset>
          <Field
            meta={fields.meetingUrlTemplate}
            label={t("profile.meetingUrl")}
            hint={t("profile.meetingUrlHint")}
            ns="coach"
          >
            <input
              {...fieldProps(fields.meetingUrlTemplate, {
                type: "url",
                described: fields.meetingUrlTemplate.descriptionId,
              })}
              maxLength={500}
              inputMode="url"
              placeholder="https://meet.example.com/{room}"
            />
          </Field>
          <IntentButton intent="profile" primary>
            {t("profile.submit")}
          </IntentButton>
        </Form>
      </section>
    </>
  );
}

/** A bio in one language: both have the same bound, rows and hint. */
function BioField({ meta, lang, label }: { meta: FieldMeta; lang: "fr" | "en"; label: string }) {
  const { t } = useTranslation("coach");
  return (
    <TextAreaField
      meta={meta}
      label={label}
      hint={t("profile.bioHint")}
      ns="coach"
      lang={lang}
      rows={6}
      maxLength={1000}
    />
  );
}

/** The button of each form: its intent, and the same words while the page posts. */
function IntentButton({ intent, primary, children }: { intent: string; primary?: boolean; children: string }) {
  const { t } = useTranslation("coach");
  return (
    <SubmitButton
      name="intent"
      value={intent}
      pendingLabel={t("profile.pending")}
      className={primary ? "button button--primary" : "button button--ghost"}
    >
      {children}
    </SubmitButton>
  );
}
