import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { registerOn } from "../support/server-members";
import { freePort, type ServerProcess, startServer, waitFor } from "../support/server-process";
import { startSmtp } from "../support/smtp";
import { startTwoWorkers, type TwoWorkers } from "../support/two-workers";

/**
 * Issue 28, item 4: the weekly word goes once per member and week across workers and restarts.
 * The built server with WEB_CONCURRENCY=2 on PostgreSQL, both workers looking for due digests
 * every 300 ms. First with no mail server to reach: a digest is decided and queued, not sent.
 * Then the server restarts (two new workers) with a mail server: the queued digest goes once,
 * no worker decides that week's digest again, and a digest that fell due meanwhile goes once too.
 */
const EVERY_MS = "300";
const PASSWORD = "correct horse";

let cluster: TwoWorkers;
let restarted: ServerProcess | undefined;
let smtp: Awaited<ReturnType<typeof startSmtp>>;

beforeAll(async () => {
  smtp = await startSmtp(0);
  // Nothing listens there: each delivery fails and is tried again later.
  const nowhere = await freePort();
  cluster = await startTwoWorkers("digest", { SMTP_URL: `smtp://127.0.0.1:${nowhere}`, DIGEST_EVERY_MS: EVERY_MS });
}, 90_000);

afterAll(async () => {
  await restarted?.stop();
  await cluster?.stop();
  await smtp?.close();
}, 30_000);

/** Registers a member and gives them a commitment due today (something to say). */
async function member(email: string) {
  const answer = await registerOn(cluster.server.url, { email, password: PASSWORD }, { "Accept-Language": "fr" });
  expect(answer.status).toBe(201);
  const [{ id }] = await cluster.query<{ id: string }>(
    `select u.id from app_users u join identities i on i.id = u.identity_id where i.traits->>'email' = $1`,
    [email],
  );
  await cluster.query(
    `insert into commitments (member_id, title, due_date) values ($1, 'Appeler Paul', (now() at time zone 'Europe/Paris')::date)`,
    [id],
  );
  return id;
}

/** The member's digest due at this hour of today, in their zone (Europe/Paris: none chosen). */
const dueNow = (id: string) =>
  cluster.query(
    `insert into notification_settings (member_id, digest_day, digest_hour)
       values ($1, extract(dow from now() at time zone 'Europe/Paris')::int, extract(hour from now() at time zone 'Europe/Paris')::int)
     on conflict (member_id) do update set digest_day = excluded.digest_day, digest_hour = excluded.digest_hour`,
    [id],
  );

/** Another day of the week: not due now. */
const dueAnotherDay = (id: string) =>
  cluster.query(
    `insert into notification_settings (member_id, digest_day, digest_hour)
       values ($1, (extract(dow from now() at time zone 'Europe/Paris')::int + 3) % 7, 8)`,
    [id],
  );

const digestRows = () =>
  cluster.query<{ id: string; to: string; status: string }>(
    `select id, "to", status from mail_outbox where notification_kind = 'weeklyDigest' order by "to"`,
  );

const messageIdOf = (raw: string) => /^Message-ID:\s*(<[^>]+>)/im.exec(raw)?.[1];
const digestsReceived = () => smtp.received.filter(({ raw }) => /^Subject: Votre semaine avec Cap/im.test(raw));

describe("the weekly word with two workers and a restart in the middle (built server, PostgreSQL)", () => {
  it("is decided once, delivered once after the restart, and never decided again that week", async () => {
    const first = await member("first@example.com");
    const second = await member("second@example.com");
    await dueAnotherDay(second);
    await dueNow(first);

    // Both workers' passes see the first member due; one decides, the outbox holds one digest.
    await waitFor(async () => (await digestRows()).length > 0, 30_000);
    await new Promise((resolve) => setTimeout(resolve, 10 * Number(EVERY_MS)));
    const queued = await digestRows();
    expect(queued.map(({ to, status }) => ({ to, status }))).toEqual([{ to: "first@example.com", status: "pending" }]);
    const weeks = await cluster.query<{ member_id: string; mail_id: string }>(
      "select member_id, mail_id from notification_rounds where kind = 'weeklyDigest'",
    );
    expect(weeks).toEqual([{ member_id: first, mail_id: queued[0].id }]);
    expect(smtp.received).toEqual([]);

    // The restart: the digest is queued, not sent. Meanwhile the second member's hour comes.
    await cluster.server.stop();
    await dueNow(second);
    restarted = await startServer({
      DATABASE_URL: cluster.databaseUrl,
      WEB_CONCURRENCY: "2",
      SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
      DIGEST_EVERY_MS: EVERY_MS,
    });
    const server = restarted;
    await waitFor(() => server.workerPids().length >= 2, 60_000);

    // The failed delivery is tried again (15 s after it failed); the second member's digest goes at once.
    await waitFor(async () => digestsReceived().length >= 2, 45_000);
    await new Promise((resolve) => setTimeout(resolve, 10 * Number(EVERY_MS)));
    const rows = await digestRows();
    expect(rows.map(({ to, status }) => ({ to, status }))).toEqual([
      { to: "first@example.com", status: "sent" },
      { to: "second@example.com", status: "sent" },
    ]);
    expect(rows[0].id).toBe(queued[0].id);
    const arrived = digestsReceived();
    expect(arrived.map(({ to }) => to).sort()).toEqual([["first@example.com"], ["second@example.com"]]);
    expect(arrived.map(({ raw }) => messageIdOf(raw)).sort()).toEqual(rows.map(({ id }) => `<${id}@127.0.0.1>`).sort());
    for (const { raw } of arrived) expect(raw).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click/im);
    expect(
      await cluster.query("select member_id from notification_rounds where kind = 'weeklyDigest' order by created_at"),
    ).toEqual([{ member_id: first }, { member_id: second }]);
  }, 180_000);
});
