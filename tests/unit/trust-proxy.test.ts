import { mkdtempSync } from "node:fs";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import express from "express";
import { describe, expect, it } from "vitest";
import { parseEnv } from "~/.server/config/env.server";

/**
 * TRUST_PROXY as server.ts hands it to Express (`app.set("trust proxy", config.TRUST_PROXY ?? false)`):
 * the client address the routes see (req.ip, the login and code limits' key) for a request that
 * reaches Express from 127.0.0.1 claiming to come, through a proxy, from two other addresses.
 */
async function clientIpSeen(trustProxy: string | undefined): Promise<string> {
  const config = parseEnv({ DATA_DIR: mkdtempSync(path.join(tmpdir(), "cap-trust-")), TRUST_PROXY: trustProxy });
  const app = express();
  app.set("trust proxy", config.TRUST_PROXY ?? false);
  app.get("/", (req, res) => {
    res.send(req.ip);
  });
  const server = app.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  try {
    const { port } = server.address() as AddressInfo;
    const answer = await fetch(`http://127.0.0.1:${port}/`, {
      headers: { "X-Forwarded-For": "198.51.100.7, 203.0.113.9" },
    });
    return await answer.text();
  } finally {
    server.close();
  }
}

describe("TRUST_PROXY decides whose X-Forwarded-For is believed", () => {
  it("unset: forwarded headers are ignored, the client is the socket's address", async () => {
    expect(await clientIpSeen(undefined)).toBe("127.0.0.1");
    expect(await clientIpSeen("")).toBe("127.0.0.1");
  });

  it("a hop count believes that many proxies, from the right", async () => {
    expect(await clientIpSeen("1")).toBe("203.0.113.9");
    expect(await clientIpSeen("2")).toBe("198.51.100.7");
  });

  it("addresses and subnets: only the listed proxies are believed", async () => {
    expect(await clientIpSeen("loopback")).toBe("203.0.113.9");
    expect(await clientIpSeen("loopback, 203.0.113.0/24")).toBe("198.51.100.7");
    // A request straight from an address that is not a listed proxy: its header is ignored.
    expect(await clientIpSeen("10.0.0.0/8")).toBe("127.0.0.1");
  });
});
