import { mediaRefusals, moduleRefusals } from "~/.server/authoring/contract.server";
import type { Draft } from "~/.server/authoring/drafts.server";
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
  paragraphsText,
  partSchema,
  setVideoFile,
} from "~/.server/authoring/parts.server";
import { refuse, refuseWith } from "~/.server/http/form-reply.server";
import type { DraftModule } from "~/content/training-schema";
import { parseWithZod } from "~/forms/submission";
import type { Language } from "~/i18n/config";
import type { TFunction } from "~/i18n/translate";
import { saveDraftPost } from "~/routes/_default.author/draft-change-post.server";
import { answerDraftSave } from "~/routes/_default.author/draft-post.server";

type DraftPart = DraftModule["parts"][number];

export const SAVED = ["part", "video", "poster", "captions", "cleared"] as const;
export const INTENTS = ["part", "video", "poster", "captions", "clear"] as const;

/** What the part's page shows: its titles and paragraphs as the form holds them, a video's files. */
export function partPage(draft: Draft, module: DraftModule, part: DraftPart, lang: Language, t: TFunction) {
  return {
    title: t("parts.pageTitle", { part: part.title[lang] || part.slug }),
    slug: draft.slug,
    module: { slug: module.slug, name: module.title[lang] || module.slug },
    videoMaxMb: VIDEO_MAX_BYTES / 1024 / 1024,
    part: { slug: part.slug, kind: part.kind, title: part.title },
    revision: draft.revision,
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

type PartPost = {
  slug: string;
  moduleSlug: string;
  partSlug: string;
  current: DraftPart;
  author: { id: string; lang: Language };
};

/** One post of the part's page: its texts, a file taken out, or a video's file uploaded. */
export async function postPart(intent: (typeof INTENTS)[number], formData: FormData, post: PartPost) {
  const { slug, moduleSlug, partSlug, current, author } = post;
  const page = `/author/trainings/${slug}/modules/${moduleSlug}/parts/${partSlug}`;
  const refusalOf = (refusal: keyof typeof moduleRefusals) => moduleRefusals[refusal];
  if (intent === "part") {
    const submission = parseWithZod(formData, { schema: partSchema });
    if (submission.status !== "success") return refuse(submission.reply());
    const checked = await checkPart(submission.value, current, author.lang);
    if (!checked.ok) return refuse(submission.reply({ fieldErrors: checked.fieldErrors }), 422);
    const save = await editPart(slug, moduleSlug, partSlug, submission.value.revision, author, checked.part);
    return answerDraftSave(submission, save, { page, saved: "part", refusalOf });
  }
  if (intent === "clear")
    return saveDraftPost(formData, clearFileSchema, { page, saved: "cleared", refusalOf }, (value) =>
      clearVideoFile(slug, moduleSlug, partSlug, value, author),
    );
  const submission = parseWithZod(formData, { schema: mediaSchema });
  if (submission.status !== "success") return refuse(submission.reply({ hideFields: ["file"] }));
  const { file, revision } = submission.value;
  const bytes = Buffer.from(await file.arrayBuffer());
  const captions = intent === "captions" ? (submission.value.lang ?? null) : null;
  if (intent === "captions" && !captions)
    return refuse(submission.reply({ fieldErrors: { lang: ["media.errors.lang"] }, hideFields: ["file"] }));
  const outcome =
    intent === "video"
      ? await uploadVideo(author.id, bytes)
      : intent === "poster"
        ? await uploadPoster(author.id, bytes)
        : await uploadCaptions(author.id, bytes, author.lang);
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
