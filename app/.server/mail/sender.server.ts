import { and, eq, inArray, lte, sql } from "drizzle-orm";
import nodemailer from "nodemailer";
import { env } from "~/.server/config/env.server";
import { db } from "~/.server/db/client.server";
import { mailOutbox } from "~/.server/db/schema.server";
import { inRecipientLanguage, type MailRendering } from "./recipient-language.server";

/**
 * The outbox's background sender (ARCHITECTURE.md, "Email"). Every instance of the app runs one;
 * a row is claimed by pushing its next_attempt_at forward (a lease), so two instances never send
 * the same message, and a message whose sender died is retried once the lease runs out: a minute
 * at most, since the lease is short and renewed before each message. A resent message carries the
 * same Message-ID (from its outbox row), so a mail client shows it once.
 */

/** What delivers a message: a nodemailer transport, or the log when no SMTP_URL is set. */
export type MailTransport = {
  sendMail(message: {
    from: string;
    to: string;
    subject: string;
    text: string;
    html: string;
    messageId: string;
    attachments: { filename: string; contentType: string; content: string }[];
  }): Promise<unknown>;
};

const INTERVAL_MS = 2_000;
const BATCH_SIZE = 10;
// Longer than one message can take with the SMTP timeouts below (10 + 10 + 30 s); renewed per message.
const LEASE_MS = 60_000;
const FIRST_RETRY_MS = 15_000;
const MAX_RETRY_MS = 60 * 60_000;

/** Prints each message, links and codes included, so mail is readable without a mail server. */
export const logTransport: MailTransport = {
  async sendMail(message) {
    console.log(`[mail] To: ${message.to}\n[mail] Subject: ${message.subject}\n\n${message.text}\n`);
  },
};

let configured: MailTransport | undefined;

function configuredTransport(): MailTransport {
  const url = env().SMTP_URL;
  configured ??= url
    ? nodemailer.createTransport({ url, connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000 })
    : logTransport;
  return configured;
}

/** One Message-ID per outbox row: a message sent twice (a sender killed mid-send) is the same message. */
export function messageIdOf(outboxId: string): string {
  return `<${outboxId}@${new URL(env().APP_URL).hostname}>`;
}

/** The wait before the next try after `attempts` failures: 15 s, 30 s, 1 min… at most 1 h. */
export function retryDelayMs(attempts: number): number {
  return Math.min(FIRST_RETRY_MS * 2 ** (attempts - 1), MAX_RETRY_MS);
}

/** An error as stored and logged: one line, no SMTP credentials. */
function errorText(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  return message
    .replace(/\/\/[^\s/@]*@/g, "//***@")
    .replace(/\s+/g, " ")
    .slice(0, 500);
}

/**
 * Delivers the pending messages that are due, oldest first, once, each in its recipient's current
 * language (`rendering`). `transport` defaults to the configured one; `now` lets tests move the clock.
 */
export async function deliverDueMail(
  rendering: MailRendering,
  options: { transport?: MailTransport; now?: Date } = {},
) {
  const transport = options.transport ?? configuredTransport();
  const now = options.now ?? new Date();
  // Due by the database's clock, which stamped the rows (in microseconds): a message queued in the
  // same millisecond as this pass is not left for the next one.
  const dueBy = options.now ?? sql`now()`;
  // A CTE, not an IN (subquery): PostgreSQL runs a locking CTE exactly once, so each due row is
  // claimed by one sender, whatever the plan.
  const due = db()
    .$with("due")
    .as(
      db()
        .select({ id: mailOutbox.id })
        .from(mailOutbox)
        .where(and(eq(mailOutbox.status, "pending"), lte(mailOutbox.nextAttemptAt, dueBy)))
        .orderBy(mailOutbox.createdAt)
        .limit(BATCH_SIZE)
        .for("update", { skipLocked: true }),
    );
  const claimed = await db()
    .with(due)
    .update(mailOutbox)
    .set({ nextAttemptAt: new Date(now.getTime() + LEASE_MS) })
    .where(inArray(mailOutbox.id, db().select({ id: due.id }).from(due)))
    .returning();
  claimed.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());

  const counts = { sent: 0, failed: 0 };
  for (const mail of claimed) {
    try {
      // The batch's lease covers the first message; each next one renews its own.
      await db()
        .update(mailOutbox)
        .set({ nextAttemptAt: new Date(Date.now() + LEASE_MS) })
        .where(eq(mailOutbox.id, mail.id));
      const { subject, text, html } = await inRecipientLanguage(mail, now, rendering);
      await transport.sendMail({
        messageId: messageIdOf(mail.id),
        from: env().MAIL_FROM,
        to: mail.to,
        subject,
        text,
        html,
        attachments: mail.attachments,
      });
      await db()
        .update(mailOutbox)
        .set({ status: "sent", sentAt: new Date(), lastError: null })
        .where(eq(mailOutbox.id, mail.id));
      counts.sent++;
    } catch (error) {
      const attempts = mail.attempts + 1;
      const nextAttemptAt = new Date(now.getTime() + retryDelayMs(attempts));
      const lastError = errorText(error);
      await db().update(mailOutbox).set({ attempts, lastError, nextAttemptAt }).where(eq(mailOutbox.id, mail.id));
      console.error(
        `[mail] delivery of ${mail.id} failed (attempt ${attempts}), retrying at ${nextAttemptAt.toISOString()}: ${lastError}`,
      );
      counts.failed++;
    }
  }
  return counts;
}

type Loop = { rendering: MailRendering; timer?: NodeJS.Timeout; tick?: Promise<void> };
let loop: Loop | undefined;

/** Starts delivering due mail every 2 s in the background (does not keep the process alive). */
export function startMailSender(rendering: MailRendering) {
  if (loop) return;
  const state: Loop = { rendering };
  loop = state;
  const schedule = () => {
    state.timer = setTimeout(run, INTERVAL_MS);
    state.timer.unref();
  };
  const run = async () => {
    state.tick = deliverDueMail(rendering).then(
      () => undefined,
      (error) => console.error(`[mail] the sender failed: ${errorText(error)}`),
    );
    await state.tick;
    if (loop === state) schedule();
  };
  schedule();
}

/** Stops the loop, waits for a delivery in progress, then delivers what is due one last time. */
export async function stopMailSender() {
  const state = loop;
  if (!state) return;
  loop = undefined;
  clearTimeout(state.timer);
  await state.tick;
  await deliverDueMail(state.rendering).catch((error) =>
    console.error(`[mail] the last delivery failed: ${errorText(error)}`),
  );
}
