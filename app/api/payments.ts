import { getEndpoint } from "~/.server/api/endpoint.server";
import { apiAnswer } from "~/.server/api/respond.server";
import { localeOf } from "~/.server/i18n/i18n.server";
import { paymentsAnswer } from "~/.server/payments/contract.server";
import { memberPayments } from "~/.server/payments/receipts.server";

/** The member's own payments, each with its receipt's page. */
export const endpoint = getEndpoint("/api/payments", {
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
