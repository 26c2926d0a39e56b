import { and, eq, inArray } from "drizzle-orm";
import { recordChange } from "~/.server/audit/audit-log.server";
import { db } from "~/.server/db/client.server";
import { entitlements, payments } from "~/.server/db/schema.server";
import { queueMail } from "~/.server/mail/outbox.server";
import { logger, loggableError } from "~/.server/observability/logger.server";
import type { Actor } from "~/.server/roles/roles.server";
import type { Language } from "~/i18n/config";
import { refundMail } from "./mail-templates.server";
import { paymentsEnabled, stripe } from "./stripe.server";

export type RefundRefusal = "noPayment" | "notRefundable" | "paymentsUnavailable";

/**
 * An admin asks Stripe to refund a paid order, with their reason, audited. Access is withdrawn
 * when Stripe confirms (charge.refunded, applyRefund), as for a refund made in Stripe's dashboard.
 */
export async function requestRefund(
  actor: Actor,
  memberId: string,
  sessionId: string,
  reason: string,
): Promise<{ ok: true } | { ok: false; error: RefundRefusal }> {
  const [order] = await db()
    .select()
    .from(payments)
    .where(and(eq(payments.checkoutSessionId, sessionId), eq(payments.memberId, memberId)));
  if (!order) return { ok: false, error: "noPayment" };
  if (!["paid", "disputed"].includes(order.status) || !order.paymentIntentId)
    return { ok: false, error: "notRefundable" };
  if (!paymentsEnabled()) return { ok: false, error: "paymentsUnavailable" };
  try {
    // Stripe's idempotency key: an admin's double click asks for one refund.
    await stripe().refunds.create(
      { payment_intent: order.paymentIntentId, reason: "requested_by_customer", metadata: { reason } },
      { idempotencyKey: `refund-${order.checkoutSessionId}` },
    );
  } catch (error) {
    logger.warn({ err: loggableError(error) }, "Stripe did not take a refund");
    return { ok: false, error: "paymentsUnavailable" };
  }
  await db().transaction((tx) =>
    recordChange(tx, {
      actorId: actor.memberId,
      subject: { id: order.memberId, name: order.buyerName },
      action: "payment.refundAsked",
      before: { receipt: order.receiptNumber, status: order.status },
      after: { receipt: order.receiptNumber, reason },
    }),
  );
  return { ok: true };
}

/**
 * Stripe confirmed a refund (charge.refunded, whoever made it): the order is refunded, the
 * training it opened is closed again (the member's progress and answers stay), the member is
 * told. Its receipt number stays used. Delivered twice, it changes nothing the second time.
 */
export async function applyRefund(paymentIntentId: string): Promise<boolean> {
  return db().transaction(async (tx) => {
    const [order] = await tx
      .select()
      .from(payments)
      .where(and(eq(payments.paymentIntentId, paymentIntentId), inArray(payments.status, ["paid", "disputed"])))
      .for("update");
    if (!order) return false;
    await tx
      .update(payments)
      .set({ status: "refunded", refundedAt: new Date() })
      .where(eq(payments.checkoutSessionId, order.checkoutSessionId));
    if (order.memberId && order.trainingId) {
      await tx
        .delete(entitlements)
        .where(
          and(
            eq(entitlements.memberId, order.memberId),
            eq(entitlements.trainingId, order.trainingId),
            eq(entitlements.source, "purchase"),
          ),
        );
    }
    await recordChange(tx, {
      actorId: null,
      subject: { id: order.memberId, name: order.buyerName },
      action: "payment.refunded",
      before: { receipt: order.receiptNumber, status: order.status },
      after: { receipt: order.receiptNumber, status: "refunded" },
    });
    await queueMail(
      tx,
      refundMail(order.lang as Language, order.buyerEmail, {
        firstname: order.buyerName.split(" ")[0] ?? "",
        training: order.trainingTitle,
        amountCents: order.amountCents,
        currency: order.currency,
      }),
    );
    return true;
  });
}

/** Stripe opened a dispute on a paid order: it shows as disputed; access stays until a refund. */
export async function markDisputed(paymentIntentId: string): Promise<void> {
  await db()
    .update(payments)
    .set({ status: "disputed" })
    .where(and(eq(payments.paymentIntentId, paymentIntentId), eq(payments.status, "paid")));
}
