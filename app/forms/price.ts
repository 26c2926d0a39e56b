import { z } from "zod";

/**
 * A payable training's price form: euros all taxes included ("49" or "49,90") and the VAT rate in
 * percent ("20" or "5,5"), read into cents and hundredths of a percent; bounded to 1–10,000 € and
 * 0–30 %, beyond which it is a typing mistake rather than a price.
 */
const decimal = (message: string) =>
  z
    .string({ required_error: message })
    .trim()
    .regex(/^\d{1,5}([.,]\d{1,2})?$/, { message })
    .transform((value) => Math.round(Number(value.replace(",", ".")) * 100));

/** What a price may be, in cents and hundredths of a percent: the form's and the API's bounds. */
export const PRICE_BOUNDS = { minCents: 100, maxCents: 1_000_000, maxVatBasisPoints: 3_000 } as const;

export const isPriceInCents = (cents: number) =>
  Number.isInteger(cents) && cents >= PRICE_BOUNDS.minCents && cents <= PRICE_BOUNDS.maxCents;

export const isVatInBasisPoints = (basisPoints: number) =>
  Number.isInteger(basisPoints) && basisPoints >= 0 && basisPoints <= PRICE_BOUNDS.maxVatBasisPoints;

export const priceSchema = z.object({
  training: z.string().trim().min(1).max(64),
  amount: decimal("payments.errors.amount").refine(isPriceInCents, { message: "payments.errors.amount" }),
  vat: decimal("payments.errors.vat").refine(isVatInBasisPoints, { message: "payments.errors.vat" }),
});

/** An admin's refund of a member's payment: which one, and why (kept in the audit log). */
export const REFUND_REASON_MAX = 500;

export const refundSchema = z.object({
  session: z.string().trim().min(1).max(300),
  reason: z
    .string({ required_error: "payments.errors.reasonRequired" })
    .trim()
    .min(1, { message: "payments.errors.reasonRequired" })
    .max(REFUND_REASON_MAX, { message: "payments.errors.reasonTooLong" }),
});
