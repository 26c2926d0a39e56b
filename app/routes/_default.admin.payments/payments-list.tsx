import { Form, Link } from "@remix-run/react";
import type { ReactNode } from "react";
import type { PaymentLine } from "~/.server/payments/receipts.server";
import { FormAlert } from "~/components/form/form";
import { Pagination } from "~/components/presentational/pagination";
import { useTranslation } from "~/i18n/react";
import { HistoryTable } from "~/components/presentational/history-table";

/** A payment line as the list shows it: its date written for the reader. */
export type ShownPayment = Pick<
  PaymentLine,
  "session" | "receiptNumber" | "memberId" | "buyer" | "buyerEmail" | "training" | "amount"
> & { status: string; date: string };

type Shown = { training: string; status: string; person: string; member: string };

const STATUSES = ["paid", "refunded", "disputed", "mismatch", "pending"] as const;

/** The filters, a GET form (the address keeps them, and they work without a script). */
export function PaymentFilters({
  trainings,
  shown,
  refused,
  filtered,
}: {
  trainings: { slug: string; title: string }[];
  shown: Shown;
  refused: boolean;
  filtered: boolean;
}) {
  const { t } = useTranslation("admin");
  return (
    <Form method="get" className="admin-search" role="search" aria-label={t("sales.filters")}>
      <FormAlert lines={refused ? [t("errors.searchTooLong")] : undefined} />
      {shown.member ? <input type="hidden" name="member" value={shown.member} /> : null}
      <div className="field">
        <label htmlFor="payments-person">{t("sales.person")}</label>
        <input id="payments-person" name="person" type="search" defaultValue={shown.person} maxLength={200} />
      </div>
      <FilterSelect
        name="training"
        label={t("sales.training")}
        shown={shown.training}
        all={t("sales.allTrainings")}
        options={trainings.map((training) => ({ value: training.slug, label: training.title }))}
      />
      <FilterSelect
        name="status"
        label={t("sales.status")}
        shown={shown.status}
        all={t("sales.allStatuses")}
        options={STATUSES.map((status) => ({ value: status, label: t(`payments.statuses.${status}`) }))}
      />
      <button type="submit" className="button button--primary">
        {t("sales.filter")}
      </button>
      {filtered ? <Link to="/admin/payments">{t("sales.clear")}</Link> : null}
    </Form>
  );
}

/** One filter's choices, the first of them all (no filter). */
function FilterSelect({
  name,
  label,
  shown,
  all,
  options,
}: {
  name: string;
  label: string;
  shown: string;
  all: string;
  options: { value: string; label: string }[];
}) {
  return (
    <div className="field">
      <label htmlFor={`payments-${name}`}>{label}</label>
      <select id={`payments-${name}`} name={name} defaultValue={shown}>
        <option value="">{all}</option>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  );
}

/** A page of payments: when, who, what, how much, and what became of it, in words. */
export function PaymentsList({
  lines,
  page,
  children,
}: {
  lines: ShownPayment[];
  page: { page: number; pages: number; total: number };
  /** The filters, under the list's heading. */
  children: ReactNode;
}) {
  const { t } = useTranslation("admin");
  return (
    <section aria-labelledby="payments-list-title">
      <h2 id="payments-list-title">{t("sales.listTitle")}</h2>
      {children}
      <p className="muted">{t("sales.total", { count: page.total })}</p>
      {lines.length === 0 ? (
        <p>{t("sales.empty")}</p>
      ) : (
        <HistoryTable
          headings={[
            t("sales.date"),
            t("sales.buyer"),
            t("sales.training"),
            t("sales.amount"),
            t("sales.status"),
            t("sales.receipt"),
          ]}
        >
          {lines.map((line) => (
            <tr key={line.session}>
              <td>{line.date}</td>
              <td>
                {line.memberId ? <Link to={`/admin/members/${line.memberId}`}>{line.buyer}</Link> : line.buyer}
                <br />
                <span className="admin-email">{line.buyerEmail}</span>
              </td>
              <td>{line.training}</td>
              <td>{line.amount}</td>
              <td>
                <span className={line.status === "paid" ? "tag tag--done" : "tag tag--late"}>
                  {t(`payments.statuses.${line.status}`)}
                </span>
              </td>
              <td>
                {line.receiptNumber ? (
                  <Link to={`/receipts/${line.receiptNumber}`}>
                    {t("payments.receipt", { number: line.receiptNumber })}
                  </Link>
                ) : null}
              </td>
            </tr>
          ))}
        </HistoryTable>
      )}
      <Pagination page={page.page} pages={page.pages} label={t("sales.pages")} />
    </section>
  );
}
