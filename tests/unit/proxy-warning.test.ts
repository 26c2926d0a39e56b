import type { AddressInfo } from "node:net";
import { Writable } from "node:stream";
import express from "express";
import { describe, expect, it } from "vitest";
import { isPrivate, warnOfUntrustedProxy } from "~/.server/http/proxy-warning.server";
import { createLogger } from "~/.server/observability/logger.server";

/**
 * TRUST_PROXY unset behind a proxy: every member shares the proxy's address in the limits. The
 * first forwarded request from a private address logs one warning per process, saying what to set.
 */
async function warningsFor(requests: Array<Record<string, string>>): Promise<Array<Record<string, unknown>>> {
  const lines: Array<Record<string, unknown>> = [];
  const destination = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString("utf8").trim().split("\n")) lines.push(JSON.parse(line));
      done();
    },
  });
  const app = express();
  app.use(warnOfUntrustedProxy(createLogger(destination)));
  app.get("/", (_req, res) => {
    res.send("ok");
  });
  const server = app.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  try {
    const { port } = server.address() as AddressInfo;
    for (const headers of requests) expect((await fetch(`http://127.0.0.1:${port}/`, { headers })).status).toBe(200);
  } finally {
    server.close();
  }
  return lines.filter((line) => line.level === 40);
}

describe("a proxy in front while TRUST_PROXY is unset", () => {
  it("is told of once per process, on the first forwarded request, naming TRUST_PROXY", async () => {
    const warnings = await warningsFor([
      {},
      { "X-Forwarded-For": "198.51.100.7" },
      { "X-Forwarded-For": "203.0.113.9" },
      { Forwarded: "for=192.0.2.60" },
    ]);
    expect(warnings).toHaveLength(1);
    expect(warnings[0].msg).toMatch(/TRUST_PROXY is unset/);
    expect(warnings[0].msg).toMatch(/TRUST_PROXY=loopback/);
    expect(warnings[0].proxy).toBe("127.0.0.1");
  });

  it("stays quiet for requests without forwarded headers", async () => {
    expect(await warningsFor([{}, { "User-Agent": "curl/8" }])).toHaveLength(0);
    expect((await warningsFor([{ Forwarded: "for=192.0.2.60" }])).length).toBe(1);
  });

  it("knows private addresses from public ones", () => {
    for (const address of [
      "127.0.0.1",
      "10.1.2.3",
      "172.16.0.9",
      "172.31.255.1",
      "192.168.1.1",
      "::1",
      "::ffff:10.0.0.2",
      "fd12:3456::1",
      "fe80::1",
    ])
      expect(isPrivate(address), address).toBe(true);
    for (const address of ["203.0.113.9", "172.32.0.1", "8.8.8.8", "2001:db8::1", "::ffff:198.51.100.1", undefined])
      expect(isPrivate(address), String(address)).toBe(false);
  });
});
