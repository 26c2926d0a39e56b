import { Form } from "@remix-run/react";
import { useTranslation } from "~/i18n/react";
import { Avatar } from "./avatar";
import { Field, SubmitButton } from "./form";

/**
 * The profile photo's forms, on /profile and on /profile/photo (where both post, and where a
 * refused file comes back with its message): a plain multipart upload, and removal.
 */
export function PhotoForms({
  url,
  name,
  errors,
}: {
  url: string | null;
  name: string;
  /** Message keys of "auth" for the file, when the last upload was refused. */
  errors?: string[];
}) {
  const { t } = useTranslation("profile");
  return (
    <div className="photo-forms">
      <div className="photo-forms__current">
        <Avatar url={url} name={name} size="lg" />
        {url ? null : <p className="muted">{t("photo.none")}</p>}
      </div>
      <Form method="post" action="/profile/photo" encType="multipart/form-data" className="form" noValidate>
        <input type="hidden" name="intent" value="upload" />
        <Field
          label={t("photo.field")}
          htmlFor="photo-file"
          hint={t("photo.hint")}
          hintId="photo-file-hint"
          errors={errors}
          errorId="photo-file-error"
          ns="auth"
        >
          <input
            id="photo-file"
            name="photo"
            type="file"
            accept="image/jpeg,image/png,image/webp"
            aria-describedby={errors?.length ? "photo-file-hint photo-file-error" : "photo-file-hint"}
            aria-invalid={errors?.length ? true : undefined}
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
