import type { LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { dateFormat } from "~/.server/calendar/date-formats.server";
import { searchQuery } from "~/.server/admin/contract.server";
import { MEMBERS_PAGE_SIZE, searchMembers } from "~/.server/admin/members.server";
import { requireRole } from "~/.server/auth/role-guard.server";
import { localeOf, translator } from "~/.server/i18n/i18n.server";
import { pageParam } from "~/.server/paging/paging.server";
import { titleMeta } from "~/components/document/page-title";
import { FormAlert } from "~/components/form/form";
import { Pagination } from "~/components/presentational/pagination";
import { useTranslation } from "~/i18n/react";

export const meta = titleMeta;

/** /admin/members: everyone, or those a part of a name or an address finds, a page at a time. */
export async function loader({ request }: LoaderFunctionArgs) {
  const { member } = await requireRole(request, "admin");
  const t = await translator(request, "admin");
  const url = new URL(request.url);
  const query = searchQuery(url, "q");
  const { items, page } = await searchMembers(query.ok ? query.value : "", {
    page: pageParam(url),
    limit: MEMBERS_PAGE_SIZE,
  });
  const day = dateFormat(await localeOf(request), { dateStyle: "medium", timeZone: member.time_zone });
  return {
    title: t("members.title"),
    query: query.ok ? query.value : "",
    refused: !query.ok,
    members: items.map((item) => ({ ...item, since: day.format(new Date(item.createdAt)) })),
    deleted: url.searchParams.get("saved") === "deleted",
    page: { page: page.page, pages: page.pages, total: page.total },
  };
}

export default function AdminMembers() {
  const { query, refused, members, page, deleted } = useLoaderData<typeof loader>();
  const { t } = useTranslation("admin");
  return (
    <>
      <h1>{t("members.title")}</h1>
      {deleted ? <FormAlert tone="success" lines={[t("saved.deleted")]} /> : null}
      <Form method="get" className="admin-search" role="search">
        <FormAlert lines={refused ? [t("errors.searchTooLong")] : undefined} />
        <div className="field">
          <label htmlFor="member-search">{t("members.search")}</label>
          <input id="member-search" name="q" type="search" defaultValue={query} maxLength={200} />
        </div>
        <button type="submit" className="button button--primary">
          {t("members.searchSubmit")}
        </button>
      </Form>
      <p className="muted">{t("members.count", { count: page.total })}</p>
      {members.length === 0 ? (
        <p>{t("members.empty")}</p>
      ) : (
        <ul className="admin-list">
          {members.map((person) => (
            <li key={person.id} className="card">
              <h2>
                <Link to={`/admin/members/${person.id}`}>{person.name}</Link>
              </h2>
              {person.email ? <p className="admin-email">{person.email}</p> : null}
              <p className="muted">{t("members.since", { date: person.since })}</p>
              {person.roles.length > 0 ? (
                <ul className="tags">
                  {person.roles.map((role) => (
                    <li key={role} className="tag">
                      {t(`roles.${role}`)}
                    </li>
                  ))}
                </ul>
              ) : null}
            </li>
          ))}
        </ul>
      )}
      <Pagination page={page.page} pages={page.pages} label={t("members.pages")} />
    </>
  );
}
