import { getEndpoint } from "~/.server/api/endpoint.server";
import { apiAnswer } from "~/.server/api/respond.server";
import { localeOf } from "~/.server/i18n/i18n.server";
import { receiptAnswer, receiptRefusals } from "~/.server/payments/contract.server";
import { receiptOf } from "~/.server/payments/receipts.server";

/** One receipt, as its page states it: the member's own; an admin reads any. */
export const endpoint = getEndpoint("/api/receipts/:number", {
  summary: "One of the member's receipts (any, for an admin)",
  refusals: receiptRefusals,
  ok: { status: 200, schema: receiptAnswer, description: "The receipt" },
  async handler({ request, params, signedIn: { member, roles }, refuse }) {
    const receipt = await receiptOf(
      await localeOf(request),
      params.number ?? "",
      roles.includes("admin") ? null : member.id,
    );
    if (!receipt) return refuse("notFound");
    return apiAnswer({ receipt });
  },
});
