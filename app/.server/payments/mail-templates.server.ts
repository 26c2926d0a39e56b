import { type Link, type MailTemplates, renderMail } from "~/.server/mail/templates.server";
import type { Language } from "~/i18n/config";
import { formatAmount } from "./money.server";

/** A payment's mail to the member: what was bought, for how much. */
type PaidVars = { firstname: string; training: string; amountCents: number; currency: string };

/** What a payment's intro names: the training and its amount, in the member's language. */
function paidWords(lang: Language, vars: PaidVars) {
  return { training: vars.training, amount: formatAmount(lang, vars.amountCents, vars.currency) };
}

/** `seller`: the seller's details as the receipt states them, on one line. */
type ReceiptVars = PaidVars & { receiptNumber: number; link: Link; seller: string };

/** The payment went through: what was bought, for how much, the receipt's number and page. */
export function receiptMail(lang: Language, to: string, vars: ReceiptVars) {
  return renderMail({ template: "paymentReceipt", vars, lang }, to, (t) => ({
    subject: t("paymentReceipt.subject", { number: vars.receiptNumber }),
    firstname: vars.firstname,
    blocks: [
      { paragraph: t("paymentReceipt.intro", paidWords(lang, vars)) },
      { paragraph: t("paymentReceipt.number", { number: vars.receiptNumber }) },
      { paragraph: t("paymentReceipt.seller", { seller: vars.seller }) },
      { button: t("paymentReceipt.action"), url: vars.link },
    ],
  }));
}

/** The payment was refunded: the training is closed again, the member's progress kept. */
export function refundMail(lang: Language, to: string, vars: PaidVars) {
  return renderMail({ template: "paymentRefund", vars, lang }, to, (t) => ({
    subject: t("paymentRefund.subject", { training: vars.training }),
    firstname: vars.firstname,
    blocks: [
      { paragraph: t("paymentRefund.intro", paidWords(lang, vars)) },
      { paragraph: t("paymentRefund.progressKept") },
    ],
  }));
}

type FlagVars = { reason: "mismatch" | "alreadyOpen"; buyer: string; training: string; session: string };

/** To the admins: a payment Cap did not fulfil as it came (its amount, or a second payment). */
export function paymentFlagMail(lang: Language, to: string, vars: FlagVars) {
  return renderMail({ template: "paymentFlag", vars, lang }, to, (t) => ({
    subject: t("paymentFlag.subject"),
    firstname: "",
    blocks: [
      { paragraph: t(`paymentFlag.${vars.reason}`, { buyer: vars.buyer, training: vars.training }) },
      { code: vars.session },
      { button: t("paymentFlag.action"), url: "/admin/payments" },
    ],
  }));
}

export const paymentMailTemplates = {
  paymentReceipt: receiptMail,
  paymentRefund: refundMail,
  paymentFlag: paymentFlagMail,
} satisfies MailTemplates;
