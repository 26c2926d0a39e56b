import { mkdtempSync, readFileSync } from "node:fs";
import { availableParallelism, tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { ConfigError, parseEnv } from "~/.server/config/env.server";

describe("configuration", () => {
  it("works with nothing set: port 3000, a secret generated once and kept", () => {
    const dir = mkdtempSync(path.join(tmpdir(), "cap-config-"));
    const first = parseEnv({ DATA_DIR: dir });
    expect(first.PORT).toBe(3000);
    expect(first.APP_URL).toBe("http://localhost:3000");
    expect(first.DATABASE_URL).toBeUndefined();
    expect(first.SESSION_SECRET).toHaveLength(64);
    expect(readFileSync(path.join(dir, "session-secret"), "utf8")).toBe(first.SESSION_SECRET);
    expect(parseEnv({ DATA_DIR: dir }).SESSION_SECRET).toBe(first.SESSION_SECRET);
  });

  it("names each bad variable and what it expects", () => {
    try {
      parseEnv({ PORT: "eighty", DATABASE_URL: "mysql://db", SMTP_URL: "not a url", SESSION_SECRET: "short" });
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError);
      const message = (error as Error).message;
      expect(message).toMatch(/PORT="eighty" is not valid: expected a port number/);
      expect(message).toMatch(/DATABASE_URL="mysql:\/\/db" is not valid: expected a PostgreSQL URL/);
      expect(message).toMatch(/SMTP_URL="not a url" is not valid: expected an SMTP URL/);
      expect(message).toMatch(/SESSION_SECRET="short" is not valid: expected at least 32 characters/);
    }
  });

  it("accepts a PostgreSQL URL and an https APP_URL without its trailing slash", () => {
    const env = parseEnv({
      DATABASE_URL: "postgres://postgres@127.0.0.1:5432/cap",
      APP_URL: "https://cap.example/",
      SESSION_SECRET: "x".repeat(32),
    });
    expect(env.DATABASE_URL).toBe("postgres://postgres@127.0.0.1:5432/cap");
    expect(env.APP_URL).toBe("https://cap.example");
  });

  it("trusts forwarded headers only from the proxies TRUST_PROXY names", () => {
    const dir = mkdtempSync(path.join(tmpdir(), "cap-config-"));
    expect(parseEnv({ DATA_DIR: dir }).TRUST_PROXY).toBeUndefined();
    expect(parseEnv({ DATA_DIR: dir, TRUST_PROXY: "1" }).TRUST_PROXY).toBe(1);
    expect(parseEnv({ DATA_DIR: dir, TRUST_PROXY: "10.0.0.0/8, loopback" }).TRUST_PROXY).toBe("10.0.0.0/8, loopback");
    expect(() => parseEnv({ DATA_DIR: dir, TRUST_PROXY: "true" })).toThrow(/TRUST_PROXY="true" is not valid/);
  });

  it("runs one worker on the embedded database, and refuses more", () => {
    const dir = mkdtempSync(path.join(tmpdir(), "cap-config-"));
    expect(parseEnv({ DATA_DIR: dir }).WEB_CONCURRENCY).toBe(1);
    // On PostgreSQL, one worker per core unless told.
    expect(parseEnv({ DATA_DIR: dir, DATABASE_URL: "postgres://h/cap" }).WEB_CONCURRENCY).toBe(availableParallelism());
    expect(parseEnv({ DATA_DIR: dir, DATABASE_URL: "postgres://h/cap", WEB_CONCURRENCY: "3" }).WEB_CONCURRENCY).toBe(3);
    expect(() => parseEnv({ DATA_DIR: dir, WEB_CONCURRENCY: "2" })).toThrow(
      'WEB_CONCURRENCY="2" is not valid: expected 1 with the embedded database (PGlite runs in one process); ' +
        "set DATABASE_URL to a PostgreSQL server to run several workers",
    );
  });

  it("takes a direct PostgreSQL URL for the migrations beside DATABASE_URL (PgBouncer), never alone", () => {
    const dir = mkdtempSync(path.join(tmpdir(), "cap-config-"));
    const direct = "postgres://h:5432/cap";
    expect(
      parseEnv({ DATA_DIR: dir, DATABASE_URL: "postgres://h:6432/cap", DATABASE_DIRECT_URL: direct })
        .DATABASE_DIRECT_URL,
    ).toBe(direct);
    expect(() => parseEnv({ DATA_DIR: dir, DATABASE_DIRECT_URL: direct })).toThrow(
      "DATABASE_DIRECT_URL is set without DATABASE_URL",
    );
    expect(() => parseEnv({ DATA_DIR: dir, DATABASE_URL: direct, DATABASE_DIRECT_URL: "mysql://h/cap" })).toThrow(
      /DATABASE_DIRECT_URL/,
    );
  });

  it("caps each worker's heap at 192 MB unless WORKER_HEAP_MB says otherwise, within 64–16384", () => {
    const dir = mkdtempSync(path.join(tmpdir(), "cap-config-"));
    expect(parseEnv({ DATA_DIR: dir }).WORKER_HEAP_MB).toBe(192);
    expect(parseEnv({ DATA_DIR: dir, WORKER_HEAP_MB: "512" }).WORKER_HEAP_MB).toBe(512);
    for (const bad of ["32", "20000", "1.5", "lots"])
      expect(() => parseEnv({ DATA_DIR: dir, WORKER_HEAP_MB: bad })).toThrow(`WORKER_HEAP_MB="${bad}" is not valid`);
  });

  it("keeps 16 MB of member pages per worker unless MEMBER_PAGE_CACHE_MB says otherwise (0 turns it off), within 0–1024", () => {
    const dir = mkdtempSync(path.join(tmpdir(), "cap-config-"));
    expect(parseEnv({ DATA_DIR: dir }).MEMBER_PAGE_CACHE_MB).toBe(16);
    expect(parseEnv({ DATA_DIR: dir, MEMBER_PAGE_CACHE_MB: "0" }).MEMBER_PAGE_CACHE_MB).toBe(0);
    for (const bad of ["-1", "2048", "0.5", "lots"])
      expect(() => parseEnv({ DATA_DIR: dir, MEMBER_PAGE_CACHE_MB: bad })).toThrow(
        `MEMBER_PAGE_CACHE_MB="${bad}" is not valid`,
      );
  });

  it("takes Ory's settings: the admin URL defaults to the public one, the courier key is required, the timeout bounded", () => {
    const dir = mkdtempSync(path.join(tmpdir(), "cap-config-"));
    const ory = { DATA_DIR: dir, ORY_SDK_URL: "https://cap.projects.oryapis.com", ORY_COURIER_KEY: "k".repeat(16) };
    const env = parseEnv(ory);
    expect(env.ORY_ADMIN_URL).toBeUndefined();
    expect(env.ORY_TIMEOUT_MS).toBe(5000);
    expect(parseEnv({ ...ory, ORY_ADMIN_URL: "http://kratos:4434", ORY_TIMEOUT_MS: "800" })).toMatchObject({
      ORY_ADMIN_URL: "http://kratos:4434",
      ORY_TIMEOUT_MS: 800,
    });
    expect(() => parseEnv({ ...ory, ORY_COURIER_KEY: undefined })).toThrow(/ORY_COURIER_KEY="" is not valid/);
    expect(() => parseEnv({ ...ory, ORY_COURIER_KEY: "short" })).toThrow(/at least 16 characters/);
    expect(() => parseEnv({ ...ory, ORY_TIMEOUT_MS: "0" })).toThrow(/ORY_TIMEOUT_MS="0" is not valid/);
    expect(() => parseEnv({ ...ory, ORY_SDK_URL: "ftp://kratos" })).toThrow(
      /ORY_SDK_URL="ftp:\/\/kratos" is not valid/,
    );
  });
});
