import type { Language } from "~/i18n/config";
import { createT, type TFunction } from "~/i18n/translate";
import { resources } from "~/locales/resources";
import { absoluteLink } from "./links.server";
import type { MailNotification, MailSource, OutgoingMail } from "./outbox.server";
import { CODE_LIFETIME_MINUTES } from "~/forms/emailed-code";

/**
 * Cap's emails, in the member's language, as a text body and an inline-styled HTML body (mail
 * clients ignore style sheets). Strings live in app/locales/{fr,en}/mail.json. The layout is the
 * mail floor's; a domain whose mail needs its own words (coaching's sessions) writes its template
 * with renderMail and hands it to the sender through the table of templates (MailTemplates).
 */

/** A path such as "/account_verification?token=…" (made absolute with APP_URL) or a full URL. */
export type Link = string;

type Block = { paragraph: string } | { code: string } | { button: string; url: Link };

/** `notification`: a member's notification, whose footer carries its one-click unsubscribe link. */
export type MailContent = { subject: string; firstname: string; blocks: Block[]; notification?: MailNotification };

const BRAND = "#123c69";
const ACCENT = "#b83d19";
const MUTED = "#545e6e";
const FONT = `system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif`;

function translator(lang: Language): TFunction {
  return createT(lang, "mail", resources[lang], resources.en);
}

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

/** "Hello Marie," or, when the name is unknown, "Hello,". */
function greeting(t: TFunction, firstname: string): string {
  return firstname.trim() ? t("layout.greeting", { firstname }) : t("layout.greetingNoName");
}

function textBody(t: TFunction, content: MailContent): string {
  const blocks = content.blocks.map((block) =>
    "paragraph" in block ? block.paragraph : "code" in block ? block.code : absoluteLink(block.url),
  );
  const footer = content.notification
    ? [`--\n${t("layout.unsubscribe")}\n${absoluteLink(content.notification.unsubscribe)}`]
    : [];
  return `${[greeting(t, content.firstname), ...blocks, t("layout.signature"), ...footer].join("\n\n")}\n`;
}

function htmlBlock(t: TFunction, block: Block): string {
  if ("paragraph" in block) return `<p style="margin:0 0 16px">${escapeHtml(block.paragraph)}</p>`;
  if ("code" in block) {
    return `<p style="margin:0 0 16px;text-align:center"><span style="display:inline-block;padding:12px 24px;background:#e7eef7;border-radius:8px;color:${BRAND};font-family:ui-monospace,Menlo,Consolas,monospace;font-size:28px;font-weight:700;letter-spacing:6px">${escapeHtml(block.code)}</span></p>`;
  }
  const url = escapeHtml(absoluteLink(block.url));
  return (
    `<p style="margin:24px 0;text-align:center"><a href="${url}" style="display:inline-block;padding:12px 28px;background:${ACCENT};border-radius:999px;color:#ffffff;font-weight:600;text-decoration:none">${escapeHtml(block.button)}</a></p>` +
    `<p style="margin:0 0 16px;font-size:14px;color:${MUTED}">${escapeHtml(t("layout.linkFallback"))}<br><a href="${url}" style="color:${BRAND};word-break:break-all">${url}</a></p>`
  );
}

function unsubscribeFooter(t: TFunction, content: MailContent): string {
  if (!content.notification) return "";
  const url = escapeHtml(absoluteLink(content.notification.unsubscribe));
  return `<br><a href="${url}" style="color:${MUTED}">${escapeHtml(t("layout.unsubscribe"))}</a>`;
}

function htmlBody(t: TFunction, lang: Language, content: MailContent): string {
  return `<!doctype html>
<html lang="${lang}">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="color-scheme" content="light"><title>${escapeHtml(content.subject)}</title></head>
<body style="margin:0;padding:0;background:#f5f7fa">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:#f5f7fa;padding:24px 12px">
<tr><td align="center">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:560px;background:#ffffff;border:1px solid #d5dbe4;border-radius:12px;font-family:${FONT};font-size:16px;line-height:1.55;color:#1d2430">
<tr><td style="background:${BRAND};border-radius:12px 12px 0 0;padding:20px 32px;color:#ffffff;font-size:22px;font-weight:800">Cap</td></tr>
<tr><td style="padding:32px">
<p style="margin:0 0 16px">${escapeHtml(greeting(t, content.firstname))}</p>
${content.blocks.map((block) => htmlBlock(t, block)).join("\n")}
<p style="margin:24px 0 0;font-weight:600;color:${BRAND}">${escapeHtml(t("layout.signature"))}</p>
</td></tr>
<tr><td style="border-top:1px solid #d5dbe4;padding:16px 32px;font-size:13px;color:${MUTED}">${escapeHtml(t("layout.footer"))}${unsubscribeFooter(t, content)}</td></tr>
</table>
</td></tr>
</table>
</body>
</html>
`;
}

/** A message in the layout, with what it was rendered from (so that the sender can render it again). */
export function renderMail(
  source: MailSource,
  to: string,
  build: (t: TFunction) => MailContent,
): OutgoingMail & { source: MailSource } {
  const t = translator(source.lang);
  const content = build(t);
  return {
    to,
    subject: content.subject,
    text: textBody(t, content),
    html: htmlBody(t, source.lang, content),
    source,
    ...(content.notification ? { notification: content.notification } : {}),
  };
}

/** After registration or an email change: the code to type, or a one-click link. */
export function verificationMail(lang: Language, to: string, vars: { firstname: string; code: string; link: Link }) {
  return renderMail({ template: "verification", vars, lang }, to, (t) => ({
    subject: t("verification.subject"),
    firstname: vars.firstname,
    blocks: [
      { paragraph: t("verification.intro") },
      { code: vars.code },
      { paragraph: t("verification.validity", { minutes: CODE_LIFETIME_MINUTES }) },
      { paragraph: t("verification.linkIntro") },
      { button: t("verification.action"), url: vars.link },
      { paragraph: t("verification.ignore") },
    ],
  }));
}

/** A password reset was asked for: the code, or a link to choose a new password. */
export function recoveryMail(lang: Language, to: string, vars: { firstname: string; code: string; link: Link }) {
  return renderMail({ template: "recovery", vars, lang }, to, (t) => ({
    subject: t("recovery.subject"),
    firstname: vars.firstname,
    blocks: [
      { paragraph: t("recovery.intro") },
      { code: vars.code },
      { paragraph: t("recovery.validity", { minutes: CODE_LIFETIME_MINUTES }) },
      { paragraph: t("recovery.linkIntro") },
      { button: t("recovery.action"), url: vars.link },
      { paragraph: t("recovery.ignore") },
    ],
  }));
}

/** Once the address is confirmed: a welcome and the way to the first training. */
export function welcomeMail(lang: Language, to: string, vars: { firstname: string; link: Link }) {
  return renderMail({ template: "welcome", vars, lang }, to, (t) => ({
    subject: t("welcome.subject"),
    firstname: vars.firstname,
    blocks: [
      { paragraph: t("welcome.intro") },
      { paragraph: t("welcome.linkIntro") },
      { button: t("welcome.action"), url: vars.link },
      { paragraph: t("welcome.closing") },
    ],
  }));
}

/** A member added the recipient to their crew: the link to join Cap through the invitation. */
export function crewInvitationMail(lang: Language, to: string, vars: { inviterName: string; link: Link }) {
  return renderMail({ template: "crewInvitation", vars, lang }, to, (t) => ({
    // Fixed words: nothing a member typed goes into a Subject line or the greeting (both read as
    // Cap's own); the name the inviter gave this person is theirs, so the greeting names nobody.
    subject: t("crewInvitation.subject"),
    firstname: "",
    blocks: [
      { paragraph: t("crewInvitation.intro", { inviterName: vars.inviterName }) },
      { paragraph: t("crewInvitation.linkIntro") },
      { button: t("crewInvitation.action"), url: vars.link },
      { paragraph: t("crewInvitation.ignore") },
    ],
  }));
}

/** A 360 survey: the recipient's private link, answered once, without an account. */
export function surveyRequestMail(
  lang: Language,
  to: string,
  vars: { firstname: string; memberName: string; link: Link },
) {
  return renderMail({ template: "surveyRequest", vars, lang }, to, (t) => ({
    subject: t("surveyRequest.subject"),
    firstname: vars.firstname,
    blocks: [
      { paragraph: t("surveyRequest.intro", { memberName: vars.memberName }) },
      { paragraph: t("surveyRequest.anonymous") },
      { button: t("surveyRequest.action"), url: vars.link },
      { paragraph: t("surveyRequest.private") },
    ],
  }));
}

/** An email change asked for on /profile: the code, sent to the NEW address. */
export function emailChangeMail(lang: Language, to: string, vars: { firstname: string; code: string; link: Link }) {
  return renderMail({ template: "emailChange", vars, lang }, to, (t) => ({
    subject: t("emailChange.subject"),
    firstname: vars.firstname,
    blocks: [
      { paragraph: t("emailChange.intro") },
      { code: vars.code },
      { paragraph: t("emailChange.validity", { minutes: CODE_LIFETIME_MINUTES }) },
      { paragraph: t("emailChange.linkIntro") },
      { button: t("emailChange.action"), url: vars.link },
      { paragraph: t("emailChange.ignore") },
    ],
  }));
}

/** A template: what a queued message is rendered from again, given its recipient's language. */
export type MailTemplate = (lang: Language, to: string, vars: never) => OutgoingMail;
export type MailTemplates = Record<string, MailTemplate>;

/** The mail floor's own templates by name (the names stored with each queued message). */
export const mailTemplates = {
  verification: verificationMail,
  recovery: recoveryMail,
  welcome: welcomeMail,
  crewInvitation: crewInvitationMail,
  surveyRequest: surveyRequestMail,
  emailChange: emailChangeMail,
} satisfies MailTemplates;
