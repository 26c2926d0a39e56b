import { dateFormat } from "~/.server/calendar/date-formats.server";
import { zoneName } from "~/.server/calendar/zone-names.server";
import { type Link, type MailContent, type MailTemplates, renderMail } from "~/.server/mail/templates.server";
import type { Language } from "~/i18n/config";
import type { SecurityEventKind } from "./kinds.server";

/** What a security notice is rendered from (kept with the queued message, to render it again). */
export type SecurityNoticeVars = {
  kind: SecurityEventKind;
  firstname: string;
  /** When it happened (an ISO instant), shown in `timeZone`, the member's. */
  at: string;
  timeZone: string;
  /** The device as its user agent names it; null when it does not say. */
  browser: string | null;
  system: string | null;
  /** The "this wasn't me" page with its single-use token; null for a lockout (nobody got in). */
  notMeLink: Link | null;
  /** An email change, told to the former address: the address the account answers to now. */
  newEmail?: string;
};

/** The profile's password form, where a signed-in member changes it. */
const CHANGE_PASSWORD_PATH = "/profile#password-title";

/** "jeudi 26 novembre 2026 à 09:12 · Europe/Paris (UTC+01:00)". */
export function securityEventWhen(lang: Language, at: Date, timeZone: string): string {
  const date = dateFormat(lang, { dateStyle: "full", timeStyle: "short", timeZone }).format(at);
  return `${date} · ${zoneName(lang, timeZone, at)}`;
}

/**
 * A security notice: what happened to the account, when (in the member's zone), from which device,
 * and the way back in if it was not them ("this wasn't me": sign out everywhere, a new password).
 * A lockout says the account is safe and links to a password reset instead; wrong codes after a
 * right password say the password is known to someone else and link to changing it.
 */
export function securityNoticeMail(lang: Language, to: string, vars: SecurityNoticeVars) {
  return renderMail({ template: "securityNotice", vars, lang }, to, (t) => {
    const key = `securityNotice.${vars.kind}`;
    const device = t("securityNotice.device", {
      browser: vars.browser ?? t("securityNotice.unknownBrowser"),
      system: vars.system ?? t("securityNotice.unknownSystem"),
    });
    const facts = [
      { paragraph: t("securityNotice.when", { when: securityEventWhen(lang, new Date(vars.at), vars.timeZone) }) },
      { paragraph: t("securityNotice.from", { device }) },
    ];
    const wayBack = (): MailContent["blocks"] => {
      if (vars.kind === "twoFactor.wrongCodes") {
        return [
          { paragraph: t("securityNotice.passwordKnown") },
          { button: t("securityNotice.changePasswordAction"), url: CHANGE_PASSWORD_PATH },
          { paragraph: t("securityNotice.passwordKnownSignedOut") },
          { button: t("securityNotice.resetAction"), url: "/home/forgot-password" },
        ];
      }
      if (!vars.notMeLink) {
        return [
          { paragraph: t("securityNotice.lockedOutSafe") },
          { button: t("securityNotice.resetAction"), url: "/home/forgot-password" },
        ];
      }
      return [
        { paragraph: t("securityNotice.ifYou") },
        { paragraph: t("securityNotice.ifNotYou") },
        { button: t("securityNotice.notMeAction"), url: vars.notMeLink },
      ];
    };
    // Only an email change's intro names an address (the new one).
    const intro = t(`${key}.intro`, { email: vars.newEmail ?? "" });
    return {
      subject: t(`${key}.subject`),
      firstname: vars.firstname,
      blocks: [{ paragraph: intro }, ...facts, ...wayBack()],
    };
  });
}

export const securityMailTemplates = { securityNotice: securityNoticeMail } satisfies MailTemplates;
