import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { tokenOfNewMember } from "../support/server-members";
import { startServer, type ServerProcess } from "../support/server-process";

/**
 * Issue 14, the bench's queries per request: with SERVER_TIMING=1 the built server answers every
 * page with a Server-Timing header telling how many database statements it took and their time
 * (app/.server/observability/query-timing.server.ts); without it, no header. The database is the
 * one the test run uses (PGlite, or DATABASE_URL's server).
 */
let timed: ServerProcess;
let plain: ServerProcess;

beforeAll(async () => {
  [timed, plain] = await Promise.all([startServer({ SERVER_TIMING: "1" }), startServer({})]);
}, 180_000);

afterAll(async () => {
  await Promise.all([timed?.stop(), plain?.stop()]);
}, 30_000);

/** A member registered through the API; their token signs them in as a bearer header. */
async function member(server: ServerProcess): Promise<string> {
  const email = `timing-${Date.now()}@cap.test`;
  return `Bearer ${await tokenOfNewMember(server.url, { firstname: "Timing", email, password: "timing-password" })}`;
}

/** The figures of a Server-Timing header: `db;desc="queries";dur=…, db-queries;desc="…", app;dur=…`. */
function figures(header: string | null) {
  const match = /db;desc="queries";dur=([\d.]+), db-queries;desc="(\d+)", app;dur=([\d.]+)/.exec(header ?? "");
  return match && { ms: Number(match[1]), queries: Number(match[2]), app: Number(match[3]) };
}

describe("Server-Timing (SERVER_TIMING)", () => {
  it("counts a signed-in page's statements when on", async () => {
    const authorization = await member(timed);
    const answer = await fetch(`${timed.url}/api/dashboard/whoami`, { headers: { authorization } });
    expect(answer.status).toBe(200);
    const timing = figures(answer.headers.get("server-timing"));
    expect(timing, answer.headers.get("server-timing") ?? "no header").not.toBeNull();
    // At least the session's lookup; a page that read tens of statements would be a bug to look at.
    expect(timing!.queries).toBeGreaterThanOrEqual(1);
    expect(timing!.queries).toBeLessThan(30);
    expect(timing!.ms).toBeGreaterThanOrEqual(0);
    expect(timing!.app).toBeGreaterThan(0);

    const page = await fetch(`${timed.url}/home/login`);
    expect(page.status).toBe(200);
    expect(figures(page.headers.get("server-timing"))).not.toBeNull();
  });

  it("each request has its own tally: requests served together count as one served alone", async () => {
    const authorization = await member(timed);
    const count = async () => {
      const answer = await fetch(`${timed.url}/api/dashboard/whoami`, { headers: { authorization } });
      await answer.body?.cancel();
      return figures(answer.headers.get("server-timing"))!.queries;
    };
    await count(); // the session's first use may write
    const alone = await count();
    expect(await Promise.all([count(), count(), count(), count()])).toEqual([alone, alone, alone, alone]);
  });

  it("answers no Server-Timing header when off (the default)", async () => {
    const authorization = await member(plain);
    for (const [path, headers] of [
      ["/api/dashboard/whoami", { authorization }],
      ["/home/login", {}],
    ] as const) {
      const answer = await fetch(`${plain.url}${path}`, { headers });
      await answer.body?.cancel();
      expect(answer.status, path).toBe(200);
      expect(answer.headers.has("server-timing"), path).toBe(false);
    }
  });
});
