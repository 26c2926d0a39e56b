import { and, count, desc, eq, ilike, inArray, ne, or, type SQL } from "drizzle-orm";
import { db } from "~/.server/db/client.server";
import { likeText } from "~/.server/db/like-text.server";
import { payments, type PaymentStatus, trainings } from "~/.server/db/schema.server";
import { publisherFrom } from "~/.server/legal/publisher.server";
import { type PageRequest, readPage } from "~/.server/paging/paging.server";
import type { Language } from "~/i18n/config";
import { formatAmount, formatRate, vatIncluded } from "./money.server";
import { type ReceiptSeller, receiptSeller } from "./seller.server";

/** A payment as the pages and the API show it, its amounts written in the reader's language. */
export type PaymentLine = {
  session: string;
  receiptNumber: number | null;
  memberId: string | null;
  buyer: string;
  buyerEmail: string;
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
    buyerEmail: p.buyerEmail,
    training: p.trainingTitle,
    trainingSlug: row.slug,
    status: p.status,
    amountCents: p.amountCents,
    amount: formatAmount(lang, p.amountCents, p.currency),
    createdAt: p.createdAt.toISOString(),
    paidAt: p.paidAt?.toISOString() ?? null,
  };
}

/**
 * The admin's filter: one member (by id), one training, one status, and a person — the buyer's name or address as
 * copied at checkout, or one of `memberIds` (the members a search of the accounts finds).
 */
export type PaymentFilter = {
  memberId?: string;
  trainingSlug?: string;
  status?: PaymentStatus;
  person?: { text: string; memberIds: string[] };
};

function filterOf(filter: PaymentFilter): SQL | undefined {
  const conditions: (SQL | undefined)[] = [];
  if (filter.memberId) conditions.push(eq(payments.memberId, filter.memberId));
  if (filter.trainingSlug) conditions.push(eq(trainings.slug, filter.trainingSlug));
  // Checkouts left unpaid are not payments: they are shown only when asked for by status.
  conditions.push(filter.status ? eq(payments.status, filter.status) : ne(payments.status, "pending"));
  if (filter.person) {
    const { text, memberIds } = filter.person;
    conditions.push(
      or(
        ilike(payments.buyerName, likeText(text)),
        ilike(payments.buyerEmail, likeText(text)),
        memberIds.length ? inArray(payments.memberId, memberIds) : undefined,
      ),
    );
  }
  return and(...conditions);
}

export const PAYMENTS_PAGE_SIZE = 20;

/** Every member's payments newest first, filtered, a page at a time (a page past the end: the last). */
export async function paymentsPage(lang: Language, filter: PaymentFilter, requested: PageRequest) {
  const where = filterOf(filter);
  return readPage(
    requested,
    async () => {
      const [{ total }] = await db()
        .select({ total: count() })
        .from(payments)
        .leftJoin(trainings, eq(trainings.id, payments.trainingId))
        .where(where);
      return total;
    },
    async (window) => {
      const rows = await db()
        .select(lineColumns)
        .from(payments)
        .leftJoin(trainings, eq(trainings.id, payments.trainingId))
        .where(where)
        .orderBy(desc(payments.createdAt), desc(payments.checkoutSessionId))
        .limit(window.limit)
        .offset(window.offset);
      return rows.map((row) => lineOf(lang, row));
    },
  );
}

/** Whether any checkout was ever made: the admin's payments page still lists them once Stripe is unset. */
export async function anyPayments(): Promise<boolean> {
  const [row] = await db().select({ session: payments.checkoutSessionId }).from(payments).limit(1);
  return row !== undefined;
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

const MAX_RECEIPT_NUMBER = 2 ** 31 - 1;

export type Receipt = {
  number: number;
  seller: ReceiptSeller;
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
 * A receipt by its number as a path writes it (digits, no leading zero: "1e3" or "01" name none):
 * the buyer's own, or any for an admin (`memberId` null). The seller's details are the
 * publisher's (legal/) as they stood when it was paid.
 */
export async function receiptOf(lang: Language, written: string, memberId: string | null): Promise<Receipt | null> {
  const number = /^[1-9]\d{0,9}$/.test(written) ? Number(written) : null;
  // The column is PostgreSQL's integer: a larger number is none, not a failed query.
  if (number === null || number > MAX_RECEIPT_NUMBER) return null;
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
    seller: receiptSeller(publisherFrom(p.seller ?? {})),
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
