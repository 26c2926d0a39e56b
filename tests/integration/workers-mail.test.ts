import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { waitFor } from "../support/server-process";
import { startSmtp } from "../support/smtp";
import { startTwoWorkers, type TwoWorkers } from "../support/two-workers";

/**
 * Issue 25, "Mail exactly once": the built server with WEB_CONCURRENCY=2 on PostgreSQL, and a mail
 * server slower than a sender's lease (MAIL_LEASE_MS, shortened here to 2 s; each message answered
 * after 3 s). A sender holds each message it sends by renewing its lease while the send lasts, so
 * the other worker's sender never takes over a message still being sent, and sends it again.
 */
const LEASE_MS = 2_000;
const SMTP_DELAY_MS = 3_000;
const MESSAGES = 8;

let cluster: TwoWorkers;
let smtp: Awaited<ReturnType<typeof startSmtp>>;

beforeAll(async () => {
  smtp = await startSmtp(0, { hold: () => new Promise((resolve) => setTimeout(resolve, SMTP_DELAY_MS)) });
  cluster = await startTwoWorkers("mailonce", {
    SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
    MAIL_LEASE_MS: String(LEASE_MS),
  });
}, 90_000);

afterAll(async () => {
  await cluster?.stop();
  await smtp?.close();
}, 30_000);

const messageIdOf = (raw: string) => /^Message-ID:\s*(<[^>]+>)/im.exec(raw)?.[1];

describe("two workers and a mail server slower than the lease (built server, PostgreSQL)", () => {
  it("delivers each of 8 messages exactly once, both workers' senders sending", async () => {
    // Eight messages queued at once: one sender's pass would take them all in a batch.
    const queued = await cluster.query<{ id: string }>(
      `insert into mail_outbox ("to", subject, text, html)
         select 'slow' || i || '@example.com', 'Slow ' || i, 'Text ' || i, '<p>Text ' || i || '</p>'
         from generate_series(1, $1::int) as i
       returning id`,
      [MESSAGES],
    );
    expect(queued).toHaveLength(MESSAGES);

    await waitFor(async () => {
      const [{ n }] = await cluster.query<{ n: number }>(
        "select count(*)::int as n from mail_outbox where status <> 'sent'",
      );
      return n === 0 && smtp.held().length === 0 && smtp.connections() === 0;
    }, 60_000);
    // A message sent twice would still be on its way: give a second copy time to arrive.
    await new Promise((resolve) => setTimeout(resolve, SMTP_DELAY_MS + LEASE_MS));

    const arrived = smtp.received.map(({ raw }) => messageIdOf(raw)).sort();
    const duplicates = arrived.filter((id, i) => arrived.indexOf(id) !== i);
    expect(duplicates, "messages delivered more than once").toEqual([]);
    expect(arrived).toEqual(queued.map(({ id }) => `<${id}@127.0.0.1>`).sort());
    const rows = await cluster.query<{ status: string; attempts: number; owner: string }>(
      "select status, attempts, lease_owner as owner from mail_outbox",
    );
    expect(rows.every(({ status, attempts }) => status === "sent" && attempts === 0)).toBe(true);
    // Both workers' senders took part (each lease names its process).
    const pids = new Set(rows.map(({ owner }) => owner.split(":")[1]));
    expect(pids).toEqual(new Set(cluster.server.workerPids().slice(0, 2).map(String)));
    expect(cluster.server.logs().filter((line) => line.includes("[mail]"))).toEqual([]);
  }, 90_000);
});
