import { dateFormat } from "~/.server/calendar/date-formats.server";
import type { LoaderFunctionArgs } from "@remix-run/node";
import { Link, NavLink, Outlet, useLoaderData } from "@remix-run/react";
import { BothLanguages } from "~/components/presentational/both-languages";
import { useTranslation } from "~/i18n/react";
import { draftPage } from "~/routes/_default.author/draft-page.server";

/**
 * /author/trainings/<slug>/…: one training's editor. Its heading (both titles, the
 * draft's state) and tabs over each page of the editor. Each child loader and action calls
 * requireAuthor itself: this loader protects nothing but its own data.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const { draft, lang } = await draftPage(request, params.slug);
  const when = dateFormat(lang, { dateStyle: "long", timeStyle: "short", timeZone: "Europe/Paris" });
  return {
    head: {
      slug: draft.slug,
      title: draft.content.title,
      kind: draft.content.kind,
      revision: draft.revision,
      savedAt: when.format(draft.updatedAt),
      savedBy: draft.updatedBy,
      published: draft.published && { number: draft.published.number, at: when.format(draft.published.publishedAt) },
      unpublishedChanges: draft.unpublishedChanges,
    },
  };
}

export default function TrainingEditor() {
  const { head } = useLoaderData<typeof loader>();
  const { t } = useTranslation("author");
  const base = `/author/trainings/${head.slug}`;
  const tabs = [
    { to: base, key: "editor.tabs.overview", end: true },
    { to: `${base}/modules`, key: "editor.tabs.modules" },
    ...(head.kind === "test" ? [{ to: `${base}/skills`, key: "editor.tabs.skills" }] : []),
    { to: `${base}/preview`, key: "editor.tabs.preview" },
    { to: `${base}/publish`, key: "editor.tabs.publish" },
    { to: `${base}/history`, key: "editor.tabs.history" },
  ];
  return (
    <>
      <p>
        <Link to="/author/trainings">← {t("outline.back")}</Link>
      </p>
      <header className="page-header">
        <p className="eyebrow">{t(`trainings.kind.${head.kind}`)}</p>
        <BothLanguages text={head.title} as="h1" />
        <p className="muted">
          {head.published
            ? t("editor.published", { number: head.published.number, at: head.published.at })
            : t("editor.neverPublished")}{" "}
          · {head.unpublishedChanges ? t("editor.unpublishedChanges") : t("editor.upToDate")}
        </p>
        <nav aria-label={t("editor.tabs.label")}>
          <ul className="subnav">
            {tabs.map((tab) => (
              <li key={tab.to}>
                <NavLink to={tab.to} end={tab.end} prefetch="intent">
                  {t(tab.key)}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
      </header>
      <Outlet />
    </>
  );
}
