import type { Language } from "~/i18n/config";

/** "49,00 €" / "€49.00": an amount in cents as the member's language writes it. */
export function formatAmount(lang: Language, cents: number, currency = "eur"): string {
  return new Intl.NumberFormat(lang === "fr" ? "fr-FR" : "en-GB", {
    style: "currency",
    currency: currency.toUpperCase(),
  }).format(cents / 100);
}

/** The VAT included in an all-taxes-included amount, in cents (rounded as the receipt shows it). */
export function vatIncluded(cents: number, vatBasisPoints: number): number {
  return Math.round(cents - (cents * 10_000) / (10_000 + vatBasisPoints));
}

/** "20 %" / "20%". */
export function formatRate(lang: Language, vatBasisPoints: number): string {
  return new Intl.NumberFormat(lang === "fr" ? "fr-FR" : "en-GB", {
    style: "percent",
    maximumFractionDigits: 2,
  }).format(vatBasisPoints / 10_000);
}
