import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type FakeKratos, startFakeKratos } from "../support/fake-kratos/server";
import { tokenOfNewMember } from "../support/server-members";
import { type ServerProcess, startServer } from "../support/server-process";

/**
 * The built server with identities on Ory (a fake Kratos): Kratos failing or too slow is an outage
 * (503, come back later), never "signed out" — the member's cookie stays.
 */
let kratos: FakeKratos;
let server: ServerProcess;
let cookie: string;

beforeAll(async () => {
  kratos = await startFakeKratos();
  server = await startServer({
    ORY_SDK_URL: kratos.url,
    ORY_COURIER_KEY: "courier-key-for-the-outage-test",
    ORY_TIMEOUT_MS: "1000",
  });
  cookie = `token=${await tokenOfNewMember(server.url, { email: "ana@example.com", password: "correct horse" })}`;
}, 90_000);

afterAll(async () => {
  await server?.stop();
  await kratos?.close();
});

function visit(path: string, headers: Record<string, string> = { Cookie: cookie }) {
  return fetch(`${server.url}${path}`, { headers, redirect: "manual" });
}

describe("identities on Ory, Kratos away", () => {
  it("says at start where identities live", () => {
    expect(server.logs().some((line) => line.includes("identities: Ory Kratos"))).toBe(true);
  });

  it("serves the signed-in member while Kratos answers", async () => {
    const page = await visit("/account_verification");
    expect(page.status).toBe(200);
    expect(page.headers.get("set-cookie")).toBeNull();
  });

  it("answers 503 and keeps the cookie when Kratos fails (5xx)", async () => {
    kratos.failNext(500);
    const page = await visit("/account_verification");
    expect(page.status).toBe(503);
    expect(page.headers.get("retry-after")).toBe("10");
    expect(page.headers.get("set-cookie")).toBeNull();
    expect(await page.text()).toContain("Cap");
    // Back as soon as Kratos is.
    expect((await visit("/account_verification")).status).toBe(200);
  });

  it("answers 503 when Kratos is too slow (ORY_TIMEOUT_MS), the API in its error shape", async () => {
    kratos.failNext("timeout");
    const whoami = await visit("/api/dashboard/whoami", { Authorization: cookie.replace("token=", "Bearer ") });
    expect(whoami.status).toBe(503);
    expect(((await whoami.json()) as { errors: { base: string[] } }).errors.base).toHaveLength(1);
    expect((await visit("/api/dashboard/whoami", { Authorization: cookie.replace("token=", "Bearer ") })).status).toBe(
      200,
    );
  });

  it("still clears a token Kratos does not know (signed out for real)", async () => {
    const page = await visit("/account_verification", { Cookie: "token=ory_st_unknownunknownunknown" });
    expect(page.status).toBe(302);
    expect(page.headers.get("location")).toBe("/home");
    expect(page.headers.get("set-cookie")).toMatch(/^token=;.*Max-Age=0/);
  });
});
