import { Form, useLocation } from "@remix-run/react";
import type { ReactNode } from "react";
import { Field, type FieldMeta, FormAlert } from "~/components/form/form";
import { type FormMeta, fieldProps, formProps } from "~/components/form/form-reply";
import { trainingBounds } from "~/content/training-schema";
import { useTranslation } from "~/i18n/react";

/**
 * Pieces every form of the author space uses: the draft revision the page was read at,
 * a text in French and English side by side, and the form's alerts (saved; someone else saved
 * first, with a way to reload; the schema's own mistakes with their paths).
 */
export function RevisionField({ revision }: { revision: number }) {
  return <input type="hidden" name="revision" value={revision} />;
}

/**
 * `<name>Fr` and `<name>En`, side by side from a tablet's width; a textarea of `rows` for longer
 * texts; `hint` under each language's field. Each is bounded by `max`: unless said, a title's
 * length on one line, a summary's in a textarea.
 */
export function BilingualField({
  fields,
  name,
  label,
  multiline = false,
  max = multiline ? trainingBounds.summary : trainingBounds.title,
  rows = 4,
  hint,
}: {
  fields: Record<string, FieldMeta>;
  name: string;
  label: string;
  multiline?: boolean;
  max?: number;
  rows?: number;
  hint?: string;
}) {
  const { t } = useTranslation("author");
  return (
    <fieldset className="both-languages both-languages--fields">
      <legend>{label}</legend>
      {(["Fr", "En"] as const).map((lang) => {
        const meta = fields[`${name}${lang}`];
        const language = lang === "Fr" ? "fr" : "en";
        return (
          <Field key={lang} meta={meta} label={t(`trainings.${language}`)} hint={hint} ns="author">
            {multiline ? (
              <textarea
                {...fieldProps(meta, { described: hint ? meta.descriptionId : undefined })}
                lang={language}
                maxLength={max}
                rows={rows}
              />
            ) : (
              <input
                {...fieldProps(meta, { described: hint ? meta.descriptionId : undefined })}
                lang={language}
                maxLength={max}
              />
            )}
          </Field>
        );
      })}
    </fieldset>
  );
}

/**
 * A form of a draft's page in its own card (a danger card for what cannot be undone): an `eyebrow`
 * over its title, a `note` under it, the form's alerts, the revision the page was read at and the
 * `intent` it posts, then its fields.
 */
export function DraftForm({
  form,
  reply,
  revision,
  intent,
  title,
  eyebrow,
  note,
  danger = false,
  children,
}: {
  form: FormMeta;
  reply: unknown;
  revision: number;
  intent: string;
  title: string;
  eyebrow?: string;
  note?: ReactNode;
  danger?: boolean;
  children: ReactNode;
}) {
  return (
    <Form method="post" className={danger ? "card card--danger author-form" : "card author-form"} {...formProps(form)}>
      {eyebrow ? <p className="eyebrow">{eyebrow}</p> : null}
      <h2>{title}</h2>
      {note}
      <DraftAlerts form={form} reply={reply} />
      <RevisionField revision={revision} />
      <input type="hidden" name="intent" value={intent} />
      {children}
    </Form>
  );
}

/**
 * A list of a draft's page in its own card (`id` names its title): a `lead` under the title, the
 * alerts of the list's forms, `none` while `count` is 0, then its items and what `after` adds.
 */
export function DraftList({
  id,
  title,
  lead,
  form,
  reply,
  count,
  none,
  after,
  children,
}: {
  id: string;
  title: string;
  lead?: ReactNode;
  form: FormMeta;
  reply: unknown;
  count: number;
  none: string;
  after?: ReactNode;
  children: ReactNode;
}) {
  return (
    <section className="card" aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      {lead}
      <DraftAlerts form={form} reply={reply} />
      {count === 0 ? <p>{none}</p> : null}
      <ol className="author-items">{children}</ol>
      {after}
    </section>
  );
}

type Problems = { problems?: { path: string; message: string }[] };

/**
 * The form's own message: saved (the page's `?saved=`), or its refusal. A stale save says someone
 * else saved first and offers to reload the page (what was typed stays in the form meanwhile);
 * a draft the schema refused lists each mistake with its path.
 */
export function DraftAlerts({ form, reply, saved }: { form: FormMeta; reply: unknown; saved?: string | null }) {
  const { t } = useTranslation("author");
  const { pathname } = useLocation();
  const problems = form.errors ? ((reply as Problems | undefined)?.problems ?? []) : [];
  if (form.errors?.includes("errors.stale"))
    return (
      <div className="alert alert--error" role="alert" id={form.errorId}>
        <p>{t("errors.stale")}</p>
        <p>
          <a href={pathname}>{t("errors.reload")}</a>
        </p>
      </div>
    );
  if (form.errors)
    return (
      <div className="alert alert--error" role="alert" id={form.errorId}>
        {form.errors.map((error) => (
          <p key={error}>{t(error)}</p>
        ))}
        {problems.length ? <ProblemList problems={problems} /> : null}
      </div>
    );
  return saved ? <FormAlert tone="success" lines={[t(`saved.${saved}`)]} /> : null;
}

/** The mistakes of a training's file or draft, each with its path in it (its root when it has none). */
export function ProblemList({ problems }: { problems: { path: string; message: string }[] }) {
  const { t } = useTranslation("author");
  return (
    <ul>
      {problems.map((problem, index) => (
        // Two mistakes may share a path (a file's root): the index keeps them apart.
        // biome-ignore lint/suspicious/noArrayIndexKey: the list is replaced whole, never reordered.
        <li key={index}>
          <code>{problem.path || t("check.root")}</code> — {problem.message}
        </li>
      ))}
    </ul>
  );
}
