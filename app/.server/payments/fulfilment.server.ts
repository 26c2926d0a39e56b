import { eq, sql } from "drizzle-orm";
import { recordChange } from "~/.server/audit/audit-log.server";
import { env } from "~/.server/config/env.server";
import { db, type Transaction } from "~/.server/db/client.server";
import { entitlements, payments, receiptCounter } from "~/.server/db/schema.server";
import { publisherDetails, publisherFrom } from "~/.server/legal/publisher.server";
import { queueMail } from "~/.server/mail/outbox.server";
import type { Language } from "~/i18n/config";
import { paymentFlagMail, receiptMail } from "./mail-templates.server";
import { receiptSeller, sellerLines } from "./seller.server";

/** What Cap reads of a Checkout Session, from the webhook's event or from Stripe's API. */
export type SessionFacts = {
  id: string;
  payment_status: string;
  amount_total: number | null;
  currency: string | null;
  payment_intent: string | { id: string } | null;
};

export type Fulfilment = "opened" | "alreadyDone" | "notPaid" | "unknown" | "mismatch" | "alreadyOpen";

type PaymentRow = typeof payments.$inferSelect;

/**
 * Opens the training a paid session bought, once: the webhook and the member's return both call
 * it, in any order and as often as they come. The order's row is locked first, so the second
 * caller waits and then finds it paid; the receipt number is taken from the counter in the same
 * transaction, so a number is used if and only if a payment is recorded with it. A paid amount
 * or currency other than the order's opens nothing and is flagged to the admins; so is a second
 * payment for a training the member already had (left for an admin to refund).
 */
export async function fulfilSession(session: SessionFacts): Promise<Fulfilment> {
  // Read before the transaction (PGlite has one connection): the receipt keeps the seller as of its payment.
  const seller = await publisherDetails();
  return db().transaction(async (tx) => {
    const [order] = await tx.select().from(payments).where(eq(payments.checkoutSessionId, session.id)).for("update");
    if (!order) return "unknown";
    if (order.status !== "pending") return "alreadyDone";
    if (session.payment_status !== "paid") return "notPaid";
    const paymentIntentId =
      typeof session.payment_intent === "string" ? session.payment_intent : session.payment_intent?.id;
    if (session.amount_total !== order.amountCents || session.currency !== order.currency) {
      await tx
        .update(payments)
        .set({ status: "mismatch", paymentIntentId })
        .where(eq(payments.checkoutSessionId, order.checkoutSessionId));
      await flag(tx, order, "mismatch", { paid: session.amount_total, currency: session.currency });
      return "mismatch";
    }
    const [counter] = await tx
      .insert(receiptCounter)
      .values({ id: true, last: 1 })
      .onConflictDoUpdate({ target: receiptCounter.id, set: { last: sql`${receiptCounter.last} + 1` } })
      .returning({ last: receiptCounter.last });
    const [paid] = await tx
      .update(payments)
      .set({ status: "paid", receiptNumber: counter.last, paidAt: new Date(), paymentIntentId, seller })
      .where(eq(payments.checkoutSessionId, order.checkoutSessionId))
      .returning();
    await queueMail(tx, receiptMail(order.lang as Language, order.buyerEmail, receiptVars(paid)));
    if (!order.memberId || !order.trainingId) return "opened";
    const opened = await tx
      .insert(entitlements)
      .values({ memberId: order.memberId, trainingId: order.trainingId, source: "purchase" })
      .onConflictDoNothing()
      .returning();
    if (opened.length > 0) return "opened";
    await flag(tx, order, "alreadyOpen", { receipt: counter.last });
    return "alreadyOpen";
  });
}

export function receiptVars(payment: PaymentRow) {
  return {
    firstname: payment.buyerName.split(" ")[0] ?? "",
    training: payment.trainingTitle,
    amountCents: payment.amountCents,
    currency: payment.currency,
    receiptNumber: payment.receiptNumber ?? 0,
    link: `/receipts/${payment.receiptNumber}`,
    seller: sellerLines(receiptSeller(publisherFrom(payment.seller ?? {}))).join(", "),
  };
}

/** Tells the admins: an entry in the back office's log, and a mail to ADMIN_EMAILS. */
async function flag(tx: Transaction, order: PaymentRow, reason: "mismatch" | "alreadyOpen", facts: object) {
  await recordChange(tx, {
    actorId: null,
    subject: { id: order.memberId, name: order.buyerName },
    action: "payment.flagged",
    before: null,
    after: { reason, session: order.checkoutSessionId, training: order.trainingTitle, ...facts },
  });
  for (const to of env().ADMIN_EMAILS) {
    await queueMail(
      tx,
      paymentFlagMail("fr", to, {
        reason,
        buyer: order.buyerName,
        training: order.trainingTitle,
        session: order.checkoutSessionId,
      }),
    );
  }
}
