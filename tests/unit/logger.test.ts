import { EventEmitter } from "node:events";
import { Writable } from "node:stream";
import type { NextFunction, Request, Response } from "express";
import { describe, expect, it } from "vitest";
import { loggablePath, requestLog } from "~/.server/http/request-log.server";
import { createLogger } from "~/.server/observability/logger.server";

function memoryLogger() {
  const lines: Record<string, unknown>[] = [];
  const destination = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(
        ...chunk
          .toString("utf8")
          .trim()
          .split("\n")
          .map((line) => JSON.parse(line)),
      );
      done();
    },
  });
  return { log: createLogger(destination), lines };
}

describe("logs", () => {
  it("write one JSON line per request with its id, and no query, cookie or body", async () => {
    const { log, lines } = memoryLogger();
    const res = Object.assign(new EventEmitter(), { locals: { requestId: "req-42" }, statusCode: 303 });
    const req = {
      method: "POST",
      path: "/home/login",
      originalUrl: "/home/login?token=abc",
      headers: { cookie: "token=abc" },
      body: { password: "x" },
    };
    let passed = false;
    requestLog(log)(req as unknown as Request, res as unknown as Response, (() => (passed = true)) as NextFunction);
    res.emit("finish");
    await new Promise((resolve) => setImmediate(resolve));

    expect(passed).toBe(true);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({
      level: 30,
      msg: "request",
      requestId: "req-42",
      method: "POST",
      path: "/home/login",
      status: 303,
    });
    expect(typeof lines[0].time).toBe("string");
    expect(JSON.stringify(lines[0])).not.toMatch(/token|abc|password|cookie/);
  });

  it("redact secrets that ride along in a logged object", async () => {
    const { log, lines } = memoryLogger();
    log.info(
      {
        request: { headers: { cookie: "token=abc", authorization: "Bearer abc" } },
        form: { password: "x" },
        token: "abc",
      },
      "with secrets",
    );
    await new Promise((resolve) => setImmediate(resolve));
    expect(JSON.stringify(lines[0])).not.toMatch(/abc|"x"/);
  });

  it("never keep a survey's private token", () => {
    expect(loggablePath("/survey/abcDEF123?x=1")).toBe("/survey/[token]");
    expect(loggablePath("/my_team/surveys")).toBe("/my_team/surveys");
  });

  it("mask the private links whose path is the key, and keep a failed query's parameters out of the log", async () => {
    expect(loggablePath("/coach/session/SECRET-token/cancel?x=1")).toBe("/coach/session/[token]/cancel");
    expect(loggablePath("/home/new-password-0b5be52e-c9fd-4d38-9b3a-8f2f2f2f2f2f")).toBe(
      "/home/new-password-[code_id]",
    );
    const { log, lines } = memoryLogger();
    const failed = new Error('Failed query: insert into "members" ("email") values ($1)\nparams: marie@example.com');
    log.error({ err: failed }, "request failed");
    await new Promise((resolve) => setImmediate(resolve));
    expect(JSON.stringify(lines[0])).toContain('Failed query: insert into \\"members\\"');
    expect(JSON.stringify(lines[0])).not.toContain("marie@example.com");
  });
});
