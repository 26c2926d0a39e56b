import type { LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { dateFormat } from "~/.server/calendar/date-formats.server";
import { searchQuery } from "~/.server/admin/contract.server";
import { memberIdsMatching } from "~/.server/admin/members.server";
import { AUDIT_PAGE_SIZE, auditPage } from "~/.server/audit/audit-log.server";
import { requireRole } from "~/.server/auth/role-guard.server";
import { isUuid } from "~/.server/db/uuid.server";
import { localeOf, translator } from "~/.server/i18n/i18n.server";
import { pageParam } from "~/.server/paging/paging.server";
import { AdminSearch } from "~/components/presentational/admin-list";
import { titleMeta } from "~/components/document/page-title";
import { Pagination } from "~/components/presentational/pagination";
import { useTranslation } from "~/i18n/react";
import { HistoryTable } from "~/components/presentational/history-table";

export const meta = titleMeta;

/**
 * /admin/audit: the back office's changes, newest first, a page at a time; `person` (a name or a
 * whole address) or `member` (an id, from a member's page) keeps what they did or underwent.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const { member: admin } = await requireRole(request, "admin");
  const t = await translator(request, "admin");
  const url = new URL(request.url);
  const person = searchQuery(url, "person");
  const memberId = url.searchParams.get("member") ?? "";
  const people = isUuid(memberId)
    ? [memberId]
    : person.ok && person.value
      ? await memberIdsMatching(person.value)
      : null;
  const { items, page } = await auditPage({ page: pageParam(url), limit: AUDIT_PAGE_SIZE }, people);
  const when = dateFormat(await localeOf(request), {
    dateStyle: "medium",
    timeStyle: "short",
    timeZone: admin.time_zone,
  });
  return {
    title: t("audit.title"),
    person: person.ok ? person.value : "",
    refused: !person.ok,
    filtered: people !== null,
    entries: items.map((item) => ({ ...item, at: when.format(new Date(item.at)) })),
    page: { page: page.page, pages: page.pages },
  };
}

export default function AuditLog() {
  const { person, refused, filtered, entries, page } = useLoaderData<typeof loader>();
  const { t } = useTranslation("admin");
  return (
    <>
      <h1>{t("audit.title")}</h1>
      <p className="muted">{t("audit.lead")}</p>
      <AdminSearch
        id="audit-person"
        name="person"
        value={person}
        label={t("audit.person")}
        submit={t("audit.filter")}
        refused={refused}
      >
        {filtered ? <Link to="/admin/audit">{t("audit.clear")}</Link> : null}
      </AdminSearch>
      {entries.length === 0 ? (
        <p>{t("audit.empty")}</p>
      ) : (
        <HistoryTable
          headings={[
            t("audit.when"),
            t("audit.who"),
            t("audit.what"),
            t("audit.subject"),
            t("audit.before"),
            t("audit.after"),
          ]}
        >
          {entries.map((entry) => (
            <tr key={entry.id}>
              <td>{entry.at}</td>
              <td>{entry.actorName ?? t("audit.commandLine")}</td>
              <td>{t(`audit.actions.${entry.action}`)}</td>
              <td>
                {entry.subjectId ? (
                  <Link to={`/admin/members/${entry.subjectId}`}>{entry.subjectName}</Link>
                ) : (
                  entry.subjectName
                )}
              </td>
              <td>
                <code>{entry.before}</code>
              </td>
              <td>
                <code>{entry.after}</code>
              </td>
            </tr>
          ))}
        </HistoryTable>
      )}
      <Pagination page={page.page} pages={page.pages} label={t("audit.pages")} />
    </>
  );
}
