import { Link, useLocation } from "@remix-run/react";
import { useTranslation } from "~/i18n/react";

/**
 * "Page 2 of 5" with Previous / Next as plain links (they work without JavaScript). The links keep
 * the page's other query parameters and change only `param`; nothing shows for a single page.
 */
export function Pagination({
  page,
  pages,
  param = "page",
  hash = "",
  label,
}: {
  page: number;
  pages: number;
  param?: string;
  /** Where the links land on the page, e.g. "#goal". */
  hash?: string;
  /** Names the list the links page through (the navigation's accessible name). */
  label: string;
}) {
  const { t } = useTranslation("common");
  const { pathname, search } = useLocation();
  if (pages <= 1) return null;
  const hrefOf = (target: number) => {
    const query = new URLSearchParams(search);
    if (target === 1) query.delete(param);
    else query.set(param, String(target));
    const rest = query.toString();
    return `${pathname}${rest ? `?${rest}` : ""}${hash}`;
  };
  return (
    <nav className="pagination" aria-label={label}>
      {page > 1 ? (
        <Link to={hrefOf(page - 1)} rel="prev" preventScrollReset>
          ← {t("pagination.previous")}
        </Link>
      ) : null}
      <span className="pagination__status" aria-current="page">
        {t("pagination.status", { page, pages })}
      </span>
      {page < pages ? (
        <Link to={hrefOf(page + 1)} rel="next" preventScrollReset>
          {t("pagination.next")} →
        </Link>
      ) : null}
    </nav>
  );
}
