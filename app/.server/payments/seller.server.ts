import { type PublisherDetails, publisherDetails } from "~/.server/legal/publisher.server";
import type { PublisherField } from "~/forms/legal-pages";

/**
 * What a receipt must state of its seller under French invoicing rules (Code de commerce
 * art. L441-9, CGI art. 242 nonies A): name, legal form, head office, registration (SIREN/RCS)
 * and intra-community VAT number. Until each is filled in (the legal pages' publisher details),
 * nothing is offered for sale, whatever Stripe's keys.
 */
export const SELLER_FIELDS = [
  "companyName",
  "legalForm",
  "headOffice",
  "registration",
  "vatNumber",
] as const satisfies readonly PublisherField[];

/** The seller's details a receipt needs that are still blank, in the form's order. */
export function sellerGaps(details: PublisherDetails): PublisherField[] {
  return SELLER_FIELDS.filter((field) => details[field].trim() === "");
}

/** The seller's details as they stand, when every one a receipt needs is filled in; null otherwise. */
export async function sellerOnSale(): Promise<PublisherDetails | null> {
  const details = await publisherDetails();
  return sellerGaps(details).length === 0 ? details : null;
}

/** What a receipt states of its seller, in this order: what the rules ask, then where to write. */
export const RECEIPT_SELLER_FIELDS = [...SELLER_FIELDS, "email"] as const satisfies readonly PublisherField[];
export type ReceiptSeller = Record<(typeof RECEIPT_SELLER_FIELDS)[number], string>;

/** A receipt's seller out of the publisher's details it kept (any other field is the legal notice's). */
export function receiptSeller(details: PublisherDetails): ReceiptSeller {
  return Object.fromEntries(RECEIPT_SELLER_FIELDS.map((field) => [field, details[field]])) as ReceiptSeller;
}

/** The seller's lines a receipt prints, blank ones left out. */
export function sellerLines(seller: ReceiptSeller): string[] {
  return RECEIPT_SELLER_FIELDS.map((field) => seller[field].trim()).filter((line) => line !== "");
}
