import type { LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { requireRole } from "~/.server/auth/role-guard.server";
import { dateFormat } from "~/.server/calendar/date-formats.server";
import { localeOf, translator } from "~/.server/i18n/i18n.server";
import { pageParam } from "~/.server/paging/paging.server";
import { formatAmount } from "~/.server/payments/money.server";
import { payableTrainings } from "~/.server/payments/prices.server";
import { anyPayments, PAYMENTS_PAGE_SIZE, paymentsPage } from "~/.server/payments/receipts.server";
import { weeklySales } from "~/.server/payments/sales.server";
import { paymentsEnabled } from "~/.server/payments/stripe.server";
import { titleMeta } from "~/components/document/page-title";
import { FormAlert } from "~/components/form/form";
import { useTranslation } from "~/i18n/react";
import { filtersOf } from "./filters.server";
import { PaymentFilters, PaymentsList } from "./payments-list";
import { SalesChart } from "./sales-chart";

export const meta = titleMeta;

/**
 * /admin/payments: the sales of the last twelve weeks (a chart drawn here, and its table) and every
 * payment, a page at a time, by training, member or status. Without Stripe set up it says so, and
 * still lists the payments made before, if any.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const { member: admin } = await requireRole(request, "admin");
  const lang = await localeOf(request);
  const t = await translator(lang, "admin");
  const enabled = paymentsEnabled();
  if (!enabled && !(await anyPayments())) return { title: t("sales.title"), enabled, sales: null };
  const url = new URL(request.url);
  const trainings = (await payableTrainings(lang)).map(({ slug, title }) => ({ slug, title }));
  const filters = await filtersOf(
    url,
    trainings.map((training) => training.slug),
  );
  const { items, page } = await paymentsPage(lang, filters.filter, { page: pageParam(url), limit: PAYMENTS_PAGE_SIZE });
  const when = dateFormat(lang, { dateStyle: "medium", timeStyle: "short", timeZone: admin.time_zone });
  // A week is named by its Sunday, a calendar day: written as such, in no zone.
  const short = dateFormat(lang, { day: "2-digit", month: "2-digit", timeZone: "UTC" });
  const long = dateFormat(lang, { dateStyle: "long", timeZone: "UTC" });
  const medium = dateFormat(lang, { dateStyle: "medium", timeZone: "UTC" });
  const weeks = await weeklySales();
  const day = (start: string) => new Date(`${start}T00:00:00Z`);
  return {
    title: t("sales.title"),
    enabled,
    sales: {
      trainings,
      shown: filters.shown,
      refused: filters.refused,
      filtered: filters.filtered,
      lines: items.map((line) => ({
        session: line.session,
        receiptNumber: line.receiptNumber,
        memberId: line.memberId,
        buyer: line.buyer,
        buyerEmail: line.buyerEmail,
        training: line.training,
        status: line.status,
        amount: line.amount,
        date: when.format(new Date(line.paidAt ?? line.createdAt)),
      })),
      page: { page: page.page, pages: page.pages, total: page.total },
      weeks: weeks.map((week) => ({
        start: week.start,
        label: short.format(day(week.start)),
        long: t("sales.weekOf", { date: long.format(day(week.start)) }),
        day: medium.format(day(week.start)),
        count: week.count,
        paidCents: week.paidCents,
        paid: formatAmount(lang, week.paidCents),
        refunded: formatAmount(lang, week.refundedCents),
        net: formatAmount(lang, week.netCents),
      })),
      max: formatAmount(lang, Math.max(0, ...weeks.map((week) => week.paidCents))),
    },
  };
}

export default function AdminPayments() {
  const { enabled, sales } = useLoaderData<typeof loader>();
  const { t } = useTranslation("admin");
  return (
    <>
      <h1>{t("sales.title")}</h1>
      {enabled ? <p className="muted">{t("sales.lead")}</p> : <FormAlert tone="info" lines={[t("sales.off")]} />}
      {sales ? (
        <>
          <SalesChart weeks={sales.weeks} max={sales.max} />
          <PaymentsList lines={sales.lines} page={sales.page}>
            <PaymentFilters
              trainings={sales.trainings}
              shown={sales.shown}
              refused={sales.refused}
              filtered={sales.filtered}
            />
          </PaymentsList>
        </>
      ) : null}
    </>
  );
}
