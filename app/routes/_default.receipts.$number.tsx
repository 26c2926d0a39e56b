import type { LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { requireMember } from "~/.server/auth/guard.server";
import { dateFormat } from "~/.server/calendar/date-formats.server";
import { notFound } from "~/.server/http/not-found.server";
import { localeOf, translator } from "~/.server/i18n/i18n.server";
import { receiptOf } from "~/.server/payments/receipts.server";
import { sellerLines } from "~/.server/payments/seller.server";
import { titleMeta } from "~/components/document/page-title";
import { useTranslation } from "~/i18n/react";

export const meta = titleMeta;

/**
 * /receipts/{number}: a printable receipt (the buyer's own; an admin sees any): the seller's
 * details, the buyer, the training, the price with its VAT, the date and the receipt's number.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const { member, roles } = await requireMember(request);
  const lang = await localeOf(request);
  const receipt = await receiptOf(lang, params.number ?? "", roles.includes("admin") ? null : member.id);
  if (!receipt) notFound(request);
  const t = await translator(lang, "trainings");
  const day = dateFormat(lang, { dateStyle: "long", timeZone: member.time_zone });
  return {
    title: t("receipt.title", { number: receipt.number }),
    receipt: { ...receipt, paidAt: day.format(new Date(receipt.paidAt)) },
    seller: sellerLines(receipt.seller),
  };
}

export default function ReceiptPage() {
  const { title, receipt, seller } = useLoaderData<typeof loader>();
  const { t } = useTranslation("trainings");
  return (
    <article className="card receipt">
      <h1>{title}</h1>
      {receipt.refunded ? <p className="tag tag--late">{t("receipt.refunded")}</p> : null}
      <h2>{t("receipt.seller")}</h2>
      <p className="receipt__lines">{seller.length > 0 ? seller.join("\n") : t("receipt.sellerMissing")}</p>
      <h2>{t("receipt.buyer")}</h2>
      <p className="receipt__lines">{`${receipt.buyer.name}\n${receipt.buyer.email}`}</p>
      <table className="table">
        <tbody>
          {[
            [t("receipt.training"), receipt.training],
            [t("receipt.net"), receipt.net],
            [t("receipt.vat", { rate: receipt.vatRate }), receipt.vat],
            [t("receipt.total"), receipt.total],
            [t("receipt.date"), receipt.paidAt],
          ].map(([label, value]) => (
            <tr key={label}>
              <th scope="row">{label}</th>
              <td>{value}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </article>
  );
}
