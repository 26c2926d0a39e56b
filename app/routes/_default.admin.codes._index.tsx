import type { LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { requireRole } from "~/.server/auth/role-guard.server";
import { dateFormat } from "~/.server/calendar/date-formats.server";
import { localeOf, translator } from "~/.server/i18n/i18n.server";
import { pageParam } from "~/.server/paging/paging.server";
import { CODES_PAGE_SIZE } from "~/.server/trainings/access-code-contract.server";
import { type CodeFilter, codesPage } from "~/.server/trainings/access-codes.server";
import { AdminCards } from "~/components/presentational/admin-list";
import { titleMeta } from "~/components/document/page-title";
import { CodeLineCard } from "~/components/presentational/access-code-line";
import { useTranslation } from "~/i18n/react";
import { ButtonLine } from "~/components/presentational/button-link";

export const meta = titleMeta;

/** /admin/codes: the access codes, newest first, a page at a time; those still opening something, or all. */
export async function loader({ request }: LoaderFunctionArgs) {
  const { member } = await requireRole(request, "admin");
  const t = await translator(request, "admin");
  const lang = await localeOf(request);
  const url = new URL(request.url);
  const filter: CodeFilter = url.searchParams.get("show") === "all" ? "all" : "active";
  const { items, page } = await codesPage(filter, { page: pageParam(url), limit: CODES_PAGE_SIZE });
  const day = dateFormat(lang, { dateStyle: "long", timeZone: member.time_zone });
  return {
    title: t("codes.title"),
    filter,
    codes: items.map((item) => ({
      code: item.code,
      training: item.training.title[lang],
      uses: item.uses,
      maxUses: item.maxUses,
      expires: item.lastMoment ? day.format(item.lastMoment) : null,
      state: item.state,
      note: item.note,
    })),
    page: { page: page.page, pages: page.pages, total: page.total },
  };
}

export default function AdminCodes() {
  const { filter, codes, page } = useLoaderData<typeof loader>();
  const { t } = useTranslation("admin");
  return (
    <>
      <h1>{t("codes.title")}</h1>
      <ButtonLine to="/admin/codes/new">{t("codes.new")}</ButtonLine>
      <nav aria-label={t("codes.filterLabel")} className="admin-filter">
        {(["active", "all"] as const).map((shown) =>
          shown === filter ? (
            <strong key={shown} aria-current="page">
              {t(`codes.filter.${shown}`)}
            </strong>
          ) : (
            <Link key={shown} to={shown === "all" ? "/admin/codes?show=all" : "/admin/codes"}>
              {t(`codes.filter.${shown}`)}
            </Link>
          ),
        )}
      </nav>
      <AdminCards
        items={codes}
        keyOf={(code) => code.code}
        count={t("codes.count", { count: page.total })}
        empty={t("codes.empty")}
        page={page}
        pagesLabel={t("codes.pages")}
      >
        {(code) => <CodeLineCard line={code} />}
      </AdminCards>
    </>
  );
}
