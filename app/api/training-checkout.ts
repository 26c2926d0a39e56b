import { getEndpoint, postEndpoint } from "~/.server/api/endpoint.server";
import { apiAnswer } from "~/.server/api/respond.server";
import { env } from "~/.server/config/env.server";
import { localeOf } from "~/.server/i18n/i18n.server";
import { startCheckout } from "~/.server/payments/checkout.server";
import { checkoutAnswer, checkoutRefusals, paymentsAnswer } from "~/.server/payments/contract.server";
import { memberPayments } from "~/.server/payments/receipts.server";

/** A locked payable training bought: the Stripe Checkout page to send the member to. */
export const checkout = postEndpoint("/api/trainings/:training_slug/checkout", {
  summary: "Start a Stripe Checkout for a payable training: the page to send the member to",
  refusals: checkoutRefusals,
  ok: { status: 201, schema: checkoutAnswer, description: "The Checkout session is made" },
  async handler({ request, params, signedIn: { member, identity }, refuse }) {
    const lang = await localeOf(request);
    const buyer = {
      memberId: member.id,
      email: identity.traits.email,
      name: `${member.firstname} ${member.lastname}`.trim(),
      lang,
    };
    const outcome = await startCheckout(buyer, params.training_slug ?? "", env().APP_URL);
    if (!outcome.ok) return refuse(outcome.error);
    return apiAnswer({ url: outcome.url }, 201);
  },
});

/** The member's own payments, each with its receipt's page. */
export const payments = getEndpoint("/api/payments", {
  summary: "The member's payments and their receipts",
  ok: { status: 200, schema: paymentsAnswer, description: "Newest first" },
  async handler({ request, signedIn: { member } }) {
    const lines = await memberPayments(await localeOf(request), member.id);
    return apiAnswer({
      payments: lines.map((line) => ({
        receiptNumber: line.receiptNumber,
        training: line.training,
        trainingSlug: line.trainingSlug,
        status: line.status,
        amountCents: line.amountCents,
        amount: line.amount,
        paidAt: line.paidAt,
        receiptPath: line.receiptNumber ? `/receipts/${line.receiptNumber}` : null,
      })),
    });
  },
});
