import { sql } from "drizzle-orm";
import { boolean, check, index, integer, jsonb, pgTable, text, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { appUsers } from "./members.server";
import { createdAt, sideOf, timestampTz, updatedAt } from "./columns.server";
import { trainings } from "./learning.server";

// ---------------------------------------------------------------------------------------------
// Payments: a payable training's price, each checkout and what became of it, receipt numbers.
// ---------------------------------------------------------------------------------------------

/** What a payable training costs, all taxes included, and the VAT rate its receipts state. */
export const trainingPrices = pgTable("training_prices", {
  trainingId: sideOf("training_id", () => trainings.id),
  amountCents: integer("amount_cents").notNull(),
  /** Hundredths of a percent: 2000 is 20 %. */
  vatBasisPoints: integer("vat_basis_points").notNull(),
  updatedAt: updatedAt(),
});

export const PAYMENT_STATUSES = ["pending", "paid", "refunded", "disputed", "mismatch"] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

/**
 * One Stripe Checkout session and what became of it. The amount, VAT rate, training title and
 * buyer are copied in at checkout: a later price change or a deleted account never alters a
 * receipt. The member and training may go (set null); the row, its receipt, stays.
 */
export const payments = pgTable(
  "payments",
  {
    checkoutSessionId: text("checkout_session_id").primaryKey(),
    memberId: uuid("member_id").references(() => appUsers.id, { onDelete: "set null" }),
    trainingId: uuid("training_id").references(() => trainings.id, { onDelete: "set null" }),
    trainingTitle: text("training_title").notNull(),
    buyerName: text("buyer_name").notNull(),
    buyerEmail: text("buyer_email").notNull(),
    lang: text("lang").notNull(),
    amountCents: integer("amount_cents").notNull(),
    currency: text("currency").notNull(),
    vatBasisPoints: integer("vat_basis_points").notNull(),
    status: text("status", { enum: PAYMENT_STATUSES }).notNull().default("pending"),
    paymentIntentId: text("payment_intent_id"),
    /** Taken from receipt_counter in the fulfilment's transaction: one unbroken sequence. */
    receiptNumber: integer("receipt_number"),
    /** The seller's details (legal/'s publisher) as they stood when it was paid: its receipt's, for good. */
    seller: jsonb("seller").$type<Record<string, string>>(),
    createdAt: createdAt(),
    paidAt: timestampTz("paid_at"),
    refundedAt: timestampTz("refunded_at"),
  },
  (t) => [
    uniqueIndex("payments_receipt_number_key").on(t.receiptNumber),
    index("payments_member_idx").on(t.memberId, t.createdAt),
    index("payments_payment_intent_idx").on(t.paymentIntentId),
    check("payments_status_check", sql`${t.status} in ('pending', 'paid', 'refunded', 'disputed', 'mismatch')`),
  ],
);

/** The last receipt number used, one row: the fulfilment raises it under the row's lock. */
export const receiptCounter = pgTable("receipt_counter", {
  id: boolean("id").primaryKey().default(true),
  last: integer("last").notNull().default(0),
});
