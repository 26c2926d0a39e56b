import { createHash, createHmac } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startServer, waitFor, type ServerProcess } from "../support/server-process";
import pg from "pg";
import { adminUrl, startTwoWorkers, type TwoWorkers } from "../support/two-workers";
import { requestTo, type Answer } from "../support/worker-connections";

/**
 * Issues 27 and 43, the member pages' render cache (app/.server/http/render-cache.server.ts): a
 * signed-in page is served again from memory to the same session while nothing it reads was
 * written, never to anyone else, never after a write to the member's rows (by this worker, another
 * or straight to the database) or to a shared subject it shows (an author's publish), never to a
 * session that ended; another member's write leaves it be. The built server as members meet it;
 * Server-Timing (SERVER_TIMING=1) says a hit.
 */
const PASSWORD = "correct horse battery";
const hitIn = (serverTiming: string | string[] | null | undefined) =>
  /render-cache;desc="hit"/.test(String(serverTiming ?? ""));
const register = (firstname: string, email: string) => ({
  user: { firstname, lastname: "Caché", birth_date: "1990-02-03", email, password: PASSWORD },
});
const verificationLink = (text: string) => new URL(/https?:\/\/\S*\/account_verification\?\S+/.exec(text)![0]);
/**
 * A member page is kept for the minute it was rendered in (its relative times move with the
 * clock): a run of requests that expects a page kept starts at least 15 s before the minute turns.
 */
async function awayFromMinuteTurn() {
  const left = 60_000 - (Date.now() % 60_000);
  if (left < 15_000) await new Promise((resolve) => setTimeout(resolve, left + 100));
}

describe("member pages kept by the render cache (one worker)", () => {
  let server: ServerProcess;

  afterAll(async () => {
    await server?.stop();
  }, 30_000);

  const page = (path: string, token: string, headers: Record<string, string> = {}) =>
    fetch(`${server.url}${path}`, { headers: { cookie: `token=${token}`, ...headers }, redirect: "manual" });
  const api = (path: string, token: string, json: unknown) =>
    fetch(`${server.url}${path}`, {
      method: "POST",
      headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
      body: JSON.stringify(json),
    });

  /** A member signed up through the API, verified through the link mailed to them (printed in the log). */
  async function member(firstname: string, email: string): Promise<string> {
    const registered = await fetch(`${server.url}/api/dashboard/register`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(register(firstname, email)),
    });
    expect(registered.status).toBe(201);
    const token = (await registered.json()) as string;
    let link: URL | undefined;
    await waitFor(() => {
      const log = server.logs().join("\n");
      const mail = log.slice(log.indexOf(`[mail] To: ${email}`));
      link = mail.startsWith("[mail]") ? verificationLink(mail) : undefined;
      return link !== undefined;
    }, 15_000);
    expect((await fetch(`${server.url}${link!.pathname}${link!.search}`)).status).toBe(200);
    return token;
  }

  let ana: string;
  let bruno: string;

  beforeAll(async () => {
    server = await startServer({ SERVER_TIMING: "1" });
    ana = await member("Anaïs", "anais@example.com");
    bruno = await member("Bruno", "bruno@example.com");
  }, 180_000);

  /** The page twice: the second from memory. */
  async function kept(path: string, token: string) {
    await awayFromMinuteTurn();
    await page(path, token);
    const again = await page(path, token);
    expect(again.status).toBe(200);
    expect(hitIn(again.headers.get("server-timing"))).toBe(true);
    return again;
  }

  it("serves a member's page again from memory, with a CSP that allows exactly its inline scripts, and never to another member", async () => {
    const first = await page("/", ana);
    const firstHtml = await first.text();
    const again = await kept("/", ana);
    const html = await again.text();
    expect(html).toBe(firstHtml);
    expect(html).toContain("Anaïs");
    expect(again.headers.get("x-cap-cacheable-page")).toBeNull();
    // Kept here, for this session only: no cache in front may keep it.
    expect(first.headers.get("cache-control")).toBe("private, no-cache");
    expect(again.headers.get("cache-control")).toBe("private, no-cache");

    // No nonce anyone could reuse: each inline script and the stylesheet are named by their hash.
    const csp = again.headers.get("content-security-policy") ?? "";
    expect(csp).not.toMatch(/nonce-/);
    const sha256 = (text: string) => createHash("sha256").update(text).digest("base64");
    const scriptSrc = /script-src ([^;]*)/.exec(csp)?.[1] ?? "";
    const inlineScripts = [...html.matchAll(/<script\b(?![^>]*\ssrc=)[^>]*>([\s\S]*?)<\/script>/g)];
    expect(inlineScripts.length).toBeGreaterThan(0);
    for (const [, text] of inlineScripts) expect(scriptSrc).toContain(`'sha256-${sha256(text)}'`);
    expect(scriptSrc).not.toMatch(/unsafe-inline/);

    // Bruno, on the same page: his own, rendered for him, then kept for him.
    const other = await page("/", bruno);
    expect(hitIn(other.headers.get("server-timing"))).toBe(false);
    const otherHtml = await other.text();
    expect(otherHtml).toContain("Bruno");
    expect(otherHtml).not.toContain("Anaïs");
    expect(await (await kept("/", bruno)).text()).not.toContain("Anaïs");
    // …and Anaïs still gets hers.
    expect(await (await kept("/", ana)).text()).toContain("Anaïs");
  });

  it("keeps no page that says no-store: the copy of a member's data", async () => {
    for (let i = 0; i < 2; i++) {
      const copy = await page("/profile/data", ana);
      expect(copy.status).toBe(200);
      expect(copy.headers.get("cache-control")).toBe("no-store");
      expect(hitIn(copy.headers.get("server-timing"))).toBe(false);
    }
  });

  it("keeps a page per query string and per lightness: a light page (Save-Data) has no script", async () => {
    await kept("/my_team/list?page=1", ana);
    const light = await page("/my_team/list?page=1", ana, { "save-data": "on" });
    expect(hitIn(light.headers.get("server-timing"))).toBe(false);
    expect(await light.text()).not.toMatch(/<script\b/);
    expect(await (await page("/my_team/list?page=1", ana)).text()).toMatch(/<script\b/);
  });

  it("shows the member's own write at once, and keeps their page across another member's", async () => {
    await kept("/", ana);
    expect((await api("/api/goal", ana, { intent: "edit", title: "Traverser la Manche à la voile" })).status).toBe(200);
    const afterOwn = await page("/", ana);
    expect(hitIn(afterOwn.headers.get("server-timing"))).toBe(false);
    expect(await afterOwn.text()).toContain("Traverser la Manche à la voile");

    await kept("/", ana);
    await kept("/", bruno);
    expect((await api("/api/goal", bruno, { intent: "edit", title: "Apprendre le portugais" })).status).toBe(200);
    // Bruno's goal is not on Anaïs's page: his write leaves hers kept…
    const afterOther = await page("/", ana);
    expect(hitIn(afterOther.headers.get("server-timing"))).toBe(true);
    const html = await afterOther.text();
    expect(html).toContain("Traverser la Manche à la voile");
    expect(html).not.toContain("Apprendre le portugais");
    // …and his own is rendered anew.
    const his = await page("/", bruno);
    expect(hitIn(his.headers.get("server-timing"))).toBe(false);
    expect(await his.text()).toContain("Apprendre le portugais");
  });

  it("serves nothing kept to a session that ended: the same cookie is sent to sign in again", async () => {
    const token = await member("Chloé", "chloe@example.com");
    await kept("/my_commitments", token);
    expect((await api("/api/dashboard/logout", token, {})).status).toBe(200);
    const after = await page("/my_commitments", token);
    expect(after.status).toBe(302);
    expect(hitIn(after.headers.get("server-timing"))).toBe(false);
    expect(after.headers.get("location")).toBe("/home");
  });
});

const SESSION_SECRET = "member-pages-test-secret-0123456789abcdef";

describe("member pages kept by the render cache (two workers, PostgreSQL)", () => {
  let cluster: TwoWorkers;

  beforeAll(async () => {
    // The notification rounds' first pass waits an hour: a pass is a write of its own.
    cluster = await startTwoWorkers("member_pages", { SERVER_TIMING: "1", SESSION_SECRET, DIGEST_EVERY_MS: "3600000" });
  }, 120_000);

  afterAll(async () => {
    await cluster?.stop();
  }, 30_000);

  const on = (pid: number, path: string, token: string) =>
    requestTo(cluster.server.url, cluster.workers, pid, path, { headers: { Cookie: `token=${token}` } });
  const hit = (answer: Answer) => hitIn(answer.headers["server-timing"]);
  /** A member registered on worker one and verified through the link mailed to them, on worker two. */
  async function clusterMember(firstname: string, email: string): Promise<string> {
    const [one, two] = cluster.workers;
    const registered = await requestTo(cluster.server.url, cluster.workers, one, "/api/dashboard/register", {
      json: register(firstname, email),
    });
    expect(registered.status).toBe(201);
    const token = registered.json<string>();
    const [mail] = await cluster.query<{ text: string }>('select text from mail_outbox where "to" = $1', [email]);
    const link = verificationLink(mail.text);
    expect((await requestTo(cluster.server.url, cluster.workers, two, link.pathname + link.search)).status).toBe(200);
    return token;
  }

  it("renders anew the page a worker kept once another worker, or anyone, wrote the member's rows", async () => {
    const [one, two] = cluster.workers;
    const token = await clusterMember("Dounia", "dounia@example.com");

    // Worker one keeps the page (sent as rendered: this client takes no gzip).
    await awayFromMinuteTurn();
    await on(one, "/profile", token);
    const kept = await on(one, "/profile", token);
    expect(hit(kept)).toBe(true);
    expect(kept.text).toContain("Dounia");

    // A transaction of another database of the same server (an xid given and committed) is none
    // of Cap's data: the page stays kept (CI runs its test databases side by side on one server).
    const elsewhere = new pg.Client({ connectionString: adminUrl });
    await elsewhere.connect();
    await elsewhere.query("begin; select pg_current_xact_id(); commit");
    await elsewhere.end();
    expect(hit(await on(one, "/profile", token))).toBe(true);

    // A write on worker two.
    const goal = await requestTo(cluster.server.url, cluster.workers, two, "/api/goal", {
      headers: { Authorization: `Bearer ${token}` },
      json: { intent: "edit", title: "Courir le semi de Lyon" },
    });
    expect(goal.status).toBe(200);
    await awayFromMinuteTurn();
    const afterGoal = await on(one, "/profile", token);
    expect(hit(afterGoal)).toBe(false);
    expect(hit(await on(one, "/profile", token))).toBe(true);

    // A write straight to the database, by no worker at all.
    await cluster.query("update app_users set firstname = 'Dounya' where firstname = 'Dounia'");
    const renamed = await on(one, "/profile", token);
    expect(hit(renamed)).toBe(false);
    expect(renamed.text).toContain("Dounya");
  });

  it("shows an author's publish on every member's kept page, on every worker, from the next request on", async () => {
    const [one, two] = cluster.workers;
    const members = [
      await clusterMember("Elsa", "elsa@example.com"),
      await clusterMember("Farid", "farid@example.com"),
    ];
    const [training] = await cluster.query<{ slug: string; title: string }>(
      "select slug, content->'title'->>'fr' as title from trainings where not archived order by position limit 1",
    );
    await awayFromMinuteTurn();
    for (const token of members) {
      for (const pid of [one, two]) {
        await on(pid, "/trainings", token);
        const kept = await on(pid, "/trainings", token);
        expect(hit(kept)).toBe(true);
        expect(kept.text).toContain(training.title);
      }
    }
    // A member's write on the way leaves the others' pages kept.
    await cluster.query("update app_users set lastname = 'Autre' where firstname = 'Farid'");
    expect(hit(await on(one, "/trainings", members[0]))).toBe(true);

    // The publish as the author's transaction writes it: the training's live content and the catalogue's generation.
    const retitled = `${training.title} (nouvelle version)`;
    await cluster.query(
      `with t as (update trainings set content = jsonb_set(content, '{title,fr}', to_jsonb($1::text)) where slug = $2)
       update content_generation set generation = generation + 1`,
      [retitled, training.slug],
    );
    for (const token of members) {
      for (const pid of [one, two]) {
        const after = await on(pid, "/trainings", token);
        expect(hit(after)).toBe(false);
        expect(after.text).toContain(retitled);
      }
    }
  });

  it("keeps a coach's private agenda per link and cookies, and renders it anew after a write", async () => {
    const [one] = cluster.workers;
    const [coach] = await cluster.query<{ id: string; generation: number; name: string }>(
      "select id, agenda_generation as generation, name from coaches where not retired order by position limit 1",
    );
    // app/.server/coaching/agenda-link.server.ts's token.
    const token = createHmac("sha256", SESSION_SECRET)
      .update(`coach-agenda:${coach.id}:${coach.generation}`)
      .digest("base64url");
    const agenda = `/coach/agenda/${token}`;
    const visit = (pid: number, cookie: string) =>
      requestTo(cluster.server.url, cluster.workers, pid, agenda, { headers: { Cookie: cookie } });
    // The first visit sets the coach's language; the browser comes back with it.
    const first = await requestTo(cluster.server.url, cluster.workers, one, agenda);
    expect(first.status).toBe(302);
    const languageCookie = String(first.headers["set-cookie"]).split(";")[0];

    await awayFromMinuteTurn();
    await visit(one, languageCookie);
    const kept = await visit(one, languageCookie);
    expect(kept.status).toBe(200);
    expect(hit(kept)).toBe(true);
    expect(kept.text).toContain(coach.name);
    // Another link (one letter changed) is no one's agenda, kept or not.
    const forgedToken = token.slice(0, -1) + (token.endsWith("A") ? "B" : "A");
    const forged = await requestTo(cluster.server.url, cluster.workers, one, `/coach/agenda/${forgedToken}`, {
      headers: { Cookie: languageCookie },
    });
    expect(forged.status).toBe(404);

    await cluster.query("update coaches set name = $1 where id = $2", [`${coach.name} Renamed`, coach.id]);
    const renamed = await visit(one, languageCookie);
    expect(hit(renamed)).toBe(false);
    expect(renamed.text).toContain(`${coach.name} Renamed`);
  });
});
