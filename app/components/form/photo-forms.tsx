import { Form } from "@remix-run/react";
import { useTranslation } from "~/i18n/react";
import { Avatar } from "~/components/presentational/avatar";
import { Field, FormAlert, SubmitButton } from "~/components/form/form";
import { fieldProps, formProps, useFormReply } from "~/components/form/form-reply";

/**
 * The profile photo's forms, on /profile and on /profile/photo (where both post, and where a
 * refused file comes back with its message): a plain multipart upload, and removal.
 */
export function PhotoForms({
  url,
  name,
  reply,
}: {
  url: string | null;
  name: string;
  /** The action's answer on /profile/photo: the upload's refusal (messages: keys of "auth"). */
  reply?: unknown;
}) {
  const { t } = useTranslation("profile");
  // Not "photo": the id of /profile's photo section.
  const [form, fields] = useFormReply<{ photo: File }>(reply, { id: "photo-upload" });
  return (
    <div className="photo-forms">
      <div className="photo-forms__current">
        <Avatar url={url} name={name} size="lg" />
        {url ? null : <p className="muted">{t("photo.none")}</p>}
      </div>
      <Form
        method="post"
        action="/profile/photo"
        encType="multipart/form-data"
        {...formProps(form)}
        className="form"
        noValidate
      >
        <FormAlert lines={form.errors?.map((error) => t(error))} />
        <input type="hidden" name="intent" value="upload" />
        <Field meta={fields.photo} label={t("photo.field")} hint={t("photo.hint")} ns="auth">
          <input
            {...fieldProps(fields.photo, { type: "file", described: fields.photo.descriptionId })}
            accept="image/jpeg,image/png,image/webp"
          />
        </Field>
        <SubmitButton pendingLabel={t("photo.pending")} className="button button--primary">
          {t("photo.submit")}
        </SubmitButton>
      </Form>
      {url ? (
        <Form method="post" action="/profile/photo" className="form">
          <input type="hidden" name="intent" value="remove" />
          <SubmitButton pendingLabel={t("photo.removing")} className="button button--ghost">
            {t("photo.remove")}
          </SubmitButton>
        </Form>
      ) : null}
    </div>
  );
}
