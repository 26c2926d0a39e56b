import { redirect, type LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { requireMember } from "~/.server/auth/guard.server";
import { db } from "~/.server/db/client.server";
import { notFound } from "~/.server/http/not-found.server";
import { localeOf } from "~/.server/i18n/i18n.server";
import { trainingOf } from "~/.server/trainings/catalogue.server";
import { moduleView } from "~/.server/trainings/views.server";
import { titleMeta } from "~/components/page-title";
import { useTranslation } from "~/i18n/react";

export const meta = titleMeta;

/** The full-video page: a module's video across the page, with its captions and transcript. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const { member } = await requireMember(request);
  const lang = await localeOf(request);
  const training = await trainingOf(db(), member.id, params.training_slug ?? "");
  const module = training?.modules.find((m) => m.content.slug === params.module_slug);
  if (!training || !module) notFound(request);
  if (!training.unlocked) throw redirect(`/training/${training.content.slug}`);
  const view = moduleView(training, module, lang);
  const part = view.parts.find((p) => p.slug === params.part_slug);
  if (!part?.video) notFound(request);
  return { title: part.title, part, video: part.video, back: `/training/${view.training.slug}/modules/${view.slug}#part-${part.slug}` };
}

export default function FullVideo() {
  const { part, video, back } = useLoaderData<typeof loader>();
  const { t } = useTranslation("learning");
  return (
    <article>
      <p>
        <Link to={back}>← {t("video.back")}</Link>
      </p>
      <h1>{part.title}</h1>
      <video controls preload="metadata" poster={video.poster} className="full-video">
        <source src={video.src} type="video/mp4" />
        <track kind="captions" src={video.captions} default />
        {t("module.videoFallback")}
      </video>
      <h2>{t("module.transcript")}</h2>
      {video.transcript.map((paragraph) => (
        <p key={paragraph}>{paragraph}</p>
      ))}
    </article>
  );
}
