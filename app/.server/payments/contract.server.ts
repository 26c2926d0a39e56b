import { z } from "zod";
import { refusals } from "~/.server/contract/refusal-table.server";
import type { CheckoutRefusal } from "./checkout.server";

// Stripe's outages are short: a minute is a fair wait before trying again.
export const CHECKOUT_RETRY_AFTER_SECONDS = 60;

/** Why a checkout does not start, page and API alike. */
export const checkoutRefusals = refusals<CheckoutRefusal>("trainings", {
  notForSale: { status: 409, field: null, message: "payments.errors.notForSale" },
  alreadyOpen: { status: 409, field: null, message: "payments.errors.alreadyOpen" },
  retired: { status: 409, field: null, message: "payments.errors.retired" },
  paymentsUnavailable: {
    status: 503,
    field: null,
    message: "payments.errors.paymentsUnavailable",
    api: { retryAfter: CHECKOUT_RETRY_AFTER_SECONDS },
  },
});

export const checkoutAnswer = z.object({ url: z.string().describe("Stripe Checkout's page, to send the member to") });

export const paymentsAnswer = z.object({
  payments: z.array(
    z.object({
      receiptNumber: z.number().int().nullable(),
      training: z.string(),
      trainingSlug: z.string().nullable(),
      status: z.enum(["pending", "paid", "refunded", "disputed", "mismatch"]),
      amountCents: z.number().int(),
      amount: z.string(),
      paidAt: z.string().nullable(),
      receiptPath: z.string().nullable(),
    }),
  ),
});
