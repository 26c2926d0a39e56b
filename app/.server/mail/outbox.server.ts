import { desc } from "drizzle-orm";
import { db, type Executor } from "~/.server/db/client.server";
import { mailOutbox, type MailAttachment } from "~/.server/db/schema.server";

export type { MailAttachment };

/** A message ready to queue: what the templates render. */
export type OutgoingMail = { to: string; subject: string; text: string; html: string; attachments?: MailAttachment[] };

/**
 * Queues a message for the background sender and returns its id. Pass the caller's transaction so
 * that the message exists if and only if the change that caused it is committed.
 */
export async function queueMail(executor: Executor, message: OutgoingMail): Promise<string> {
  const [row] = await executor
    .insert(mailOutbox)
    .values({ ...message, attachments: message.attachments ?? [] })
    .returning({ id: mailOutbox.id });
  return row.id;
}

/** The latest messages, newest first (the development mailbox). */
export function recentMail(limit: number) {
  return db().select().from(mailOutbox).orderBy(desc(mailOutbox.createdAt)).limit(limit);
}
