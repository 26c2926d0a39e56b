import type { AddressInfo } from "node:net";
import express from "express";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { isDatabaseUnavailable } from "~/.server/db/errors.server";
import { answerDoorErrors } from "~/.server/http/door-errors.server";
import { logger } from "~/.server/observability/logger.server";

/**
 * What server.ts's last middleware answers for a failure outside any route (the upload door, the
 * render cache's versions): as a route's failure is answered, told through the logger only.
 * fault-database.test.ts shows it on the built server during a real outage.
 */
let url: string;
let close: () => void;

beforeAll(async () => {
  const app = express();
  app.get("/database-away", () => {
    throw Object.assign(new Error("connect ECONNREFUSED 127.0.0.1:5432"), { code: "ECONNREFUSED" });
  });
  app.all("*", () => {
    throw new Error('Failed query: select * from "sessions" where "token_hash" = $1\nparams: 9f86d081884c7d65');
  });
  app.use(answerDoorErrors({ database: isDatabaseUnavailable }));
  const server = app.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  close = () => server.close();
});

afterAll(() => close());

describe("a failure at the door", () => {
  it("is a 503 with Retry-After while the database is away, in the caller's language", async () => {
    const warn = vi.spyOn(logger, "warn");
    const page = await fetch(`${url}/database-away`, { headers: { "Accept-Language": "fr" } });
    expect(page.status).toBe(503);
    expect(page.headers.get("retry-after")).toBe("10");
    expect(await page.text()).toContain("Cap est momentanément indisponible");
    expect(warn).toHaveBeenCalledWith({ path: "/database-away" }, "database unavailable: answered 503");
  });

  it("is a translated 500 otherwise, the API's shape under /api/, logged without the query's values or key path", async () => {
    const error = vi.spyOn(logger, "error");
    const stderr = vi.spyOn(process.stderr, "write");
    const page = await fetch(`${url}/survey/a-private-token`, { headers: { "Accept-Language": "fr" } });
    expect(page.status).toBe(500);
    expect(await page.text()).toContain("Quelque chose s’est mal passé de notre côté.");
    const api = await fetch(`${url}/api/profile/photo`, { method: "POST", headers: { "Accept-Language": "en" } });
    expect(api.status).toBe(500);
    expect(((await api.json()) as { errors: { base: string[] } }).errors.base[0]).toMatch(/^Something went wrong/);
    expect(error.mock.calls[0][0]).toMatchObject({ path: "/survey/[token]" });
    expect(stderr).not.toHaveBeenCalled();
  });
});
