import { dateFormat } from "~/.server/calendar/date-formats.server";
import { ACCEPTED_ON_REGISTRATION, versionsInForce } from "~/.server/legal/pages.server";
import type { LegalPage } from "~/forms/legal-pages";
import type { Language } from "~/i18n/config";

/**
 * The terms and privacy policy the second step shows (their version and date), and, posted back
 * in hidden fields, the versions the visitor accepted by creating the account.
 */
export async function termsShown(lang: Language) {
  const day = dateFormat(lang, { dateStyle: "long", timeZone: "Europe/Paris" });
  return (await versionsInForce())
    .filter(({ page, number }) => ACCEPTED_ON_REGISTRATION.includes(page) && number > 0)
    .map(({ page, number, publishedAt }) => ({ page, number, date: publishedAt ? day.format(publishedAt) : "" }));
}

/** The versions the form says it showed; a field missing or malformed names none for its page. */
export function termsAccepted(formData: FormData): Partial<Record<LegalPage, number>> {
  const accepted: Partial<Record<LegalPage, number>> = {};
  for (const page of ACCEPTED_ON_REGISTRATION) {
    const value = formData.get(`accepted-${page}`);
    if (typeof value === "string" && /^[1-9]\d{0,8}$/.test(value)) accepted[page] = Number(value);
  }
  return accepted;
}
