import { randomBytes } from "node:crypto";
import { hostname } from "node:os";
import { and, eq, inArray, lte, type SQL, sql } from "drizzle-orm";
import nodemailer from "nodemailer";
import { type Dkim, env } from "~/.server/config/env.server";
import { db } from "~/.server/db/client.server";
import { isDatabaseUnavailable } from "~/.server/db/errors.server";
import { mailOutbox } from "~/.server/db/schema.server";
import { logger } from "~/.server/observability/logger.server";
import { scrapedGauge } from "~/.server/observability/metrics.server";
import { withoutQueryParameters } from "~/observability/reporting-options";
import { inRecipientLanguage, type MailRendering } from "./recipient-language.server";

/**
 * The outbox's background sender (ARCHITECTURE.md, "Email"). Every instance of the app runs one.
 * Each message is leased on its own, just before it is sent: its row turns `sending` with an owner
 * (this process and a random tag) until `next_attempt_at`, and the owner renews that lease every
 * third of it while the send lasts. Only the owner sends it and marks it sent or failed, so two
 * workers never send one message however slow the mail server is; a message whose sender died is
 * taken over once the lease runs out (a minute by default, MAIL_LEASE_MS). A resent message
 * carries the same Message-ID (from its outbox row), so a mail client shows it once.
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
    /** A notification's one-click unsubscribe (RFC 8058); none on a transactional message. */
    headers?: Record<string, string>;
  }): Promise<unknown>;
};

const INTERVAL_MS = 2_000;
const BATCH_SIZE = 10;
// A lease is renewed while its send lasts, but not forever: a send stuck this long (the SMTP
// timeouts below end a real one sooner) lets another sender take the message over.
const MAX_HOLD_MS = 10 * 60_000;
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
  const { SMTP_URL, DKIM } = env();
  configured ??= SMTP_URL ? smtpTransport(SMTP_URL, DKIM) : logTransport;
  return configured;
}

/** The SMTP relay at `url`, each message signed with `dkim` when given (nodemailer signs as it sends). */
export function smtpTransport(url: string, dkim?: Dkim): MailTransport {
  return nodemailer.createTransport({
    url,
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 30_000,
    ...(dkim ? { dkim } : {}),
  });
}

/** One Message-ID per outbox row: a message sent twice (a sender killed mid-send) is the same message. */
export function messageIdOf(outboxId: string): string {
  return `<${outboxId}@${new URL(env().APP_URL).hostname}>`;
}

/**
 * A notification's unsubscribe headers (RFC 2369 and RFC 8058): a mail client offers its own
 * "unsubscribe" button, which POSTs `List-Unsubscribe=One-Click` to the link, no page needed.
 */
export function unsubscribeHeaders(url: string): Record<string, string> {
  return { "List-Unsubscribe": `<${url}>`, "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" };
}

/** The wait before the next try after `attempts` failures: 15 s, 30 s, 1 min… at most 1 h. */
export function retryDelayMs(attempts: number): number {
  return Math.min(FIRST_RETRY_MS * 2 ** (attempts - 1), MAX_RETRY_MS);
}

/** An error as stored and logged: one line, no SMTP credentials, no failed query's values. */
function errorText(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  return withoutQueryParameters(message)
    .replace(/\/\/[^\s/@]*@/g, "//***@")
    .replace(/\s+/g, " ")
    .slice(0, 500);
}

/** A lease's owner: this process, and a random tag so that each lease is told apart. */
function leaseOwner(): string {
  return `${hostname().slice(0, 64)}:${process.pid}:${randomBytes(8).toString("hex")}`;
}

/** Whether `owner` still holds the lease on message `id`, renewing it until `until` if so. */
async function renewLease(id: string, owner: string, until: Date | SQL): Promise<boolean> {
  const renewed = await db()
    .update(mailOutbox)
    .set({ nextAttemptAt: until })
    .where(and(eq(mailOutbox.id, id), eq(mailOutbox.leaseOwner, owner), eq(mailOutbox.status, "sending")))
    .returning({ id: mailOutbox.id });
  return renewed.length === 1;
}

/** Renews a lease every third of it until stopped, the lease lost, or MAX_HOLD_MS passed. */
function keepLease(id: string, owner: string, leaseUntil: () => Date | SQL, leaseMs: number) {
  const started = Date.now();
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  const tick = async () => {
    if (stopped || Date.now() - started > MAX_HOLD_MS) return;
    // A failed renewal (the database away) is tried again next time; a lost lease ends the renewals.
    const held = await renewLease(id, owner, leaseUntil()).catch(() => true);
    if (held && !stopped) schedule();
  };
  const schedule = () => {
    timer = setTimeout(tick, Math.floor(leaseMs / 3));
    timer.unref();
  };
  schedule();
  return () => {
    stopped = true;
    clearTimeout(timer);
  };
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
  const leaseMs = env().MAIL_LEASE_MS;
  // Due by the database's clock, which stamped the rows (in microseconds): a message queued in the
  // same millisecond as this pass is not left for the next one. Leases run on the same clock.
  const dueBy = options.now ?? sql`now()`;
  const leaseUntil = () =>
    options.now ? new Date(options.now.getTime() + leaseMs) : sql`now() + ${leaseMs}::int * interval '1 millisecond'`;

  const counts = { sent: 0, failed: 0 };
  for (let claimed = 0; claimed < BATCH_SIZE; claimed++) {
    const owner = leaseOwner();
    // One message at a time, leased just before it is sent. A CTE, not an IN (subquery):
    // PostgreSQL runs a locking CTE exactly once, so each due row is claimed by one sender.
    const due = db()
      .$with("due")
      .as(
        db()
          .select({ id: mailOutbox.id })
          .from(mailOutbox)
          .where(and(inArray(mailOutbox.status, ["pending", "sending"]), lte(mailOutbox.nextAttemptAt, dueBy)))
          .orderBy(mailOutbox.createdAt)
          .limit(1)
          .for("update", { skipLocked: true }),
      );
    const [mail] = await db()
      .with(due)
      .update(mailOutbox)
      .set({ status: "sending", leaseOwner: owner, nextAttemptAt: leaseUntil() })
      .where(inArray(mailOutbox.id, db().select({ id: due.id }).from(due)))
      .returning();
    if (!mail) break;

    const stopRenewing = keepLease(mail.id, owner, leaseUntil, leaseMs);
    try {
      // A notification its member switched off since it was queued (a session's reminder) is dropped.
      if (
        mail.memberId &&
        mail.notificationKind &&
        !(await rendering.stillWanted(mail.memberId, mail.notificationKind))
      ) {
        await db()
          .delete(mailOutbox)
          .where(and(eq(mailOutbox.id, mail.id), eq(mailOutbox.leaseOwner, owner), eq(mailOutbox.status, "sending")));
        continue;
      }
      const { subject, text, html } = await inRecipientLanguage(mail, now, rendering);
      // Still ours after rendering: a sender that lost its lease does not send.
      if (!(await renewLease(mail.id, owner, leaseUntil()))) {
        logger.warn(`[mail] ${mail.id} was taken over by another sender before it went: not sent here`);
        continue;
      }
      await transport.sendMail({
        messageId: messageIdOf(mail.id),
        from: env().MAIL_FROM,
        to: mail.to,
        subject,
        text,
        html,
        attachments: mail.attachments,
        ...(mail.unsubscribeUrl ? { headers: unsubscribeHeaders(mail.unsubscribeUrl) } : {}),
      });
      stopRenewing();
      const marked = await db()
        .update(mailOutbox)
        .set({ status: "sent", sentAt: new Date(), lastError: null })
        .where(and(eq(mailOutbox.id, mail.id), eq(mailOutbox.leaseOwner, owner), eq(mailOutbox.status, "sending")))
        .returning({ id: mailOutbox.id });
      if (marked.length === 1) counts.sent++;
      else logger.warn(`[mail] ${mail.id} was sent after another sender took it over: its owner marks it`);
    } catch (error) {
      stopRenewing();
      const attempts = mail.attempts + 1;
      const nextAttemptAt = new Date(now.getTime() + retryDelayMs(attempts));
      const lastError = errorText(error);
      const released = await db()
        .update(mailOutbox)
        .set({ status: "pending", attempts, lastError, nextAttemptAt })
        .where(and(eq(mailOutbox.id, mail.id), eq(mailOutbox.leaseOwner, owner), eq(mailOutbox.status, "sending")))
        .returning({ id: mailOutbox.id });
      logger.warn(
        released.length === 1
          ? `[mail] delivery of ${mail.id} failed (attempt ${attempts}), retrying at ${nextAttemptAt.toISOString()}: ${lastError}`
          : `[mail] delivery of ${mail.id} failed after another sender took it over: ${lastError}`,
      );
      counts.failed++;
    } finally {
      stopRenewing();
    }
  }
  return counts;
}

type Loop = { rendering: MailRendering; timer?: NodeJS.Timeout; tick?: Promise<void> };
let loop: Loop | undefined;

/** Starts delivering due mail every 2 s in the background (does not keep the process alive). */
/** The outbox as Prometheus reads it: what is still to send, and how long the oldest has waited. */
function outboxGauges() {
  const backlog = async () => {
    const [row] = await db()
      .select({
        count: sql<number>`count(*)::int`,
        oldest: sql<number | null>`extract(epoch from now() - min(${mailOutbox.createdAt}))::float8`,
      })
      .from(mailOutbox)
      .where(inArray(mailOutbox.status, ["pending", "sending"]));
    return row;
  };
  scrapedGauge({
    name: "cap_mail_outbox_backlog",
    help: "Messages in the outbox not sent yet (pending, or being sent).",
    aggregator: "max",
    read: async () => (await backlog()).count,
  });
  scrapedGauge({
    name: "cap_mail_outbox_oldest_age_seconds",
    help: "How long the oldest message not sent yet has waited in the outbox (0 when none waits).",
    aggregator: "max",
    read: async () => (await backlog()).oldest ?? 0,
  });
}

export function startMailSender(rendering: MailRendering) {
  if (loop) return;
  outboxGauges();
  const state: Loop = { rendering };
  loop = state;
  const schedule = () => {
    state.timer = setTimeout(run, INTERVAL_MS);
    state.timer.unref();
  };
  const run = async () => {
    state.tick = deliverDueMail(rendering).then(
      () => undefined,
      // The database away is a passing outage: the mail waits in the outbox for the next round.
      (error) =>
        isDatabaseUnavailable(error)
          ? logger.warn("[mail] the sender waits: the database is unavailable")
          : logger.error(`[mail] the sender failed: ${errorText(error)}`),
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
    logger.error(`[mail] the last delivery failed: ${errorText(error)}`),
  );
}
