import { defineEndpoint, unlisted } from "~/.server/api/endpoint.server";
import { apiError } from "~/.server/api/respond.server";
import { receiveStripeEvent } from "~/.server/payments/webhook.server";

/**
 * Stripe's events (checkout.session.completed, charge.refunded, charge.dispute.created): the raw
 * body is read as sent, its Stripe-Signature checked; 400 for a bad or old signature, changing nothing.
 */
export const endpoint = defineEndpoint("/api/hooks/stripe", {
  post: unlisted(async ({ request }) => {
    const outcome = await receiveStripeEvent(await request.text(), request.headers.get("Stripe-Signature"));
    if (outcome === "refused") return apiError(request, 400, { base: ["trainings:payments.errors.badSignature"] });
    return new Response(null, { status: 204 });
  }),
});
