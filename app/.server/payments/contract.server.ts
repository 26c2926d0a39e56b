import { z } from "zod";
import { refusals } from "~/.server/contract/refusal-table.server";
import { isPriceInCents, isVatInBasisPoints, PRICE_BOUNDS } from "~/forms/price";
import type { CheckoutRefusal } from "./checkout.server";
import { RECEIPT_SELLER_FIELDS, type ReceiptSeller } from "./seller.server";

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

// --- The admin's price (POST /api/admin/trainings/:training_slug/price) ---------------------------

/** The /admin/prices form's rules, in the API's whole numbers: cents all taxes included, hundredths of a percent. */
export const priceBody = z.object({
  amount_cents: z
    .number({ required_error: "admin:payments.errors.amount", invalid_type_error: "admin:payments.errors.amount" })
    .refine(isPriceInCents, "admin:payments.errors.amount")
    .describe(`The price all taxes included, in cents: ${PRICE_BOUNDS.minCents}–${PRICE_BOUNDS.maxCents}`),
  vat_basis_points: z
    .number({ required_error: "admin:payments.errors.vat", invalid_type_error: "admin:payments.errors.vat" })
    .refine(isVatInBasisPoints, "admin:payments.errors.vat")
    .describe(`The VAT rate in hundredths of a percent (2000 is 20 %): 0–${PRICE_BOUNDS.maxVatBasisPoints}`),
});

export const priceRefusals = refusals("admin", {
  noTraining: { status: 404, field: null, message: "payments.errors.noTraining" },
});

export const priceAnswer = z.object({
  training: z.string().describe("The training's slug"),
  amount_cents: z.number().int(),
  vat_basis_points: z.number().int(),
  amount: z.string().describe("The price as the caller's language writes it"),
});

// --- A receipt (GET /api/receipts/:number) ----------------------------------------------------------

export const receiptRefusals = refusals("trainings", {
  notFound: { status: 404, field: null, message: "receipt.notFound" },
});

const sellerAnswer = z.object(
  Object.fromEntries(RECEIPT_SELLER_FIELDS.map((field) => [field, z.string()])) as Record<
    keyof ReceiptSeller,
    z.ZodString
  >,
);

export const receiptAnswer = z.object({
  receipt: z.object({
    number: z.number().int().describe("From one unbroken sequence, never reused"),
    seller: sellerAnswer.describe('The seller\'s details as they stood when it was paid ("" where none was given)'),
    buyer: z.object({ name: z.string(), email: z.string() }),
    training: z.string(),
    total: z.string().describe("All taxes included, as the caller's language writes it"),
    net: z.string(),
    vat: z.string(),
    vatRate: z.string(),
    paidAt: z.string().describe("ISO 8601"),
    refunded: z.boolean(),
  }),
});
