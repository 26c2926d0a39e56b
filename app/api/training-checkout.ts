import { postEndpoint } from "~/.server/api/endpoint.server";
import { apiAnswer } from "~/.server/api/respond.server";
import { env } from "~/.server/config/env.server";
import { localeOf } from "~/.server/i18n/i18n.server";
import { startCheckout } from "~/.server/payments/checkout.server";
import { checkoutAnswer, checkoutRefusals } from "~/.server/payments/contract.server";

/** A locked payable training bought: the Stripe Checkout page to send the member to. */
export const endpoint = postEndpoint("/api/trainings/:training_slug/checkout", {
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
