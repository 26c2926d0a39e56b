import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { readDraft } from "~/.server/authoring/drafts.server";
import { PARAGRAPHS_MAX_CHARS } from "~/.server/authoring/parts.server";
import { intentOf, refuseUnknownIntent } from "~/.server/http/form-reply.server";
import { notFound } from "~/.server/http/not-found.server";
import { translator } from "~/.server/i18n/i18n.server";
import { trainingBounds } from "~/content/training-schema";
import { titleMeta } from "~/components/document/page-title";
import { Field, FormAlert, SubmitButton } from "~/components/form/form";
import { fieldProps, useFormReply } from "~/components/form/form-reply";
import { UnknownIntentAlert } from "~/components/form/unknown-intent-alert";
import { BothLanguages } from "~/components/presentational/both-languages";
import { useTranslation } from "~/i18n/react";
import { BilingualField, DraftForm } from "~/routes/_default.author/draft-form";
import { draftAuthor, draftPage, savedOf } from "~/routes/_default.author/draft-page.server";
import { FormattingHelp, ParagraphsField, UploadForm } from "./part-forms";
import { INTENTS, partPage, postPart, SAVED } from "./part-page.server";

export const meta = titleMeta;

/**
 * /author/trainings/<slug>/modules/<module>/parts/<part>: one part of the draft. Its titles, and
 * its paragraphs in each language (the reading, a video's introduction, an exercise's
 * instructions) in the authors' formatting; a video part adds its address or uploaded file, its
 * poster, its captions per language (WebVTT, checked line by line) and its transcript.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const { draft, lang, query } = await draftPage(request, params.slug);
  const module = draft.content.modules.find((candidate) => candidate.slug === params.module);
  const part = module?.parts.find((candidate) => candidate.slug === params.part);
  if (!module || !part) notFound(request);
  const t = await translator(lang, "author");
  return { ...partPage(draft, module, part, lang, t), saved: savedOf(query, SAVED) };
}

export async function action({ request, params }: ActionFunctionArgs) {
  const { author } = await draftAuthor(request);
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
  const intent = intentOf(formData, INTENTS);
  if (!intent) return refuseUnknownIntent();
  return postPart(intent, formData, { slug, moduleSlug, partSlug, current, author });
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
      <DraftForm form={form} reply={reply} revision={revision} intent="part" title={t("parts.title")}>
        <BilingualField fields={fields} name="title" label={t("parts.name")} />
        <ParagraphsField fields={fields} name="body" label={t(bodyLabel)} max={PARAGRAPHS_MAX_CHARS} />
        {video ? (
          <>
            <Field meta={fields.src} label={t("media.src")} hint={t("media.srcHint")} ns="author">
              <input
                {...fieldProps(fields.src, { type: "url", described: fields.src.descriptionId })}
                maxLength={trainingBounds.url}
                placeholder="https://"
              />
            </Field>
            <ParagraphsField
              fields={fields}
              name="transcript"
              label={t("media.transcript")}
              max={PARAGRAPHS_MAX_CHARS}
            />
          </>
        ) : null}
        <FormattingHelp />
        <SubmitButton pendingLabel={t("overview.saving")}>{t("overview.save")}</SubmitButton>
      </DraftForm>
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
