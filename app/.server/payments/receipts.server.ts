import { and, count, desc, eq, type SQL } from "drizzle-orm";
import { db } from "~/.server/db/client.server";
import { payments, type PaymentStatus, trainings } from "~/.server/db/schema.server";
import { publisherDetails, type PublisherDetails } from "~/.server/legal/publisher.server";
import type { Language } from "~/i18n/config";
import { formatAmount, formatRate, vatIncluded } from "./money.server";

/** A payment as the pages and the API show it, its amounts written in the reader's language. */
export type PaymentLine = {
  session: string;
  receiptNumber: number | null;
  memberId: string | null;
  buyer: string;
  training: string;
  trainingSlug: string | null;
  status: PaymentStatus;
  amountCents: number;
  amount: string;
  createdAt: string;
  paidAt: string | null;
};

const lineColumns = {
  payment: payments,
  slug: trainings.slug,
};

function lineOf(lang: Language, row: { payment: typeof payments.$inferSelect; slug: string | null }): PaymentLine {
  const p = row.payment;
  return {
    session: p.checkoutSessionId,
    receiptNumber: p.receiptNumber,
    memberId: p.memberId,
    buyer: p.buyerName,
    training: p.trainingTitle,
    trainingSlug: row.slug,
    status: p.status,
    amountCents: p.amountCents,
    amount: formatAmount(lang, p.amountCents, p.currency),
    createdAt: p.createdAt.toISOString(),
    paidAt: p.paidAt?.toISOString() ?? null,
  };
}

export type PaymentFilter = { memberId?: string; trainingSlug?: string; status?: PaymentStatus };

/** Payments newest first, filtered, one page of them and how many there are in all. */
export async function paymentsPage(
  lang: Language,
  filter: PaymentFilter,
  window: { limit: number; offset: number },
): Promise<{ lines: PaymentLine[]; total: number }> {
  const conditions: SQL[] = [];
  if (filter.memberId) conditions.push(eq(payments.memberId, filter.memberId));
  if (filter.trainingSlug) conditions.push(eq(trainings.slug, filter.trainingSlug));
  if (filter.status) conditions.push(eq(payments.status, filter.status));
  // Checkouts left unpaid are not payments: they are shown only when asked for by status.
  if (!filter.status) conditions.push(eq(payments.status, "paid"));
  const where = and(...conditions);
  const rows = await db()
    .select(lineColumns)
    .from(payments)
    .leftJoin(trainings, eq(trainings.id, payments.trainingId))
    .where(where)
    .orderBy(desc(payments.createdAt), desc(payments.checkoutSessionId))
    .limit(window.limit)
    .offset(window.offset);
  const [{ total }] = await db()
    .select({ total: count() })
    .from(payments)
    .leftJoin(trainings, eq(trainings.id, payments.trainingId))
    .where(where);
  return { lines: rows.map((row) => lineOf(lang, row)), total };
}

/** A member's payments with a receipt (paid, refunded or disputed), newest first. */
export async function memberPayments(lang: Language, memberId: string): Promise<PaymentLine[]> {
  const rows = await db()
    .select(lineColumns)
    .from(payments)
    .leftJoin(trainings, eq(trainings.id, payments.trainingId))
    .where(eq(payments.memberId, memberId))
    .orderBy(desc(payments.createdAt))
    .limit(200);
  return rows.filter((row) => row.payment.receiptNumber !== null).map((row) => lineOf(lang, row));
}

export type Receipt = {
  number: number;
  seller: PublisherDetails;
  buyer: { name: string; email: string };
  training: string;
  total: string;
  vat: string;
  vatRate: string;
  net: string;
  paidAt: string;
  refunded: boolean;
};

/**
 * A receipt by its number: the buyer's own, or any for an admin (`memberId` null). The seller's
 * details are the publisher's (legal/), as they stand today.
 */
export async function receiptOf(lang: Language, number: number, memberId: string | null): Promise<Receipt | null> {
  if (!Number.isSafeInteger(number) || number < 1) return null;
  const [p] = await db()
    .select()
    .from(payments)
    .where(
      memberId
        ? and(eq(payments.receiptNumber, number), eq(payments.memberId, memberId))
        : eq(payments.receiptNumber, number),
    );
  if (!p?.paidAt || p.receiptNumber === null) return null;
  const vat = vatIncluded(p.amountCents, p.vatBasisPoints);
  return {
    number: p.receiptNumber,
    seller: await publisherDetails(),
    buyer: { name: p.buyerName, email: p.buyerEmail },
    training: p.trainingTitle,
    total: formatAmount(lang, p.amountCents, p.currency),
    vat: formatAmount(lang, vat, p.currency),
    vatRate: formatRate(lang, p.vatBasisPoints),
    net: formatAmount(lang, p.amountCents - vat, p.currency),
    paidAt: p.paidAt.toISOString(),
    refunded: p.status === "refunded",
  };
}
