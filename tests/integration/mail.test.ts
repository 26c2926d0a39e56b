import { createServer, type AddressInfo } from "node:net";
import { eq } from "drizzle-orm";
import nodemailer from "nodemailer";
import { afterEach, describe, expect, it, vi } from "vitest";
import { env } from "~/.server/config/env.server";
import { db } from "~/.server/db/client.server";
import { mailOutbox } from "~/.server/db/schema.server";
import { logger } from "~/.server/observability/logger.server";
import { queueMail } from "~/.server/mail/outbox.server";
import { mailRendering } from "~/.server/runtime/mail-rendering.server";
import { deliverDueMail } from "~/.server/mail/sender.server";
import { recoveryMail, verificationMail, welcomeMail } from "~/.server/mail/templates.server";
import { loader as mailboxLoader } from "~/routes/dev.mailbox";
import { buildRequest, call, dataOf, statusOf } from "../support/http";
import { startSmtp as startSmtpServer } from "../support/smtp";

const servers: { close(): Promise<void> }[] = [];

async function startSmtp(port = 0) {
  const smtp = await startSmtpServer(port);
  servers.push(smtp);
  return smtp;
}

/** A port nothing listens on (yet). */
async function freePort(): Promise<number> {
  const probe = createServer().listen(0, "127.0.0.1");
  await new Promise((resolve) => probe.once("listening", resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

const smtpTransport = (port: number) => nodemailer.createTransport(`smtp://127.0.0.1:${port}`);

/** The decoded text/plain part of a raw message (nodemailer uses quoted-printable for long lines). */
function textPart(raw: string): string {
  const part = raw.split(/\r\n--/).find((chunk) => /Content-Type: text\/plain/i.test(chunk)) ?? "";
  const body = part.slice(part.indexOf("\r\n\r\n") + 4);
  const bytes = body.replace(/=\r\n/g, "").replace(/=([0-9A-F]{2})/g, (_, hex: string) => `%${hex}`);
  return decodeURIComponent(bytes.replace(/%(?![0-9A-F]{2})/g, "%25"));
}

async function row(id: string) {
  const [mail] = await db().select().from(mailOutbox).where(eq(mailOutbox.id, id));
  return mail;
}

afterEach(async () => {
  vi.restoreAllMocks();
  await Promise.all(servers.splice(0).map((server) => server.close()));
});

const vars = { firstname: "Marie", code: "482913", link: "/account_verification?token=abc" };

describe("mail delivery", () => {
  it("delivers a queued message over SMTP", async () => {
    const smtp = await startSmtp();
    const id = await queueMail(db(), verificationMail("en", "marie@example.com", vars));

    expect(await deliverDueMail(mailRendering, { transport: smtpTransport(smtp.port) })).toEqual({
      sent: 1,
      failed: 0,
    });

    expect(smtp.received).toHaveLength(1);
    const [message] = smtp.received;
    expect(message.to).toEqual(["marie@example.com"]);
    expect(message.raw).toMatch(/^Subject: Your Cap confirmation code\r$/m);
    expect(message.raw).toMatch(/^To: marie@example\.com\r$/m);
    expect(message.raw).toContain(`From: ${env().MAIL_FROM}`);
    expect(textPart(message.raw)).toContain("482913");
    expect(textPart(message.raw)).toContain(`${env().APP_URL}/account_verification?token=abc`);
    const sent = await row(id);
    expect(sent.status).toBe("sent");
    expect(sent.sentAt).toBeInstanceOf(Date);
    expect(await deliverDueMail(mailRendering, { transport: smtpTransport(smtp.port) })).toEqual({
      sent: 0,
      failed: 0,
    });
  });

  it("keeps a message while the mail server is down, then delivers it exactly once", async () => {
    const errors = vi.spyOn(logger, "warn");
    const port = await freePort();
    const transport = smtpTransport(port);
    const id = await queueMail(db(), verificationMail("fr", "marie@example.com", vars));

    const before = Date.now();
    expect(await deliverDueMail(mailRendering, { transport })).toEqual({ sent: 0, failed: 1 });
    const failed = await row(id);
    expect(failed.status).toBe("pending");
    expect(failed.attempts).toBe(1);
    expect(failed.lastError).toMatch(/ECONNREFUSED/);
    expect(failed.nextAttemptAt.getTime()).toBeGreaterThanOrEqual(before + 15_000);
    expect(errors).toHaveBeenCalledWith(expect.stringContaining(id));

    const smtp = await startSmtp(port);
    // Not due yet: the backoff holds it back.
    expect(await deliverDueMail(mailRendering, { transport })).toEqual({ sent: 0, failed: 0 });
    const later = new Date(failed.nextAttemptAt.getTime() + 1);
    expect(await deliverDueMail(mailRendering, { transport, now: later })).toEqual({ sent: 1, failed: 0 });
    expect(await deliverDueMail(mailRendering, { transport, now: later })).toEqual({ sent: 0, failed: 0 });

    expect(smtp.received).toHaveLength(1);
    expect(textPart(smtp.received[0].raw)).toContain("482913");
    expect((await row(id)).status).toBe("sent");
  });

  it("a sender killed mid-batch: its messages go out within a minute, the one it was sending with the same Message-ID", async () => {
    const smtp = await startSmtp();
    const ids = [];
    for (const name of ["Ana", "Bruno", "Chloé"])
      ids.push(
        await queueMail(
          db(),
          verificationMail("fr", `${name.toLowerCase()}@example.com`, { ...vars, firstname: name }),
        ),
      );
    // The first sender delivers one message, then hangs on the second: as good as killed.
    const seen: string[] = [];
    const dying = {
      async sendMail(message: { messageId: string }) {
        seen.push(message.messageId);
        if (seen.length === 1) return smtpTransport(smtp.port).sendMail(message as never);
        return new Promise(() => undefined);
      },
    };
    void deliverDueMail(mailRendering, { transport: dying as never });
    await vi.waitFor(() => expect(seen).toHaveLength(2));

    const aMinuteLater = new Date(Date.now() + 61_000);
    expect(await deliverDueMail(mailRendering, { transport: smtpTransport(smtp.port), now: aMinuteLater })).toEqual({
      sent: 2,
      failed: 0,
    });
    expect(smtp.received).toHaveLength(3);
    const resent = smtp.received.find((message) => message.raw.includes(seen[1]));
    expect(resent, "the interrupted message goes out under its first Message-ID").toBeDefined();
    // Each Message-ID comes from its outbox row (the three were queued together: any may be second).
    const messageIds = ids.map((id) => `<${id}@${new URL(env().APP_URL).hostname}>`);
    expect(messageIds).toContain(seen[1]);
    expect(seen[1]).not.toBe(seen[0]);
  });

  it("backs off exponentially, at most an hour", async () => {
    vi.spyOn(logger, "warn");
    const transport = smtpTransport(await freePort());
    const id = await queueMail(
      db(),
      welcomeMail("fr", "marie@example.com", { firstname: "Marie", link: "/trainings" }),
    );
    const delays: number[] = [];
    // Past the row's due time by the database's clock, which keeps microseconds: a Date taken in
    // the same millisecond as the queueing would come before it, and find nothing due.
    let now = new Date((await row(id)).nextAttemptAt.getTime() + 1);
    for (let attempt = 0; attempt < 10; attempt++) {
      await deliverDueMail(mailRendering, { transport, now });
      const next = (await row(id)).nextAttemptAt;
      delays.push((next.getTime() - now.getTime()) / 1000);
      now = next;
    }
    expect(delays).toEqual([15, 30, 60, 120, 240, 480, 960, 1920, 3600, 3600]);
    expect((await row(id)).attempts).toBe(10);
  });

  it("delivers each message once when two senders run at the same time", async () => {
    const smtp = await startSmtp();
    const transport = smtpTransport(smtp.port);
    for (const firstname of ["Ana", "Ben", "Chloe"]) {
      await queueMail(
        db(),
        welcomeMail("fr", `${firstname.toLowerCase()}@example.com`, { firstname, link: "/trainings" }),
      );
    }
    const results = await Promise.all([
      deliverDueMail(mailRendering, { transport }),
      deliverDueMail(mailRendering, { transport }),
    ]);
    expect(results[0].sent + results[1].sent).toBe(3);
    expect(smtp.received.map((message) => message.to[0]).sort()).toEqual([
      "ana@example.com",
      "ben@example.com",
      "chloe@example.com",
    ]);
  });

  it("a sender whose lease was taken over neither marks the message sent nor records a failure on it", async () => {
    const errors = vi.spyOn(logger, "warn");
    const smtp = await startSmtp();
    const [first, second] = [
      await queueMail(db(), welcomeMail("fr", "ana@example.com", { firstname: "Ana", link: "/trainings" })),
      await queueMail(db(), welcomeMail("fr", "ben@example.com", { firstname: "Ben", link: "/trainings" })),
    ];
    // The first sender is held on each message until released (a mail server slower than the lease).
    let release!: (outcome: "ok" | "fail") => void;
    const held = {
      async sendMail(message: { messageId: string }) {
        const outcome = await new Promise<"ok" | "fail">((resolve) => {
          release = resolve;
        });
        if (outcome === "fail") throw new Error("421 timed out");
        return smtpTransport(smtp.port).sendMail(message as never);
      },
    };
    const slow = deliverDueMail(mailRendering, { transport: held as never });
    await vi.waitFor(() => expect(release).toBeDefined());
    const leased = await row(first);
    expect(leased.status).toBe("sending");
    expect(leased.leaseOwner).toMatch(new RegExp(`:${process.pid}:[0-9a-f]{16}$`));

    // Its lease runs out (by a clock an hour ahead): another sender takes over and delivers both.
    const later = new Date(Date.now() + 3_600_000);
    expect(await deliverDueMail(mailRendering, { transport: smtpTransport(smtp.port), now: later })).toEqual({
      sent: 2,
      failed: 0,
    });
    const taken = await row(first);
    expect(taken).toMatchObject({ status: "sent", attempts: 0, lastError: null });
    expect(taken.leaseOwner).not.toBe(leased.leaseOwner);

    // The first sender's send of the first message ends: it marks nothing, and does not go on to
    // send the second (sent already). Then a failure after a takeover records nothing either.
    release("ok");
    expect(await slow).toEqual({ sent: 0, failed: 0 });
    expect(await row(first)).toEqual(taken);
    expect(errors).toHaveBeenCalledWith(expect.stringContaining(`${first} was sent after another sender took it over`));
    expect(smtp.received).toHaveLength(3);

    await db()
      .update(mailOutbox)
      .set({ status: "pending", nextAttemptAt: new Date() })
      .where(eq(mailOutbox.id, second));
    release = undefined as never;
    const failing = deliverDueMail(mailRendering, { transport: held as never });
    await vi.waitFor(() => expect(release).toBeDefined());
    expect((await row(second)).status).toBe("sending");
    await deliverDueMail(mailRendering, { transport: smtpTransport(smtp.port), now: later });
    const resent = await row(second);
    release("fail");
    expect(await failing).toEqual({ sent: 0, failed: 1 });
    expect(await row(second)).toEqual(resent);
    expect(resent).toMatchObject({ status: "sent", attempts: 0, lastError: null });
  });

  it("without SMTP_URL, prints the message to the log and marks it sent", async () => {
    expect(env().SMTP_URL).toBeUndefined();
    const log = vi.spyOn(console, "log").mockImplementation(() => {});
    const id = await queueMail(
      db(),
      recoveryMail("fr", "marie@example.com", { ...vars, link: "/home/new-password-42?token=xyz" }),
    );

    expect(await deliverDueMail(mailRendering)).toEqual({ sent: 1, failed: 0 });

    const printed = log.mock.calls.map((args) => args.join(" ")).join("\n");
    expect(printed).toContain("marie@example.com");
    expect(printed).toContain("Réinitialisation de votre mot de passe Cap");
    expect(printed).toContain(`${env().APP_URL}/home/new-password-42?token=xyz`);
    expect(printed).toContain("482913");
    expect((await row(id)).status).toBe("sent");
  });
});

describe("mail templates", () => {
  const hostile = { firstname: "<b>Eve</b> & co", code: "123456", link: "/account_verification?token=a&flow=b" };
  const templates = {
    verification: (lang: "fr" | "en") => verificationMail(lang, "eve@example.com", hostile),
    recovery: (lang: "fr" | "en") => recoveryMail(lang, "eve@example.com", hostile),
    welcome: (lang: "fr" | "en") =>
      welcomeMail(lang, "eve@example.com", { firstname: hostile.firstname, link: hostile.link }),
  };

  it("greets without a name when the first name is unknown", () => {
    expect(recoveryMail("fr", "eve@example.com", { ...hostile, firstname: "" }).text).toMatch(/^Bonjour,\n/);
    expect(recoveryMail("en", "eve@example.com", { ...hostile, firstname: " " }).text).toMatch(/^Hello,\n/);
  });

  for (const [name, render] of Object.entries(templates)) {
    it(`${name} renders in French and English, every value escaped in HTML`, () => {
      const fr = render("fr");
      const en = render("en");
      expect(fr.to).toBe("eve@example.com");
      expect(fr.subject).not.toBe(en.subject);
      expect(fr.text).toMatch(/^Bonjour <b>Eve<\/b> & co,/);
      expect(en.text).toMatch(/^Hello <b>Eve<\/b> & co,/);
      expect(fr.html).toContain('<html lang="fr">');
      expect(en.html).toContain('<html lang="en">');
      for (const mail of [fr, en]) {
        expect(mail.text).toContain(`${env().APP_URL}/account_verification?token=a&flow=b`);
        expect(mail.html).toContain("&#60;b&#62;Eve&#60;/b&#62; &#38; co");
        expect(mail.html).not.toContain("<b>");
        expect(mail.html).toContain(`href="${env().APP_URL}/account_verification?token=a&#38;flow=b"`);
        if (name !== "welcome") {
          expect(mail.text).toContain("123456");
          expect(mail.html).toContain("123456");
          expect(mail.text).toMatch(/15 minutes/);
        }
      }
    });
  }
});

describe("development mailbox", () => {
  /** Runs `use` with the configuration changed as given, then puts it back. */
  async function withConfig(change: Partial<ReturnType<typeof env>>, use: () => Promise<void>) {
    const config = env();
    const before = { ...config };
    Object.assign(config, change);
    try {
      await use();
    } finally {
      Object.assign(config, before);
    }
  }

  it("lists the latest messages with their text when DEV_MAILBOX is on", () =>
    withConfig({ DEV_MAILBOX: true }, async () => {
      await queueMail(db(), verificationMail("fr", "marie@example.com", vars));
      const answer = await call(mailboxLoader, buildRequest("/dev/mailbox"));
      expect(statusOf(answer)).toBe(200);
      const { messages } = await dataOf<{ messages: { to: string; subject: string; text: string; status: string }[] }>(
        answer,
      );
      expect(messages).toHaveLength(1);
      expect(messages[0]).toMatchObject({
        to: "marie@example.com",
        subject: "Votre code de confirmation Cap",
        status: "pending",
      });
      expect(messages[0].text).toContain("482913");
    }));

  it("does not exist unless DEV_MAILBOX is on (NODE_ENV left unset is not enough), nor ever in production", async () => {
    for (const change of [
      { DEV_MAILBOX: false, NODE_ENV: "development" as const },
      { DEV_MAILBOX: true, NODE_ENV: "production" as const },
    ]) {
      await withConfig(change, async () => {
        const answer = await call(mailboxLoader, buildRequest("/dev/mailbox"));
        expect(statusOf(answer)).toBe(404);
        expect(await dataOf(answer)).toEqual({ message: "Page not found: /dev/mailbox", path: "/dev/mailbox" });
      });
    }
  });
});
