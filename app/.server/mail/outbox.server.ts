import { and, desc, eq } from "drizzle-orm";
import { db, type Executor } from "~/.server/db/client.server";
import { mailOutbox, type MailAttachment } from "~/.server/db/schema.server";
import type { Language } from "~/i18n/config";
import { absoluteLink } from "./links.server";

export type { MailAttachment };

/**
 * What a message is rendered from: kept with it, so the sender can render it again in another
 * language. `template` names an entry of the sender's table of templates (MailTemplates).
 */
export type MailSource = { template: string; vars: Record<string, unknown>; lang: Language };

/**
 * A member's notification (a reminder, the weekly digest), as opposed to a transactional message:
 * whose it is, its kind (the member's switch, asked again when it goes), and its one-click
 * unsubscribe link (a path, made absolute with APP_URL), shown in its footer and its headers.
 */
export type MailNotification = { memberId: string; kind: string; unsubscribe: string };

/** A message ready to queue: what the templates render, and what they rendered it from. */
export type OutgoingMail = {
  to: string;
  subject: string;
  text: string;
  html: string;
  attachments?: MailAttachment[];
  source?: MailSource;
  notification?: MailNotification;
};

/**
 * Queues a message for the background sender and returns its id. Pass the caller's transaction so
 * that the message exists if and only if the change that caused it is committed. `sendAt` holds
 * it back until then (a reminder); by default it goes at once.
 */
export async function queueMail(
  executor: Executor,
  message: OutgoingMail,
  options: { sendAt?: Date } = {},
): Promise<string> {
  const { source, notification, ...rendered } = message;
  const [row] = await executor
    .insert(mailOutbox)
    .values({
      ...rendered,
      attachments: message.attachments ?? [],
      template: source?.template ?? null,
      vars: source?.vars ?? null,
      lang: source?.lang ?? null,
      memberId: notification?.memberId ?? null,
      notificationKind: notification?.kind ?? null,
      unsubscribeUrl: notification ? absoluteLink(notification.unsubscribe) : null,
      ...(options.sendAt ? { nextAttemptAt: options.sendAt } : {}),
    })
    .returning({ id: mailOutbox.id });
  return row.id;
}

/** Withdraws a message not sent yet (a reminder for a session that moved or was cancelled). */
export async function withdrawMail(executor: Executor, id: string) {
  await executor.delete(mailOutbox).where(and(eq(mailOutbox.id, id), eq(mailOutbox.status, "pending")));
}

/** The latest messages, newest first (the development mailbox). */
export function recentMail(limit: number) {
  return db().select().from(mailOutbox).orderBy(desc(mailOutbox.createdAt)).limit(limit);
}
