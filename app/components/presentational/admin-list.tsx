import { Form } from "@remix-run/react";
import type { ReactNode } from "react";
import { FormAlert } from "~/components/form/form";
import { Pagination } from "~/components/presentational/pagination";
import { useTranslation } from "~/i18n/react";

/**
 * An admin list's search (a GET form, so the address keeps it): one search field, refused when
 * too long, its button, and what may follow (a way to clear it).
 */
export function AdminSearch({
  id,
  name,
  value,
  label,
  submit,
  refused,
  children,
}: {
  id: string;
  name: string;
  value: string;
  label: string;
  submit: string;
  refused: boolean;
  children?: ReactNode;
}) {
  const { t } = useTranslation("admin");
  return (
    <Form method="get" className="admin-search" role="search">
      <FormAlert lines={refused ? [t("errors.searchTooLong")] : undefined} />
      <div className="field">
        <label htmlFor={id}>{label}</label>
        <input id={id} name={name} type="search" defaultValue={value} maxLength={200} />
      </div>
      <button type="submit" className="button button--primary">
        {submit}
      </button>
      {children}
    </Form>
  );
}

/**
 * An admin list's body: how many there are, this page's cards (or the line saying there are
 * none), and the links to the other pages.
 */
export function AdminCards<Item>({
  items,
  keyOf,
  count,
  empty,
  page,
  pagesLabel,
  children,
}: {
  items: Item[];
  keyOf: (item: Item) => string;
  count: string;
  empty: string;
  page: { page: number; pages: number };
  pagesLabel: string;
  children: (item: Item) => ReactNode;
}) {
  return (
    <>
      <p className="muted">{count}</p>
      {items.length === 0 ? (
        <p>{empty}</p>
      ) : (
        <ul className="admin-list">
          {items.map((item) => (
            <li key={keyOf(item)} className="card">
              {children(item)}
            </li>
          ))}
        </ul>
      )}
      <Pagination page={page.page} pages={page.pages} label={pagesLabel} />
    </>
  );
}
