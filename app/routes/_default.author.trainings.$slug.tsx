import type { LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { requireAuthor } from "~/.server/auth/role-guard.server";
import { notFound } from "~/.server/http/not-found.server";
import { localeOf } from "~/.server/i18n/i18n.server";
import { authorOutline } from "~/.server/trainings/authoring.server";
import { titleMeta } from "~/components/document/page-title";
import { BothLanguages } from "~/components/presentational/both-languages";
import { TrainingFacts } from "~/components/presentational/training-facts";
import { useTranslation } from "~/i18n/react";

export const meta = titleMeta;

/** /author/trainings/<slug>: a training's outline in both languages, read-only, and its file. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireAuthor(request);
  const training = await authorOutline(params.slug ?? "");
  if (!training) notFound(request);
  const lang = await localeOf(request);
  const number = new Intl.NumberFormat(lang, { maximumFractionDigits: 2 });
  return {
    title: training.title[lang],
    training: {
      ...training,
      outline: training.outline.map((module) => ({
        ...module,
        hours: number.format(module.hours),
        count: module.hours,
      })),
    },
  };
}

export default function AuthorTrainingOutline() {
  const { training } = useLoaderData<typeof loader>();
  const { t } = useTranslation("author");
  return (
    <>
      <p>
        <Link to="/author/trainings">← {t("outline.back")}</Link>
      </p>
      <header className="page-header">
        <BothLanguages text={training.title} as="h1" />
        <TrainingFacts training={training} />
        <p className="lead">{t("outline.lead")}</p>
        <p>
          {/* A file to save, not a page: the browser downloads it (Content-Disposition). */}
          <a href={`/author/trainings/${training.slug}/file.json`} download className="button button--ghost">
            {t("outline.download")}
          </a>
        </p>
      </header>
      <section className="card">
        <h2>{t("outline.summary")}</h2>
        <BothLanguages text={training.summary} />
      </section>
      <h2 className="author-outline__modules">{t("outline.modules")}</h2>
      <ol className="admin-list author-list">
        {training.outline.map((module, index) => (
          <li key={module.slug} className="card">
            <p className="eyebrow">{t("outline.module", { number: index + 1 })}</p>
            <BothLanguages text={module.title} as="h3" />
            <p className="muted">
              {t("outline.hours", { count: module.count, hours: module.hours })} ·{" "}
              {t(`trainings.access.${module.access}`)} ·{" "}
              {module.questions === 0 ? t("outline.noQuiz") : t("outline.questions", { count: module.questions })}
            </p>
            <ol>
              {module.parts.map((part) => (
                <li key={part.slug}>
                  <span className="muted">{t(`outline.part.${part.kind}`)}</span>
                  <BothLanguages text={part.title} />
                </li>
              ))}
            </ol>
          </li>
        ))}
      </ol>
    </>
  );
}
