import type Stripe from "stripe";
import { logger } from "~/.server/observability/logger.server";
import { fulfilSession } from "./fulfilment.server";
import { applyRefund, markDisputed } from "./refunds.server";
import { paymentSettings, stripe } from "./stripe.server";

// Stripe's own default: an event signed more than five minutes ago is refused (a replay).
const SIGNATURE_TOLERANCE_SECONDS = 300;

const intentOf = (value: string | { id: string } | null) => (typeof value === "string" ? value : (value?.id ?? null));

/**
 * An event Stripe posted to /api/hooks/stripe: its signature checked on the raw body, then what it
 * says applied. Each handler is idempotent (keyed by the checkout session or the payment intent),
 * so an event delivered twice, late or out of order changes things once. Events Cap does not
 * use, or about sessions it did not make, are accepted and ignored.
 */
export async function receiveStripeEvent(rawBody: string, signature: string | null): Promise<"accepted" | "refused"> {
  const settings = paymentSettings();
  if (!settings || !signature) {
    logger.warn("Stripe webhook refused: no signature, or payments are off");
    return "refused";
  }
  let event: Stripe.Event;
  try {
    event = stripe().webhooks.constructEvent(rawBody, signature, settings.webhookSecret, SIGNATURE_TOLERANCE_SECONDS);
  } catch {
    logger.warn("Stripe webhook refused: its signature does not match or is too old");
    return "refused";
  }
  switch (event.type) {
    case "checkout.session.completed":
    case "checkout.session.async_payment_succeeded":
      await fulfilSession(event.data.object);
      break;
    case "charge.refunded": {
      const intent = intentOf(event.data.object.payment_intent);
      if (event.data.object.refunded && intent) await applyRefund(intent);
      break;
    }
    case "charge.dispute.created": {
      const intent = intentOf(event.data.object.payment_intent);
      if (intent) await markDisputed(intent);
      break;
    }
    default:
      break;
  }
  return "accepted";
}
