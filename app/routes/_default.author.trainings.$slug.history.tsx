import { dateFormat } from "~/.server/calendar/date-formats.server";
import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { requireAuthor } from "~/.server/auth/role-guard.server";
import {
  HISTORY_PAGE_SIZE,
  republishSchema,
  republishVersion,
  summaryWords,
  versionHistory,
} from "~/.server/authoring/publish.server";
import { refuse, refuseWith } from "~/.server/http/form-reply.server";
import { notFound } from "~/.server/http/not-found.server";
import { translator } from "~/.server/i18n/i18n.server";
import { pageParam, settlePage } from "~/.server/paging/paging.server";
import { DraftAlerts, RevisionField } from "~/routes/_default.author/draft-form";
import { titleMeta } from "~/components/document/page-title";
import { FormAlert, SubmitButton } from "~/components/form/form";
import { formProps, useFormReply } from "~/components/form/form-reply";
import { Pagination } from "~/components/presentational/pagination";
import { parseWithZod } from "~/forms/submission";
import { useTranslation } from "~/i18n/react";
import { publishRefusals } from "~/.server/authoring/contract.server";
import { draftPage } from "~/routes/_default.author/draft-page.server";

export const meta = titleMeta;

/**
 * /author/trainings/<slug>/history: every published version, newest first (who, when in Paris
 * time, what it changed), 50 a page; an older one may be published again as the next version
 * ("back to version 3"), and each one's file downloaded.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const { draft, lang } = await draftPage(request, params.slug);
  const t = await translator(lang, "author");
  const url = new URL(request.url);
  const requested = { page: pageParam(url), limit: HISTORY_PAGE_SIZE };
  let history = await versionHistory(draft.slug, requested.page);
  if (!history) notFound(request);
  const page = settlePage(requested, history.total);
  if (page.page !== requested.page) history = (await versionHistory(draft.slug, page.page)) ?? history;
  const when = dateFormat(lang, { dateStyle: "long", timeStyle: "short", timeZone: "Europe/Paris" });
  const back = url.searchParams.get("published");
  return {
    title: `${t("history.title")} — ${draft.content.title[lang] || draft.slug}`,
    slug: draft.slug,
    revision: draft.revision,
    unpublishedChanges: draft.unpublishedChanges && draft.published !== null,
    page: { page: page.page, pages: page.pages },
    versions: history.versions.map((version) => ({
      number: version.number,
      by: version.seeded ? null : (version.publishedBy ?? t("history.deletedAccount")),
      at: when.format(version.publishedAt),
      // The first version adds everything: it is told as the first, not counted.
      changes: version.number === 1 ? [] : summaryWords(version.summary, t),
      live: version.live,
    })),
    justPublished: back !== null && /^\d{1,9}$/.test(back) ? Number(back) : null,
  };
}

export async function action({ request, params }: ActionFunctionArgs) {
  const { member } = await requireAuthor(request);
  const slug = params.slug ?? "";
  const submission = parseWithZod(await request.formData(), { schema: republishSchema });
  if (submission.status !== "success") return refuse(submission.reply());
  const { revision, number } = submission.value;
  const outcome = await republishVersion(slug, number, { revision, authorId: member.id });
  if (!outcome.ok) return refuseWith(submission, publishRefusals[outcome.error]);
  throw redirect(`/author/trainings/${slug}/history?published=${outcome.number}`, 303);
}

export default function HistoryPage() {
  const { slug, revision, versions, page, unpublishedChanges, justPublished } = useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>();
  const { t } = useTranslation("author");
  return (
    <>
      {justPublished !== null && !reply ? (
        <FormAlert tone="success" lines={[t("history.done", { number: justPublished })]} />
      ) : null}
      <section className="card" aria-labelledby="history-title">
        <h2 id="history-title">{t("history.title")}</h2>
        {versions.length === 0 ? <p>{t("history.none")}</p> : <p className="muted">{t("history.lead")}</p>}
        {unpublishedChanges ? <p className="muted">{t("history.draftReplaced")}</p> : null}
        <ol className="author-history">
          {versions.map((version) => (
            <VersionItem key={version.number} slug={slug} revision={revision} version={version} reply={reply} />
          ))}
        </ol>
        <Pagination page={page.page} pages={page.pages} label={t("history.pages")} />
      </section>
    </>
  );
}

type Line = ReturnType<typeof useLoaderData<typeof loader>>["versions"][number];

function VersionItem({
  slug,
  revision,
  version,
  reply,
}: {
  slug: string;
  revision: number;
  version: Line;
  reply: unknown;
}) {
  const { t } = useTranslation("author");
  const [form] = useFormReply(reply, {
    id: `version-${version.number}`,
    key: "number",
    intent: String(version.number),
  });
  return (
    <li>
      <h3>
        {t("history.version", { number: version.number })}
        {version.live ? <span className="tag tag--done">{t("history.live")}</span> : null}
      </h3>
      <p className="muted">
        {version.by === null
          ? t("history.bySeed", { at: version.at })
          : t("history.byAuthor", { name: version.by, at: version.at })}
      </p>
      {version.changes.length ? (
        <ul>
          {version.changes.map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>
      ) : (
        <p>{version.number === 1 ? t("history.firstVersion") : t("history.smallChanges")}</p>
      )}
      <DraftAlerts form={form} reply={reply} />
      <div className="actions">
        {/* A file to save, not a page: the browser downloads it (Content-Disposition). */}
        <a
          href={`/author/trainings/${slug}/history/${version.number}/file.json`}
          download
          className="button button--ghost"
        >
          {t("history.download")}
        </a>
        {version.live ? null : (
          <Form method="post" {...formProps(form)}>
            <RevisionField revision={revision} />
            <input type="hidden" name="number" value={version.number} />
            <SubmitButton pendingLabel={t("history.publishing")} className="button button--primary">
              {t("history.publishAgain", { number: version.number })}
            </SubmitButton>
          </Form>
        )}
      </div>
    </li>
  );
}
