import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { env } from "~/.server/config/env.server";
import { operatorSecret } from "~/.server/config/operator-secret.server";
import { db } from "~/.server/db/client.server";
import { auditEvents } from "~/.server/db/schema.server";
import { applyAdminEmails } from "~/.server/roles/admin-emails.server";
import { runRolesCommand } from "~/.server/operator/roles-command.server";
import { rolesOf } from "~/.server/roles/roles.server";
import { action as operatorAction, loader as operatorLoader } from "~/routes/operator.roles";
import { codeIn, lastMailTo, registerMember, verifiedMember } from "../support/accounts";
import { buildRequest, callWith, dataOf, statusOf } from "../support/http";
import { action as verificationAction } from "~/routes/_home.account_verification";
import { tokenOfNewMember } from "../support/server-members";
import { startServer, type ServerProcess } from "../support/server-process";

/**
 * Issue 24 item 1: the first admin comes from ADMIN_EMAILS (at start, or when the listed address
 * is verified later) or from `npm run roles`, which works while the server runs, on PGlite too.
 */
describe("ADMIN_EMAILS", () => {
  afterAll(() => applyAdminEmails([]));

  it("makes a listed, verified member an admin at start; an unverified one waits for their verification", async () => {
    const listed = await verifiedMember({ email: "ada@example.com" });
    const unlisted = await verifiedMember({ email: "bob@example.com" });
    const unverified = await registerMember({ email: "carol@example.com" });
    await applyAdminEmails([" ADA@example.com", "carol@example.com"]);
    expect(await rolesOf(listed.memberId)).toEqual(["admin"]);
    expect(await rolesOf(unlisted.memberId)).toEqual([]);
    expect(await rolesOf(unverified.memberId)).toEqual([]);
    // A second start (another worker) grants nothing twice.
    await applyAdminEmails(["ada@example.com", "carol@example.com"]);
    const entries = await db().select().from(auditEvents);
    expect(entries.map((entry) => [entry.action, entry.actorId, entry.subjectId])).toEqual([
      ["role.granted", null, listed.memberId],
    ]);

    const code = codeIn(await lastMailTo("carol@example.com"));
    const verified = await callWith(
      verificationAction,
      buildRequest("/account_verification", { form: { intent: "verify", code }, cookie: unverified.cookie }),
    );
    expect(statusOf(verified)).toBe(303);
    expect(await rolesOf(unverified.memberId)).toEqual(["admin"]);
  });

  it("is validated at start: addresses separated by commas", async () => {
    const { parseEnv } = await import("~/.server/config/env.server");
    const dataDir = mkdtempSync(path.join(os.tmpdir(), "cap-admins-"));
    expect(parseEnv({ DATA_DIR: dataDir, ADMIN_EMAILS: " Ada@Example.com, bob@example.com ," }).ADMIN_EMAILS).toEqual([
      "ada@example.com",
      "bob@example.com",
    ]);
    expect(parseEnv({ DATA_DIR: dataDir }).ADMIN_EMAILS).toEqual([]);
    expect(() => parseEnv({ DATA_DIR: dataDir, ADMIN_EMAILS: "ada@example.com; bob" })).toThrow(
      /ADMIN_EMAILS="ada@example.com; bob" is not valid: expected email addresses separated by commas/,
    );
    rmSync(dataDir, { recursive: true, force: true });
  });
});

describe("npm run roles", () => {
  it("grants, lists and withdraws; refuses an unknown role or address and the last admin's withdrawal", async () => {
    const ada = await verifiedMember({ email: "ada@example.com" });
    expect(await runRolesCommand({ kind: "grant", email: "Ada@example.com", role: "admin" })).toEqual({
      ok: true,
      lines: ["Ada@example.com is now admin."],
    });
    await runRolesCommand({ kind: "grant", email: "ada@example.com", role: "coach" });
    expect(await rolesOf(ada.memberId)).toEqual(["coach", "admin"]);
    const list = await runRolesCommand({ kind: "list" });
    expect(list.lines).toEqual(["admin\tMarie Curie\tada@example.com", "coach\tMarie Curie\tada@example.com"]);
    expect(await runRolesCommand({ kind: "withdraw", email: "ada@example.com", role: "admin" })).toMatchObject({
      ok: false,
      lines: [expect.stringContaining("last admin")],
    });
    expect((await runRolesCommand({ kind: "grant", email: "ada@example.com", role: "root" })).ok).toBe(false);
    expect((await runRolesCommand({ kind: "grant", email: "nobody@example.com", role: "coach" })).ok).toBe(false);
    expect(await runRolesCommand({ kind: "withdraw", email: "ada@example.com", role: "coach" })).toEqual({
      ok: true,
      lines: ["ada@example.com is no longer coach."],
    });
    expect(await rolesOf(ada.memberId)).toEqual(["admin"]);
  });

  it("the running server takes the command from loopback with the secret under DATA_DIR only", async () => {
    const ada = await verifiedMember({ email: "ada@example.com" });
    const secret = operatorSecret(env().DATA_DIR);
    const ask = (form: Record<string, string>, clientIp: string) =>
      callWith(operatorAction, buildRequest("/operator/roles", { form }), { context: { clientIp } });
    const command = { kind: "grant", email: "ada@example.com", role: "admin" };

    expect(statusOf(await ask({ ...command, secret: "guess" }, "127.0.0.1"))).toBe(404);
    expect(statusOf(await ask({ ...command, secret }, "203.0.113.9"))).toBe(404);
    expect(statusOf(await ask(command, "127.0.0.1"))).toBe(404);
    expect(statusOf(await callWith(operatorLoader, buildRequest("/operator/roles")))).toBe(404);
    expect(await rolesOf(ada.memberId)).toEqual([]);

    const answer = await ask({ ...command, secret }, "::1");
    expect(statusOf(answer)).toBe(200);
    expect(await dataOf(answer)).toEqual({ ok: true, lines: ["ada@example.com is now admin."] });
    expect(await rolesOf(ada.memberId)).toEqual(["admin"]);
  });
});

/** The command as an operator types it, in its own process. */
function rolesCommand(args: string[], processEnv: Record<string, string>) {
  return new Promise<{ code: number | null; output: string }>((resolve) => {
    const child = spawn(process.execPath, ["--import", "tsx", "app/.server/operator/roles-cli.server.ts", ...args], {
      env: { PATH: process.env.PATH, NODE_ENV: "production", ...processEnv },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let output = "";
    child.stdout.on("data", (chunk) => (output += chunk));
    child.stderr.on("data", (chunk) => (output += chunk));
    child.on("exit", (code) => resolve({ code, output }));
  });
}

describe("npm run roles against a running server on PGlite", () => {
  let server: ServerProcess | undefined;
  let dataDir: string;

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(os.tmpdir(), "cap-roles-"));
    server = await startServer({ DATA_DIR: dataDir });
  }, 120_000);

  afterAll(async () => {
    await server?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it("grants through the server that holds the database, and opens it itself once the server stopped", async () => {
    const running = server!;
    const ada = { firstname: "Ada", lastname: "Lovelace", email: "ada@example.com", password: "correct horse" };
    await tokenOfNewMember(running.url, ada);
    const port = new URL(running.url).port;
    const granted = await rolesCommand(["grant", "ada@example.com", "admin"], { DATA_DIR: dataDir, PORT: port });
    expect(granted).toEqual({ code: 0, output: "ada@example.com is now admin.\n" });
    const listed = await rolesCommand(["list"], { DATA_DIR: dataDir, PORT: port });
    expect(listed.output).toBe("admin\tAda Lovelace\tada@example.com\n");
    const usage = await rolesCommand(["promote", "ada@example.com"], { DATA_DIR: dataDir, PORT: port });
    expect(usage.code).toBe(2);

    // Stopped, the command opens the database itself, and finds the grant kept.
    await running.stop();
    server = undefined;
    const offline = await rolesCommand(["list"], { DATA_DIR: dataDir, PORT: port });
    expect(offline.code).toBe(0);
    expect(offline.output.trim().split("\n").at(-1)).toBe("admin\tAda Lovelace\tada@example.com");
  }, 120_000);
});
