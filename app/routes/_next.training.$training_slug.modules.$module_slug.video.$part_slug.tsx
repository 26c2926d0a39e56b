import { redirect, type LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { requireMember } from "~/.server/auth/guard.server";
import { notFound } from "~/.server/http/not-found.server";
import { localeOf } from "~/.server/i18n/i18n.server";
import { moduleOfMember } from "~/.server/trainings/module-lookup.server";
import { titleMeta } from "~/components/document/page-title";
import { RichText } from "~/components/presentational/rich-text";
import { useTranslation } from "~/i18n/react";

export const meta = titleMeta;

/** The full-video page: a module's video across the page, with its captions and transcript. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const { member } = await requireMember(request);
  const slugs = { training: params.training_slug ?? "", module: params.module_slug ?? "" };
  const found = await moduleOfMember(member.id, slugs, await localeOf(request));
  if (found.found === "nothing") notFound(request);
  if (found.found === "locked") throw redirect(`/training/${found.trainingSlug}`);
  const { view } = found;
  const part = view.parts.find((p) => p.slug === params.part_slug);
  if (!part?.video) notFound(request);
  return {
    title: part.title,
    part,
    video: part.video,
    back: `/training/${view.training.slug}/modules/${view.slug}#part-${part.slug}`,
  };
}

export default function FullVideo() {
  const { part, video, back } = useLoaderData<typeof loader>();
  const { t } = useTranslation("trainings");
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
      <RichText blocks={video.transcript} />
    </article>
  );
}
