import { postEndpoint } from "~/.server/api/endpoint.server";
import { apiAnswer } from "~/.server/api/respond.server";
import { localeOf } from "~/.server/i18n/i18n.server";
import { priceAnswer, priceBody, priceRefusals } from "~/.server/payments/contract.server";
import { formatAmount } from "~/.server/payments/money.server";
import { setPrice } from "~/.server/payments/prices.server";

/** /admin/prices' form for a caller: a payable training's price, audited, for the checkouts to come. */
export const endpoint = postEndpoint("/api/admin/trainings/:training_slug/price", {
  guard: "admin",
  summary: "Set a payable training's price (all taxes included) and VAT rate; orders already made keep theirs",
  body: priceBody,
  refusals: priceRefusals,
  ok: { status: 200, schema: priceAnswer, description: "The price now" },
  async handler({ request, params, signedIn: { member }, body, refuse }) {
    const input = await body();
    const slug = params.training_slug ?? "";
    const price = { amountCents: input.amount_cents, vatBasisPoints: input.vat_basis_points };
    const outcome = await setPrice({ memberId: member.id }, slug, price);
    if (!outcome.ok) return refuse(outcome.error);
    return apiAnswer({
      training: slug,
      amount_cents: price.amountCents,
      vat_basis_points: price.vatBasisPoints,
      amount: formatAmount(await localeOf(request), price.amountCents),
    });
  },
});
