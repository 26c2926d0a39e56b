import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startServer, waitFor } from "../support/server-process";
import { startSmtp } from "../support/smtp";
import { startTwoWorkers, type TwoWorkers } from "../support/two-workers";
import { connectionTo, requestOver, requestTo, socketHolder, type RequestInit } from "../support/worker-connections";

/**
 * Issue 14, "Workers": the built server with WEB_CONCURRENCY=2 on a fresh PostgreSQL database
 * stays correct across its processes. Every request below is sent to a worker chosen by pid
 * (tests/support/worker-connections.ts reads which process holds each connection from /proc), so
 * "the other worker" is a fact, not a likelihood. Mail goes to a fake SMTP server that can hold its
 * answers, to catch both workers' senders mid-delivery at once.
 */
const PASSWORD = "correct horse";

let cluster: TwoWorkers;
let smtp: Awaited<ReturnType<typeof startSmtp>>;
let workers: [number, number];
/** The fake SMTP server answers a message once this settles (a new one is set to hold them). */
let gate: Promise<void> = Promise.resolve();

beforeAll(async () => {
  smtp = await startSmtp(0, { hold: () => gate });
  cluster = await startTwoWorkers("workers", { SMTP_URL: `smtp://127.0.0.1:${smtp.port}` });
  workers = cluster.workers;
}, 90_000);

afterAll(async () => {
  await cluster?.stop();
  await smtp?.close();
}, 30_000);

/** One request answered by worker `pid`. */
const on = (pid: number, path: string, init?: RequestInit) => requestTo(cluster.server.url, workers, pid, path, init);

const english = { "Accept-Language": "en" };
const bearer = (token: string) => ({ ...english, Authorization: `Bearer ${token}` });

async function register(pid: number, email: string) {
  const answer = await on(pid, "/api/dashboard/register", {
    headers: english,
    json: { user: { firstname: "Ana", lastname: "Barros", birth_date: "1990-02-03", email, password: PASSWORD } },
  });
  expect(answer.status, answer.text).toBe(201);
  return answer.json<string>();
}

/** Registers on one worker and follows the emailed one-click link on the other. */
async function verifiedMember(email: string) {
  const token = await register(workers[0], email);
  const [mail] = await cluster.query<{ text: string }>('select text from mail_outbox where "to" = $1', [email]);
  const link = new URL(/https?:\/\/\S*\/account_verification\?\S+/.exec(mail.text)![0]);
  expect((await on(workers[1], link.pathname + link.search)).status).toBe(200);
  const whoami = await on(workers[0], "/api/dashboard/whoami", { headers: bearer(token) });
  expect(
    whoami.json<{ ory: { identity: { verifiable_addresses: { verified: boolean }[] } } }>().ory.identity,
  ).toMatchObject({ verifiable_addresses: [{ verified: true }] });
  return token;
}

const messageIdOf = (raw: string) => /^Message-ID:\s*(<[^>]+>)/im.exec(raw)?.[1];

/**
 * Waits until every message due is delivered and no sender is connected to the SMTP server any
 * more: the reminders of booked sessions are the only messages left pending.
 */
async function mailSettled() {
  await waitFor(async () => {
    const [{ n }] = await cluster.query<{ n: number }>(
      `select count(*)::int as n from mail_outbox m where status = 'pending'
         and not exists (select 1 from coaching_bookings b where b.reminder_mail_ids ? m.id::text)`,
    );
    return n === 0 && smtp.held().length === 0 && smtp.connections() === 0;
  }, 45_000);
}

/** Every message marked sent reached the SMTP server exactly once, and nothing else did. */
async function expectEachSentOnce() {
  const sent = await cluster.query<{ id: string }>("select id from mail_outbox where status = 'sent'");
  const expected = sent.map(({ id }) => `<${id}@127.0.0.1>`).sort();
  expect(smtp.received.map(({ raw }) => messageIdOf(raw)).sort()).toEqual(expected);
  expect(cluster.server.logs().filter((line) => line.includes("[mail]"))).toEqual([]);
}

describe("two workers on PostgreSQL (built server)", () => {
  it("refuses several workers on the embedded database, with a clear message", async () => {
    await expect(startServer({ WEB_CONCURRENCY: "2" })).rejects.toThrow(
      /the server exited \(1\):\nInvalid configuration:\n {2}- WEB_CONCURRENCY="2" is not valid: expected 1 with the embedded database \(PGlite runs in one process\); set DATABASE_URL to a PostgreSQL server to run several workers/,
    );
  }, 60_000);

  it("runs two workers, each answering", async () => {
    expect(new Set(workers).size).toBe(2);
    for (const pid of [...workers, ...workers]) expect((await on(pid, "/healthz")).status).toBe(200);
  });

  it("caps each worker's heap at WORKER_HEAP_MB (192 MB by default), which V8 would otherwise size for the machine", async () => {
    const logged = () => cluster.server.logs().filter((line) => line.includes('"memory usage"'));
    const before = logged().length;
    for (const pid of workers) process.kill(pid, "SIGUSR2");
    await waitFor(() => logged().length >= before + 2, 10_000);
    const limits = logged()
      .slice(before)
      .map((line) => JSON.parse(line) as { pid: number; heapLimit: number });
    expect(limits.map((entry) => entry.pid).sort()).toEqual([...workers].sort());
    // The limit covers the old space (192 MB) and the young generation.
    for (const { heapLimit } of limits) expect(heapLimit / 2 ** 20).toBeGreaterThanOrEqual(192);
    for (const { heapLimit } of limits) expect(heapLimit / 2 ** 20).toBeLessThan(300);
  });

  it("delivers each queued email exactly once although both workers' senders run at once", async () => {
    // 12 registrations, half on each worker: 12 verification emails, more than one sender takes
    // in a batch (10), so while the first sender is held on its first message the other takes the rest.
    const emails = Array.from({ length: 12 }, (_, i) => `mail${i}@example.com`);
    let release!: () => void;
    gate = new Promise((resolve) => {
      release = resolve;
    });
    try {
      // One after the other, alternating workers: two callers each waiting for a connection to
      // their own worker at once can lock step with the supervisor's round robin and never get it.
      for (const [i, email] of emails.entries()) await register(workers[i % 2], email);
      const queued = await cluster.query<{ to: string; n: number }>(
        `select "to", count(*)::int as n from mail_outbox group by "to" order by "to"`,
      );
      expect(queued).toEqual([...emails].sort().map((to) => ({ to, n: 1 })));

      // Both senders in the middle of a delivery at the same moment, each on its own connection.
      await waitFor(() => smtp.held().length >= 2, 30_000);
      const senders = smtp.held().map(({ remotePort }) => socketHolder(workers, remotePort, smtp.port));
      expect(new Set(senders)).toEqual(new Set(workers));
    } finally {
      release();
    }

    await mailSettled();
    const delivered = smtp.received.flatMap(({ to }) => to).sort();
    expect(delivered).toEqual([...emails].sort());
    await expectEachSentOnce();
  }, 60_000);

  it("keeps a member signed in on both workers, and signing out on one ends it on both", async () => {
    const email = "session@example.com";
    const registration = await verifiedMember(email);
    const signIn = await on(workers[1], "/api/dashboard/login", {
      headers: english,
      json: { email, password: PASSWORD },
    });
    expect(signIn.status).toBe(200);
    const token = signIn.json<string>();

    const cookie = { ...english, Cookie: `token=${token}` };
    for (const pid of [workers[0], workers[1], workers[0], workers[1]]) {
      const whoami = await on(pid, "/api/dashboard/whoami", { headers: bearer(token) });
      expect(whoami.status, `whoami on ${pid}`).toBe(200);
      expect(whoami.json<{ ory: { identity: { traits: { email: string } } } }>().ory.identity.traits.email).toBe(email);
      const page = await on(pid, "/profile", { headers: cookie });
      expect(page.status, `/profile on ${pid}`).toBe(200);
    }

    const signOut = await on(workers[0], "/api/dashboard/logout", { method: "POST", headers: bearer(token) });
    expect(signOut.status).toBe(200);
    for (const pid of workers) {
      expect((await on(pid, "/api/dashboard/whoami", { headers: bearer(token) })).status, `whoami on ${pid}`).toBe(401);
      const page = await on(pid, "/profile", { headers: cookie });
      expect(page.status, `/profile on ${pid}`).toBe(302);
      // Signed out: the guard sends them to the public home page.
      expect(page.headers.location).toMatch(/^\/home(\?|$)/);
      // Only that session ended: the one the registration opened still works on both.
      expect((await on(pid, "/api/dashboard/whoami", { headers: bearer(registration) })).status).toBe(200);
    }
  }, 60_000);

  it("counts login failures across both workers: five in all, however the attempts are spread", async () => {
    const email = "limit@example.com";
    await register(workers[0], email);
    // Eight wrong passwords at once, four on each worker: a count kept per process would let all
    // eight be checked (five a worker); the shared one lets five through.
    const connections = [];
    for (const pid of [...workers, ...workers, ...workers, ...workers])
      connections.push({ pid, socket: await connectionTo(cluster.server.url, workers, pid) });
    const answers = await Promise.all(
      connections.map(async ({ pid, socket }) => {
        const answer = await requestOver(socket, cluster.server.url, "/api/dashboard/login", {
          headers: english,
          json: { email, password: "wrong horse" },
        });
        return { pid, status: answer.status };
      }),
    );
    expect(answers.filter(({ pid }) => pid === workers[0])).toHaveLength(4);
    expect(answers.map(({ status }) => status).sort()).toEqual([401, 401, 401, 401, 401, 429, 429, 429]);

    // The right password now: refused on both workers, the limit is the member's wherever they knock.
    for (const pid of workers) {
      const answer = await on(pid, "/api/dashboard/login", { headers: english, json: { email, password: PASSWORD } });
      expect(answer.status, `login on ${pid}`).toBe(429);
    }
  }, 60_000);

  it("sends a coaching session's reminders once, not once per worker", async () => {
    const token = await verifiedMember("booker@example.com");
    const from = new Date(Date.now() + 3 * 24 * 3600_000).toISOString();
    const slots = await on(workers[1], `/api/coaches/claire-moreau/slots?tz=Europe/Paris&from=${from}`, {
      headers: bearer(token),
    });
    expect(slots.status).toBe(200);
    const [slot] = slots.json<{ slots: { start: string }[] }>().slots;
    const booked = await on(workers[0], "/api/bookings", {
      headers: bearer(token),
      json: { coach: "claire-moreau", start: slot.start, time_zone: "Europe/Paris" },
    });
    expect(booked.status, booked.text).toBe(201);
    const { booking } = booked.json<{ booking: { id: string } }>();

    // The confirmations go at once; the reminders wait in the outbox for the day before.
    await mailSettled();
    const [{ ids }] = await cluster.query<{ ids: string[] }>(
      "select reminder_mail_ids as ids from coaching_bookings where id = $1",
      [booking.id],
    );
    expect(ids).toHaveLength(2);
    const reminders = await cluster.query<{ id: string; to: string; kind: string; status: string }>(
      'select id, "to", vars->>\'kind\' as kind, status from mail_outbox where id = any($1::uuid[]) order by "to"',
      [ids],
    );
    expect(reminders.map(({ kind, status }) => ({ kind, status }))).toEqual([
      { kind: "reminder", status: "pending" },
      { kind: "reminder", status: "pending" },
    ]);
    // Every other message (the confirmations) is sent before the gate closes: under load the
    // settled wait can return with one still on its way, and the gate would hold it instead.
    await waitFor(async () => {
      const waiting = await cluster.query(
        "select 1 from mail_outbox where (status = 'sending' or (status = 'pending' and next_attempt_at <= now())) and not (id = any($1::uuid[]))",
        [ids],
      );
      return waiting.length === 0;
    }, 30_000);
    const before = smtp.received.length;

    // The day before has come, while the SMTP server holds its answers: each message is leased on
    // its own (issue 25), so while one worker's sender is held on the first reminder, the other
    // worker's takes the second; neither takes the one the other is sending.
    let release!: () => void;
    gate = new Promise((resolve) => {
      release = resolve;
    });
    try {
      await cluster.query("update mail_outbox set next_attempt_at = now() where id = any($1::uuid[])", [ids]);
      await waitFor(() => smtp.held().length === 2, 30_000);
      const senders = smtp.held().map(({ remotePort }) => socketHolder(workers, remotePort, smtp.port));
      expect(new Set(senders)).toEqual(new Set(workers));
      const held = smtp.received.slice(before).map(({ raw }) => messageIdOf(raw));
      expect(held.sort()).toEqual(ids.map((id) => `<${id}@127.0.0.1>`).sort());
    } finally {
      release();
    }
    await waitFor(async () => {
      const sent = await cluster.query("select 1 from mail_outbox where id = any($1::uuid[]) and status = 'sent'", [
        ids,
      ]);
      return sent.length === 2;
    }, 30_000);
    await mailSettled();

    // Each reminder once, to the member and to the coach.
    const arrived = smtp.received.slice(before);
    expect(arrived.map(({ raw }) => messageIdOf(raw)).sort()).toEqual(ids.map((id) => `<${id}@127.0.0.1>`).sort());
    expect(arrived.flatMap(({ to }) => to).sort()).toEqual(reminders.map(({ to }) => to).sort());
    await expectEachSentOnce();
  }, 60_000);
  it("shows a coach's new hours at once on the other worker (issue 24: no per-process cache outlives a change)", async () => {
    const coachToken = await verifiedMember("coach-hours@example.com");
    const memberToken = await verifiedMember("member-hours@example.com");
    // The coach role from the command line, as an operator gives it (PostgreSQL: the command opens it itself).
    const { stdout } = await promisify(execFile)(
      process.execPath,
      ["--import", "tsx", "app/.server/operator/roles-cli.server.ts", "grant", "coach-hours@example.com", "coach"],
      { env: { ...process.env, DATABASE_URL: cluster.databaseUrl } },
    );
    expect(stdout).toContain("is now coach.");
    const [{ slug }] = await cluster.query<{ slug: string }>(
      "select slug from coaches where member_id = (select member_id from member_roles where role = 'coach' limit 1)",
    );
    const hours = (from: string, to: string) => ({
      json: {
        time_zone: "UTC",
        session_minutes: 60,
        buffer_minutes: 0,
        min_notice_hours: 0,
        horizon_days: 30,
        weekly: Object.fromEntries(
          ["mon", "tue", "wed", "thu", "fri", "sat", "sun"].map((day) => [day, [{ from, to }]]),
        ),
      },
      headers: bearer(coachToken),
    });
    const from = new Date(Date.now() + 2 * 86_400_000);
    from.setUTCHours(0, 0, 0, 0);
    const to = new Date(from.getTime() + 86_400_000);
    const slotsPath = `/api/coaches/${slug}/slots?tz=UTC&from=${from.toISOString()}&to=${to.toISOString()}`;
    const timesOn = async (pid: number) =>
      (await on(pid, slotsPath, { headers: bearer(memberToken) }))
        .json<{ slots: { time: string }[] }>()
        .slots.map((slot) => slot.time);

    // Each worker computes (and caches) the times of the old hours, then one worker takes new ones.
    expect((await on(workers[0], "/api/coach/hours", hours("09:00", "11:00"))).status).toBe(200);
    for (const pid of workers) expect(await timesOn(pid)).toEqual(["09:00", "10:00"]);
    expect((await on(workers[0], "/api/coach/hours", hours("14:00", "16:00"))).status).toBe(200);
    expect(await timesOn(workers[1])).toEqual(["14:00", "15:00"]);
    expect(await timesOn(workers[0])).toEqual(["14:00", "15:00"]);
  }, 60_000);
});
