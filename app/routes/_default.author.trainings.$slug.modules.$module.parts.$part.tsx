import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { requireAuthor } from "~/.server/auth/role-guard.server";
import { answerDraftSave } from "~/routes/_default.author/draft-post.server";
import {
  mediaSchema,
  uploadCaptions,
  uploadPoster,
  uploadVideo,
  VIDEO_MAX_BYTES,
} from "~/.server/authoring/media.server";
import {
  checkPart,
  clearFileSchema,
  clearVideoFile,
  editPart,
  PARAGRAPHS_MAX_CHARS,
  paragraphsText,
  partSchema,
  setVideoFile,
} from "~/.server/authoring/parts.server";
import { intentOf, refuse, refuseUnknownIntent, refuseWith } from "~/.server/http/form-reply.server";
import { notFound } from "~/.server/http/not-found.server";
import { localeOf, translator } from "~/.server/i18n/i18n.server";
import { readDraft } from "~/.server/authoring/drafts.server";
import { trainingBounds } from "~/content/training-schema";
import { BilingualField, DraftAlerts, RevisionField } from "~/routes/_default.author/draft-form";
import { titleMeta } from "~/components/document/page-title";
import { Field, type FieldMeta, FormAlert, SubmitButton } from "~/components/form/form";
import { fieldProps, formProps, useFormReply } from "~/components/form/form-reply";
import { UnknownIntentAlert } from "~/components/form/unknown-intent-alert";
import { BothLanguages } from "~/components/presentational/both-languages";
import { parseWithZod } from "~/forms/submission";
import { useTranslation } from "~/i18n/react";
import { mediaRefusals, moduleRefusals } from "~/.server/authoring/contract.server";

export const meta = titleMeta;

const SAVED = ["part", "video", "poster", "captions", "cleared"] as const;

/**
 * /author/trainings/<slug>/modules/<module>/parts/<part>: one part of the draft. Its titles, and
 * its paragraphs in each language (the reading, a video's introduction, an exercise's
 * instructions) in the authors' formatting; a video part adds its address or uploaded file, its
 * poster, its captions per language (WebVTT, checked line by line) and its transcript.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireAuthor(request);
  const draft = await readDraft(params.slug ?? "");
  const module = draft?.content.modules.find((candidate) => candidate.slug === params.module);
  const part = module?.parts.find((candidate) => candidate.slug === params.part);
  if (!draft || !module || !part) notFound(request);
  const lang = await localeOf(request);
  const t = await translator(lang, "author");
  const saved = SAVED.find((key) => key === new URL(request.url).searchParams.get("saved")) ?? null;
  return {
    title: t("parts.pageTitle", { part: part.title[lang] || part.slug }),
    slug: draft.slug,
    module: { slug: module.slug, name: module.title[lang] || module.slug },
    videoMaxMb: VIDEO_MAX_BYTES / 1024 / 1024,
    part: { slug: part.slug, kind: part.kind, title: part.title },
    revision: draft.revision,
    saved,
    video:
      part.kind === "video"
        ? {
            src: part.video?.src ?? null,
            uploaded: part.video?.src?.startsWith("/uploads/") ?? false,
            poster: part.video?.poster ?? null,
            captions: { fr: part.video?.captions.fr ?? null, en: part.video?.captions.en ?? null },
          }
        : null,
    values: {
      titleFr: part.title.fr,
      titleEn: part.title.en,
      bodyFr: paragraphsText(part.body.fr),
      bodyEn: paragraphsText(part.body.en),
      src: part.video?.src?.startsWith("https://") ? part.video.src : "",
      transcriptFr: paragraphsText(part.video?.transcript.fr ?? []),
      transcriptEn: paragraphsText(part.video?.transcript.en ?? []),
    },
  };
}

export async function action({ request, params }: ActionFunctionArgs) {
  const { member } = await requireAuthor(request);
  const slug = params.slug ?? "";
  const moduleSlug = params.module ?? "";
  const partSlug = params.part ?? "";
  // A forged training, module or part: the 404 of an unknown page, before any file is read or kept.
  const draft = await readDraft(slug);
  const current = draft?.content.modules
    .find((module) => module.slug === moduleSlug)
    ?.parts.find((part) => part.slug === partSlug);
  if (!current) notFound(request);
  const formData = await request.formData();
  const intent = intentOf(formData, ["part", "video", "poster", "captions", "clear"]);
  if (!intent) return refuseUnknownIntent();
  const lang = await localeOf(request);
  const author = { id: member.id, lang };
  const page = `/author/trainings/${slug}/modules/${moduleSlug}/parts/${partSlug}`;
  const refusalOf = (refusal: keyof typeof moduleRefusals) => moduleRefusals[refusal];
  if (intent === "part") {
    const submission = parseWithZod(formData, { schema: partSchema });
    if (submission.status !== "success") return refuse(submission.reply());
    const checked = await checkPart(submission.value, current, lang);
    if (!checked.ok) return refuse(submission.reply({ fieldErrors: checked.fieldErrors }), 422);
    const save = await editPart(slug, moduleSlug, partSlug, submission.value.revision, author, checked.part);
    return answerDraftSave(submission, save, { page, saved: "part", refusalOf });
  }
  if (intent === "clear") {
    const submission = parseWithZod(formData, { schema: clearFileSchema });
    if (submission.status !== "success") return refuse(submission.reply());
    const save = await clearVideoFile(slug, moduleSlug, partSlug, submission.value, author);
    return answerDraftSave(submission, save, { page, saved: "cleared", refusalOf });
  }
  const submission = parseWithZod(formData, { schema: mediaSchema });
  if (submission.status !== "success") return refuse(submission.reply({ hideFields: ["file"] }));
  const { file, revision } = submission.value;
  const bytes = Buffer.from(await file.arrayBuffer());
  const captions = intent === "captions" ? (submission.value.lang ?? null) : null;
  if (intent === "captions" && !captions)
    return refuse(submission.reply({ fieldErrors: { lang: ["media.errors.lang"] }, hideFields: ["file"] }));
  const outcome =
    intent === "video"
      ? await uploadVideo(member.id, bytes)
      : intent === "poster"
        ? await uploadPoster(member.id, bytes)
        : await uploadCaptions(member.id, bytes, lang);
  if (!outcome.ok) {
    if (outcome.details)
      return refuse(submission.reply({ fieldErrors: { file: outcome.details }, hideFields: ["file"] }), 422);
    return refuseWith(submission, mediaRefusals[outcome.error], { hideFields: ["file"] });
  }
  const target =
    intent === "video"
      ? { src: outcome.url }
      : intent === "poster"
        ? { poster: outcome.url }
        : { captions: captions ?? "fr", url: outcome.url };
  const save = await setVideoFile(slug, moduleSlug, partSlug, revision, author, target);
  return answerDraftSave(submission, save, { page, saved: intent, refusalOf });
}

export default function PartEditor() {
  const { slug, module, part, values, revision, saved, video, videoMaxMb } = useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>();
  const { t } = useTranslation("author");
  const [form, fields] = useFormReply(reply, { id: "part", intent: "part", defaultValue: values });
  const moduleBase = `/author/trainings/${slug}/modules/${module.slug}`;
  const bodyLabel =
    part.kind === "exercise" ? "parts.instructions" : part.kind === "video" ? "parts.intro" : "parts.body";
  return (
    <>
      <p>
        <Link to={moduleBase}>← {t("parts.back", { module: module.name })}</Link>
      </p>
      <p className="eyebrow">{t(`outline.part.${part.kind}`)}</p>
      <BothLanguages text={part.title} as="h2" />
      <UnknownIntentAlert reply={reply} />
      {saved ? <FormAlert tone="success" lines={[t(`parts.saved.${saved}`)]} /> : null}
      <Form method="post" className="card author-form" {...formProps(form)}>
        <h2>{t("parts.title")}</h2>
        <DraftAlerts form={form} reply={reply} />
        <RevisionField revision={revision} />
        <input type="hidden" name="intent" value="part" />
        <BilingualField fields={fields} name="title" label={t("parts.name")} max={trainingBounds.title} />
        <ParagraphsField fields={fields} name="body" label={t(bodyLabel)} />
        {video ? (
          <>
            <Field meta={fields.src} label={t("media.src")} hint={t("media.srcHint")} ns="author">
              <input
                {...fieldProps(fields.src, { type: "url", described: fields.src.descriptionId })}
                maxLength={trainingBounds.url}
                placeholder="https://"
              />
            </Field>
            <ParagraphsField fields={fields} name="transcript" label={t("media.transcript")} />
          </>
        ) : null}
        <FormattingHelp />
        <SubmitButton pendingLabel={t("overview.saving")}>{t("overview.save")}</SubmitButton>
      </Form>
      {video ? (
        <section className="card" aria-labelledby="media-title">
          <h2 id="media-title">{t("media.title")}</h2>
          <p className="muted">{t("media.lead")}</p>
          <UploadForm
            intent="video"
            reply={reply}
            revision={revision}
            label={t("media.video")}
            hint={t("media.videoHint", { max: videoMaxMb })}
            accept="video/mp4,video/webm"
            current={video.uploaded ? video.src : null}
          />
          <UploadForm
            intent="poster"
            reply={reply}
            revision={revision}
            label={t("media.poster")}
            hint={t("media.posterHint")}
            accept="image/jpeg,image/png,image/webp"
            current={video.poster}
            image
          />
          {(["fr", "en"] as const).map((lang) => (
            <UploadForm
              key={lang}
              intent="captions"
              lang={lang}
              reply={reply}
              revision={revision}
              label={t(`media.captions.${lang}`)}
              hint={t("media.captionsHint")}
              accept=".vtt,text/vtt"
              current={video.captions[lang]}
            />
          ))}
        </section>
      ) : null}
    </>
  );
}

/** Paragraphs in French and English side by side, a blank line between two paragraphs. */
function ParagraphsField({ fields, name, label }: { fields: Record<string, FieldMeta>; name: string; label: string }) {
  const { t } = useTranslation("author");
  return (
    <BilingualField
      fields={fields}
      name={name}
      label={label}
      max={PARAGRAPHS_MAX_CHARS}
      multiline
      rows={10}
      hint={t("parts.paragraphsHint")}
    />
  );
}

/** The authors' formatting (content/rich-text.ts), each mark with what it gives. */
function FormattingHelp() {
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
function UploadForm({
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
