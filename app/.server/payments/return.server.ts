import { and, eq } from "drizzle-orm";
import { db } from "~/.server/db/client.server";
import { payments } from "~/.server/db/schema.server";
import { logger, loggableError } from "~/.server/observability/logger.server";
import { fulfilSession } from "./fulfilment.server";
import { stripe } from "./stripe.server";

export type Return = "open" | "pending" | "unknown";

/**
 * The member is back on the success URL: their order is looked up, and while the webhook has not
 * fulfilled it yet, the session is asked of Stripe and fulfilled here if paid (whichever comes
 * first). Stripe unreachable: "pending", the webhook will do it.
 */
export async function returnFromCheckout(memberId: string, sessionId: string): Promise<Return> {
  if (!/^cs_[A-Za-z0-9_]{1,250}$/.test(sessionId)) return "unknown";
  const [order] = await db()
    .select({ status: payments.status })
    .from(payments)
    .where(and(eq(payments.checkoutSessionId, sessionId), eq(payments.memberId, memberId)));
  if (!order) return "unknown";
  if (order.status === "pending") {
    try {
      await fulfilSession(await stripe().checkout.sessions.retrieve(sessionId));
    } catch (error) {
      logger.warn({ err: loggableError(error) }, "Stripe did not answer for a returning member's session");
      return "pending";
    }
  }
  return (await statusOf(sessionId)) === "paid" ? "open" : "pending";
}

async function statusOf(sessionId: string) {
  const [order] = await db()
    .select({ status: payments.status })
    .from(payments)
    .where(eq(payments.checkoutSessionId, sessionId));
  return order?.status;
}

/** The receipt number a fulfilled session was given. */
export async function receiptNumberOf(sessionId: string): Promise<number | null> {
  const [order] = await db()
    .select({ number: payments.receiptNumber })
    .from(payments)
    .where(eq(payments.checkoutSessionId, sessionId));
  return order?.number ?? null;
}
