import type { LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { dateFormat } from "~/.server/calendar/date-formats.server";
import { searchQuery } from "~/.server/admin/contract.server";
import { MEMBERS_PAGE_SIZE, searchMembers } from "~/.server/admin/members.server";
import { requireRole } from "~/.server/auth/role-guard.server";
import { localeOf, translator } from "~/.server/i18n/i18n.server";
import { pageParam } from "~/.server/paging/paging.server";
import { AdminCards, AdminSearch } from "~/components/presentational/admin-list";
import { titleMeta } from "~/components/document/page-title";
import { FormAlert } from "~/components/form/form";
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
      <AdminSearch
        id="member-search"
        name="q"
        value={query}
        label={t("members.search")}
        submit={t("members.searchSubmit")}
        refused={refused}
      />
      <AdminCards
        items={members}
        keyOf={(person) => person.id}
        count={t("members.count", { count: page.total })}
        empty={t("members.empty")}
        page={page}
        pagesLabel={t("members.pages")}
      >
        {(person) => (
          <>
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
          </>
        )}
      </AdminCards>
    </>
  );
}
