import { and, eq } from "drizzle-orm";
import { db } from "~/.server/db/client.server";
import { entitlements, payments, trainings } from "~/.server/db/schema.server";
import { logger, loggableError } from "~/.server/observability/logger.server";
import type { Language } from "~/i18n/config";
import { priceOf } from "./prices.server";
import { sellerOnSale } from "./seller.server";
import { paymentsEnabled, stripe } from "./stripe.server";

export const CURRENCY = "eur";

/** Why a checkout does not start: each has its message (payments.errors.*) and its status. */
export type CheckoutRefusal = "notForSale" | "alreadyOpen" | "retired" | "paymentsUnavailable";

export type Buyer = { memberId: string; email: string; name: string; lang: Language };

/** Where Stripe sends the member back: our own pages, on APP_URL. */
export function returnPaths(slug: string) {
  return {
    success: `/training/${slug}/paid?session_id={CHECKOUT_SESSION_ID}`,
    cancel: `/training/${slug}`,
  };
}

/**
 * Starts a Stripe Checkout for a payable training with a price: the session is made first, then
 * the order keyed by its id, so Stripe down or slow leaves no order behind. Nothing is sold while
 * the seller's details a receipt needs are incomplete. The amount, VAT rate
 * and title are copied onto the order: a later price change never alters it.
 */
export async function startCheckout(
  buyer: Buyer,
  slug: string,
  appUrl: string,
): Promise<{ ok: true; url: string } | { ok: false; error: CheckoutRefusal }> {
  if (!paymentsEnabled() || !(await sellerOnSale())) return { ok: false, error: "notForSale" };
  const [training] = await db()
    .select({ id: trainings.id, access: trainings.access, archived: trainings.archived, content: trainings.content })
    .from(trainings)
    .where(eq(trainings.slug, slug));
  if (training?.access !== "payable") return { ok: false, error: "notForSale" };
  if (training.archived) return { ok: false, error: "retired" };
  const price = await priceOf(db(), training.id);
  if (!price) return { ok: false, error: "notForSale" };
  const [open] = await db()
    .select({ source: entitlements.source })
    .from(entitlements)
    .where(and(eq(entitlements.memberId, buyer.memberId), eq(entitlements.trainingId, training.id)));
  if (open) return { ok: false, error: "alreadyOpen" };
  const title = training.content.title[buyer.lang];
  const paths = returnPaths(slug);
  let session: { id: string; url: string | null };
  try {
    session = await stripe().checkout.sessions.create({
      mode: "payment",
      customer_email: buyer.email,
      client_reference_id: buyer.memberId,
      locale: buyer.lang,
      line_items: [
        {
          quantity: 1,
          price_data: { currency: CURRENCY, unit_amount: price.amountCents, product_data: { name: title } },
        },
      ],
      metadata: { member_id: buyer.memberId, training: slug },
      success_url: `${appUrl}${paths.success}`,
      cancel_url: `${appUrl}${paths.cancel}`,
    });
  } catch (error) {
    logger.warn({ err: loggableError(error) }, "Stripe did not make a checkout session");
    return { ok: false, error: "paymentsUnavailable" };
  }
  if (!session.url) return { ok: false, error: "paymentsUnavailable" };
  await db().insert(payments).values({
    checkoutSessionId: session.id,
    memberId: buyer.memberId,
    trainingId: training.id,
    trainingTitle: title,
    buyerName: buyer.name,
    buyerEmail: buyer.email,
    lang: buyer.lang,
    amountCents: price.amountCents,
    currency: CURRENCY,
    vatBasisPoints: price.vatBasisPoints,
  });
  return { ok: true, url: session.url };
}
