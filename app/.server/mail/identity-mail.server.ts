import { and, eq, gt, like } from "drizzle-orm";
import { env } from "~/.server/config/env.server";
import type { Executor } from "~/.server/db/client.server";
import { appUsers, mailOutbox } from "~/.server/db/schema.server";
import { CODE_LIFETIME_MS } from "~/forms/emailed-code";
import { isLanguage, type Language } from "~/i18n/config";
import { queueMail } from "./outbox.server";
import { recoveryMail, verificationMail } from "./templates.server";

/**
 * The identity service's emails (a code to verify an address, a code to recover an account),
 * rendered in Cap's templates and queued in Cap's outbox whichever adapter asked: the embedded
 * one in its own transaction, Kratos's courier through /hooks/ory/courier.
 */
export type IdentityMail = {
  kind: "verification" | "recovery";
  to: string;
  code: string;
  /** The flow whose page takes the code (the embedded store's code id, or Kratos's flow id). */
  flowId: string;
  /** The verification link's secret: the embedded store's link token, or Kratos's code itself. */
  linkSecret?: string;
  identityId: string | null;
  /** What the flow carried, for when no member record says it (yet: registration's first mail). */
  lang: Language;
  firstname: string;
};

/** Queues the mail in the member's saved language (the flow's until a member record exists). */
export async function queueIdentityMail(tx: Executor, mail: IdentityMail): Promise<void> {
  const to = mail.to.trim().toLowerCase();
  const [member] = mail.identityId
    ? await tx
        .select({ lang: appUsers.lang, firstname: appUsers.firstname })
        .from(appUsers)
        .where(eq(appUsers.identityId, mail.identityId))
    : [];
  const lang = isLanguage(member?.lang) ? member.lang : mail.lang;
  const firstname = member?.firstname ?? mail.firstname;
  const message =
    mail.kind === "verification"
      ? verificationMail(lang, to, { firstname, code: mail.code, link: verificationLink(mail.flowId, mail.linkSecret) })
      : recoveryMail(lang, to, { firstname, code: mail.code, link: recoveryLink(mail.flowId) });
  await queueMail(tx, message);
}

/**
 * Whether a mail carrying `code` went to `to` within a code's lifetime: a courier that delivers the
 * same message again (our answer was lost) must not mail it twice. `code` is digits only.
 */
export async function codeMailQueued(tx: Executor, to: string, code: string): Promise<boolean> {
  const since = new Date(Date.now() - CODE_LIFETIME_MS);
  const [row] = await tx
    .select({ id: mailOutbox.id })
    .from(mailOutbox)
    .where(
      and(
        eq(mailOutbox.to, to.trim().toLowerCase()),
        gt(mailOutbox.createdAt, since),
        like(mailOutbox.text, `%\n${code}\n%`),
      ),
    )
    .limit(1);
  return Boolean(row);
}

/** The one-click verification link (absolute, on APP_URL); without a secret, the page that takes the code. */
export function verificationLink(flowId: string, secret?: string) {
  const url = new URL("/account_verification", env().APP_URL);
  if (secret) {
    url.searchParams.set("code_id", flowId);
    url.searchParams.set("token", secret);
  }
  return url.toString();
}

export function recoveryLink(flowId: string) {
  return new URL(`/home/new-password-${flowId}`, env().APP_URL).toString();
}
