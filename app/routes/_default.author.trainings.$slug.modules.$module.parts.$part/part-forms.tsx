import { Form } from "@remix-run/react";
import { Field, type FieldMeta, SubmitButton } from "~/components/form/form";
import { fieldProps, formProps, useFormReply } from "~/components/form/form-reply";
import { useTranslation } from "~/i18n/react";
import { BilingualField, DraftAlerts, RevisionField } from "~/routes/_default.author/draft-form";

/** Paragraphs in French and English side by side, a blank line between two paragraphs. */
export function ParagraphsField({
  fields,
  name,
  label,
  max,
}: {
  fields: Record<string, FieldMeta>;
  name: string;
  label: string;
  max: number;
}) {
  const { t } = useTranslation("author");
  return (
    <BilingualField
      fields={fields}
      name={name}
      label={label}
      max={max}
      multiline
      rows={10}
      hint={t("parts.paragraphsHint")}
    />
  );
}

/** The authors' formatting (content/rich-text.ts), each mark with what it gives. */
export function FormattingHelp() {
  const { t } = useTranslation("author");
  const marks = ["emphasis", "strong", "bullets", "numbers", "link", "break", "escape"] as const;
  return (
    <details className="author-help">
      <summary>{t("parts.help.title")}</summary>
      <p>{t("parts.help.lead")}</p>
      <dl>
        {marks.map((mark) => (
          <div key={mark}>
            <dt>
              <code>{t(`parts.help.${mark}.write`)}</code>
            </dt>
            <dd>{t(`parts.help.${mark}.gives`)}</dd>
          </div>
        ))}
      </dl>
    </details>
  );
}

/** One file of a video part: what is there now, and a plain multipart form to replace it. */
export function UploadForm({
  intent,
  lang,
  reply,
  revision,
  label,
  hint,
  accept,
  current,
  image = false,
}: {
  intent: "video" | "poster" | "captions";
  lang?: "fr" | "en";
  reply: unknown;
  revision: number;
  label: string;
  hint: string;
  accept: string;
  current: string | null;
  image?: boolean;
}) {
  const { t } = useTranslation("author");
  const id = lang ? `${intent}-${lang}` : intent;
  const [form, fields] = useFormReply<{ file: File; lang: string }>(reply, {
    id,
    key: "form",
    intent: id,
  });
  return (
    <>
      {/* Keyed by the revision: once sent, the file input is empty again. */}
      <Form key={revision} method="post" encType="multipart/form-data" className="author-upload" {...formProps(form)}>
        <DraftAlerts form={form} reply={reply} />
        <RevisionField revision={revision} />
        <input type="hidden" name="intent" value={intent} />
        <input type="hidden" name="form" value={id} />
        {lang ? <input type="hidden" name="lang" value={lang} /> : null}
        <Field meta={fields.file} label={label} hint={hint} ns="author">
          {current ? (
            <p className="muted">
              {image ? <img src={current} alt="" width={160} className="author-upload__poster" /> : null}
              <a href={current}>{t("media.current")}</a>
            </p>
          ) : (
            <p className="muted">{t("media.none")}</p>
          )}
          <input {...fieldProps(fields.file, { type: "file", described: fields.file.descriptionId })} accept={accept} />
        </Field>
        <SubmitButton pendingLabel={t("media.pending")} className="button button--primary">
          {t("media.upload")}
        </SubmitButton>
      </Form>
      {current ? <ClearForm which={id} revision={revision} label={label} /> : null}
    </>
  );
}

/** Takes the file out of the draft (its upload stays for the versions that name it). */
function ClearForm({ which, revision, label }: { which: string; revision: number; label: string }) {
  const { t } = useTranslation("author");
  return (
    <Form method="post" className="author-upload__clear">
      <RevisionField revision={revision} />
      <input type="hidden" name="intent" value="clear" />
      <input type="hidden" name="which" value={which} />
      <SubmitButton pendingLabel={t("media.clearing")} className="button button--ghost">
        {t("media.clear")}
        <span className="visually-hidden"> : {label}</span>
      </SubmitButton>
    </Form>
  );
}
