import { Form, Link } from "@remix-run/react";
import type { ModuleView } from "~/.server/trainings/views.server";
import { useTranslation } from "~/i18n/react";
import { SubmitButton } from "~/components/form/form";
import { RichText } from "~/components/presentational/rich-text";

type Part = ModuleView["parts"][number];

// React 18 knows no `fetchPriority` prop (it warns, then writes it as it is): the HTML attribute is
// spelled in lower case, which React 18 passes through untouched.
const HIGH_PRIORITY = { fetchpriority: "high" };

/**
 * One part of a module: a reading, a video with its transcript, or an exercise; then "I've read".
 * The page's first video (`firstVideo`) asks for its poster early and first: on a phone it is the
 * largest thing the page shows, and a poster is otherwise fetched last.
 */
export function ModulePart({ part, videoPath, firstVideo }: { part: Part; videoPath: string; firstVideo: boolean }) {
  const { t } = useTranslation("trainings");
  return (
    <section className="card part" id={`part-${part.slug}`} aria-labelledby={`part-${part.slug}-title`}>
      <p className="part__kind">{t(`module.partKinds.${part.kind}`)}</p>
      <h2 id={`part-${part.slug}-title`}>{part.title}</h2>
      <RichText blocks={part.body} />
      {part.video ? (
        <>
          {firstVideo ? <link rel="preload" as="image" href={part.video.poster} {...HIGH_PRIORITY} /> : null}
          <video controls preload="none" poster={part.video.poster}>
            <source src={part.video.src} {...videoType(part.video.src)} />
            <track kind="captions" src={part.video.captions} default />
            {t("module.videoFallback")}
          </video>
          <p>
            <Link to={videoPath}>{t("module.fullVideo")}</Link>
          </p>
          <details>
            <summary>{t("module.transcript")}</summary>
            <RichText blocks={part.video.transcript} />
          </details>
        </>
      ) : null}
      {part.read ? (
        <p className="part__read">
          <span className="tag tag--done">✓ {t("module.readDone")}</span>
        </p>
      ) : (
        <Form method="post" className="part__read" preventScrollReset>
          <input type="hidden" name="intent" value="read" />
          <SubmitButton name="part" value={part.slug} pendingLabel={t("quiz.pending")} className="button button--ghost">
            {t("module.read")}
            <span className="visually-hidden"> : {part.title}</span>
          </SubmitButton>
        </Form>
      )}
    </section>
  );
}

/**
 * The type a video's address names by its extension (a file of /media or /uploads: MP4 or WebM);
 * none for another site's address, whose type the browser learns from its answer.
 */
function videoType(src: string): { type?: string } {
  const path = src.split(/[?#]/)[0];
  if (path.endsWith(".webm")) return { type: "video/webm" };
  if (path.endsWith(".mp4") || src.startsWith("/")) return { type: "video/mp4" };
  return {};
}
