import { randomUUID } from "node:crypto";
import { createServer, request as httpRequest, type IncomingMessage } from "node:http";
import type { AddressInfo } from "node:net";
import { count, eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { db, type Transaction } from "~/.server/db/client.server";
import { appUsers, identityFlows, rateLimitEvents, selfServiceCodes } from "~/.server/db/schema.server";
import { CODE_MISSES_PER_HOUR, CODE_MISSES_PER_IP_PER_HOUR } from "~/.server/identity/code-limits.server";
import { EmailTakenError, type Identity } from "~/.server/identity/identity.server";
import { createOryIdentity } from "~/.server/identity/ory/adapter.server";
import { IdentityUnavailableError, type IdentityPort, type NewIdentity } from "~/.server/identity/port.server";
import { recordEvent } from "~/.server/rate-limit/rate-limit.server";
import { startFakeKratos, type FakeKratos } from "../support/fake-kratos/server";
import { totpCode } from "../support/totp";

/**
 * The Ory adapter of the identity port against the fake Kratos v26.2.0, every request and answer
 * checked against Kratos's OpenAPI document. The adapter talks to the fake through a small proxy
 * that records what goes over the wire and lets a test act between two of the adapter's calls.
 */

const T0 = new Date("2026-03-01T10:00:00.000Z");
const minutes = (n: number) => new Date(T0.getTime() + n * 60_000);
const IP = "203.0.113.7";
const API_KEY = "ory_pat_test_key";
const PASSWORD = "correct horse battery";
const FIREFOX = "Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0";
const SAFARI = "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) Version/17.5 Mobile/15E148 Safari/604.1";

type Seen = { method: string; path: string; headers: IncomingMessage["headers"] };
type Proxy = { url: string; seen: Seen[]; before?: (seen: Seen) => void; close(): Promise<void> };

let kratos: FakeKratos;
let proxy: Proxy;
let ory: IdentityPort;

async function startProxy(target: string): Promise<Proxy> {
  const server = createServer((request, response) => {
    const seen = { method: request.method ?? "GET", path: request.url ?? "/", headers: request.headers };
    proxy.seen.push(seen);
    proxy.before?.(seen);
    const upstream = httpRequest(
      new URL(seen.path, target),
      { method: seen.method, headers: request.headers },
      (answer) => {
        response.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(response);
      },
    );
    // The fake left the request unanswered ("timeout") and closed: so does the proxy.
    upstream.on("error", () => response.destroy());
    request.pipe(upstream);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const proxy: Proxy = {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    seen: [],
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
  return proxy;
}

const adapter = (url: string, timeoutMs = 2_000) =>
  createOryIdentity({ sdkUrl: url, adminUrl: url, apiKey: API_KEY, timeoutMs });

beforeEach(async () => {
  kratos = await startFakeKratos();
  kratos.setNow(T0);
  proxy = await startProxy(kratos.url);
  ory = adapter(proxy.url);
});

afterEach(async () => {
  await proxy.close();
  await kratos.close();
  kratos.assertNoViolations();
});

const newIdentity = (overrides: Partial<NewIdentity> = {}): NewIdentity => ({
  email: "ada@example.com",
  password: PASSWORD,
  name: { first: "Ada", last: "Lovelace" },
  lang: "fr",
  userAgent: FIREFOX,
  ...overrides,
});

/** Cap's member record, written in the registration's transaction. */
async function createMember(tx: Transaction, identity: Identity): Promise<string> {
  const [row] = await tx
    .insert(appUsers)
    .values({
      identityId: identity.id,
      firstname: identity.traits.name.first,
      lastname: identity.traits.name.last,
      birthDate: "1990-05-17",
    })
    .returning({ id: appUsers.id });
  return row.id;
}

async function register(overrides: Partial<NewIdentity> = {}) {
  const registered = await ory.register(newIdentity(overrides), createMember);
  if (!registered.ok) throw new Error(`registration refused: ${registered.error}`);
  return registered;
}

const lastCode = (type: "recovery_code_valid" | "verification_code_valid") => {
  const message = [...kratos.sentMessages].reverse().find((m) => m.template_type === type);
  if (!message) throw new Error(`no ${type} mail`);
  return String(message.template_data[type === "recovery_code_valid" ? "recovery_code" : "verification_code"]);
};
const wrong = (code: string) => (code === "000000" ? "111111" : "000000");

const rows = async (table: typeof appUsers | typeof identityFlows | typeof rateLimitEvents) =>
  (await db().select({ n: count() }).from(table))[0].n;

/** What `then` saw: the callback runs in Cap's transaction, so it writes through `tx`. */
function recorder() {
  const calls: Array<{ identityId: string; address: string }> = [];
  return {
    calls,
    onVerified: async (tx: Transaction, verified: { identityId: string; address: string }) => {
      calls.push(verified);
      await tx.update(appUsers).set({ lang: "en" }).where(eq(appUsers.identityId, verified.identityId));
    },
  };
}

describe("registration", () => {
  it("creates the identity, its member record and a session; whoami answers Cap's identity shape", async () => {
    const registered = await register({ email: "  Ada@Example.COM " });
    const at = T0.toISOString();
    const expected = {
      id: expect.any(String),
      schema_id: "cap",
      state: "active",
      traits: { email: "ada@example.com", name: { first: "Ada", last: "Lovelace" } },
      verifiable_addresses: [
        {
          id: expect.any(String),
          value: "ada@example.com",
          verified: false,
          verified_at: null,
          via: "email",
          status: "sent",
          created_at: at,
          updated_at: at,
        },
      ],
      recovery_addresses: [
        { id: expect.any(String), value: "ada@example.com", via: "email", created_at: at, updated_at: at },
      ],
      created_at: at,
      updated_at: at,
    };
    expect(registered.identity).toEqual(expected);
    const [member] = await db().select().from(appUsers);
    expect(registered.created).toBe(member.id);
    expect(member.identityId).toBe(registered.identity.id);

    const session = await ory.whoami(registered.token);
    expect(session).toEqual({
      id: expect.any(String),
      token: registered.token,
      identity: expected,
      expires_at: minutes(720 * 60).toISOString(),
      authenticated_at: at,
      aal: "aal1",
    });

    // The verification flow Kratos started is Cap's to find again; its mail carries what the webhook needs.
    const [flow] = await db().select().from(identityFlows);
    expect(flow).toMatchObject({
      kind: "verification",
      identityId: registered.identity.id,
      address: "ada@example.com",
    });
    expect(kratos.sentMessages).toHaveLength(1);
    expect(kratos.sentMessages[0].template_data).toMatchObject({
      transient_payload: { lang: "fr", firstname: "Ada" },
      verification_url: expect.stringContaining(`flow=${flow.flowId}`),
    });
  });

  it("answers emailTaken for a registered address, passwordRejected for Kratos's password policy", async () => {
    await register();
    expect(await ory.register(newIdentity({ email: "ADA@example.com" }), createMember)).toEqual({
      ok: false,
      error: "emailTaken",
    });
    for (const password of ["short", "grace@example.com!", "é".repeat(37)]) {
      expect(await ory.register(newIdentity({ email: "grace@example.com", password }), createMember)).toEqual({
        ok: false,
        error: "passwordRejected",
      });
    }
    expect(kratos.identities()).toHaveLength(1);
    expect(await rows(appUsers)).toBe(1);
  });

  it("undoes the Kratos identity when the member record fails, and rolls the record back", async () => {
    const failing = async (tx: Transaction, identity: Identity) => {
      await createMember(tx, identity);
      throw new Error("the member record cannot be written");
    };
    await expect(ory.register(newIdentity(), failing)).rejects.toThrow("the member record cannot be written");
    expect(kratos.identities()).toEqual([]);
    expect(await rows(appUsers)).toBe(0);
    expect(await rows(identityFlows)).toBe(0);
    // The address is free again.
    expect((await ory.register(newIdentity(), createMember)).ok).toBe(true);
  });

  it("retries once with a new flow when the first expired on the way (410)", async () => {
    /** Kratos's clock jumps past the flow's hour just before the first submission of `kind`. */
    const expireFirstSubmission = (kind: string, to: Date) => {
      let submissions = 0;
      proxy.before = (seen) => {
        if (seen.method === "POST" && seen.path.startsWith(`/self-service/${kind}?`) && submissions++ === 0)
          kratos.setNow(to);
      };
    };
    expireFirstSubmission("registration", minutes(61));
    expect((await ory.register(newIdentity(), createMember)).ok).toBe(true);
    expect(proxy.seen.filter((s) => s.path === "/self-service/registration/api")).toHaveLength(2);

    expireFirstSubmission("login", minutes(122));
    expect(await ory.login("ada@example.com", PASSWORD, null)).toEqual({ token: expect.any(String) });
    expect(proxy.seen.filter((s) => s.path === "/self-service/login/api")).toHaveLength(2);
  });
});

describe("login, whoami and logout", () => {
  it("signs in with any case of the address; a wrong password or an unknown address is null", async () => {
    await register();
    const signedIn = await ory.login("ADA@example.com ", PASSWORD, SAFARI);
    expect(signedIn?.token).toMatch(/^ory_st_/);
    expect((await ory.whoami(signedIn!.token))?.identity.traits.email).toBe("ada@example.com");
    expect(await ory.login("ada@example.com", "not the password", null)).toBeNull();
    expect(await ory.login("nobody@example.com", PASSWORD, null)).toBeNull();
  });

  it("sends the browser's User-Agent with the sign-in, so the devices list can name it", async () => {
    await register();
    await ory.login("ada@example.com", PASSWORD, SAFARI);
    const submission = proxy.seen.find((s) => s.method === "POST" && s.path.startsWith("/self-service/login?"));
    expect(submission?.headers["user-agent"]).toBe(SAFARI);
    // Native flows only: no cookie, no Origin (Kratos refuses API flows that carry either).
    expect(proxy.seen.every((s) => s.headers.cookie === undefined && s.headers.origin === undefined)).toBe(true);
  });

  it("calls the admin API with the API key, the public API without it", async () => {
    await register();
    await ory.findIdByEmail("ada@example.com");
    for (const seen of proxy.seen) {
      expect(seen.headers.authorization).toBe(seen.path.startsWith("/admin/") ? `Bearer ${API_KEY}` : undefined);
    }
    expect(proxy.seen.some((s) => s.path.startsWith("/admin/"))).toBe(true);
  });

  it("answers null for an unknown, ended or expired session", async () => {
    const { token } = await register();
    expect(await ory.whoami("ory_st_unknown")).toBeNull();
    kratos.setNow(minutes(720 * 60 + 1));
    expect(await ory.whoami(token)).toBeNull();
    kratos.setNow(T0);
    expect(await ory.logout(token)).toBe(true);
    expect(await ory.whoami(token)).toBeNull();
    expect(await ory.logout(token)).toBe(false);
  });

  it("throws IdentityUnavailableError on a 5xx, a timeout or no connection, never null", async () => {
    const { token } = await register();
    kratos.failNext(500);
    await expect(ory.whoami(token)).rejects.toBeInstanceOf(IdentityUnavailableError);
    kratos.failNext(503);
    await expect(ory.login("ada@example.com", PASSWORD, null)).rejects.toBeInstanceOf(IdentityUnavailableError);
    kratos.failNext(502);
    await expect(ory.logout(token)).rejects.toBeInstanceOf(IdentityUnavailableError);

    const impatient = adapter(proxy.url, 300);
    kratos.failNext("timeout");
    await expect(impatient.whoami(token)).rejects.toBeInstanceOf(IdentityUnavailableError);

    const unreachable = adapter("http://127.0.0.1:9");
    await expect(unreachable.whoami(token)).rejects.toBeInstanceOf(IdentityUnavailableError);
    // The session itself is fine.
    expect((await ory.whoami(token))?.identity.traits.email).toBe("ada@example.com");
  });

  it("keeps the session token and the API key out of the outage's error", async () => {
    const { token } = await register();
    kratos.failNext(500);
    const error = await ory.whoami(token).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(IdentityUnavailableError);
    const text = JSON.stringify(error, Object.getOwnPropertyNames(error)) + String((error as Error).cause);
    expect(text).not.toContain(token);
    expect(text).not.toContain(API_KEY);
  });
});

describe("recovery", () => {
  it("starts a flow (recorded, its id in the mail's payload), takes a code and a new password", async () => {
    const { identity, token: before } = await register();
    const started = await ory.startRecovery(" ADA@example.com", { lang: "en", ip: IP });
    const [flow] = await db().select().from(identityFlows).where(eq(identityFlows.kind, "recovery"));
    expect(flow).toMatchObject({ flowId: started.flowId, identityId: identity.id, address: "ada@example.com" });
    expect(kratos.sentMessages.at(-1)).toMatchObject({
      template_type: "recovery_code_valid",
      template_data: { transient_payload: { lang: "en", flow_id: started.flowId } },
    });
    expect(await ory.recoveryIsOpen(started.flowId)).toBe(true);
    const code = lastCode("recovery_code_valid");

    expect(await ory.completeRecovery(started.flowId, wrong(code), "a brand new secret", { ip: IP })).toEqual({
      ok: false,
      error: "codeInvalid",
    });
    // The wrong code counts against the identity's hour and the address's.
    expect(await rows(rateLimitEvents)).toBe(2);

    const recovered = await ory.completeRecovery(started.flowId, ` ${code} `, "a brand new secret", { ip: IP });
    if (!recovered.ok) throw new Error(recovered.error);
    const session = await ory.whoami(recovered.token);
    expect(session?.identity.id).toBe(identity.id);
    // The address counts as verified; every other session ended; the new password opens.
    expect(session?.identity.verifiable_addresses[0]).toMatchObject({ verified: true, status: "completed" });
    expect(await ory.whoami(before)).toBeNull();
    expect(await ory.login("ada@example.com", "a brand new secret", null)).not.toBeNull();
    expect(await ory.login("ada@example.com", PASSWORD, null)).toBeNull();
    // A right code gives its slots back.
    expect(await rows(rateLimitEvents)).toBe(2);

    expect(await ory.recoveryIsOpen(started.flowId)).toBe(false);
    expect(await ory.completeRecovery(started.flowId, code, "a brand new secret", { ip: IP })).toEqual({
      ok: false,
      error: "codeExpired",
    });
  });

  it("replaces the open recovery with a newer one: the older code opens nothing", async () => {
    await register();
    const first = await ory.startRecovery("ada@example.com", { lang: "fr", ip: IP });
    const firstCode = lastCode("recovery_code_valid");
    const second = await ory.startRecovery("ada@example.com", { lang: "fr", ip: IP });
    expect(await ory.recoveryIsOpen(first.flowId)).toBe(false);
    expect(await ory.recoveryIsOpen(second.flowId)).toBe(true);
    expect(await ory.completeRecovery(first.flowId, firstCode, "a brand new secret", { ip: IP })).toEqual({
      ok: false,
      error: "codeExpired",
    });
    expect(
      await db().select({ flowId: identityFlows.flowId }).from(identityFlows).where(eq(identityFlows.kind, "recovery")),
    ).toEqual([{ flowId: second.flowId }]);
    expect(await ory.login("ada@example.com", PASSWORD, null)).not.toBeNull();
  });

  it("answers an unknown address alike, with no mail, and records the flow by address", async () => {
    await register();
    const mails = kratos.sentMessages.length;
    const started = await ory.startRecovery("nobody@example.com", { lang: "fr", ip: IP });
    expect(started).toEqual({ flowId: expect.any(String) });
    expect(kratos.sentMessages).toHaveLength(mails);
    const [flow] = await db().select().from(identityFlows).where(eq(identityFlows.kind, "recovery"));
    expect(flow).toMatchObject({ identityId: null, address: "nobody@example.com" });
    // Its wrong codes count against the address.
    await ory.completeRecovery(started.flowId, "123456", "a brand new secret", { ip: IP });
    const [event] = await db().select().from(rateLimitEvents).where(eq(rateLimitEvents.bucket, "code-misses"));
    expect(event.key).toBe("nobody@example.com");
  });

  it("refuses a password Kratos would refuse for its length before spending the code", async () => {
    await register();
    const started = await ory.startRecovery("ada@example.com", { lang: "fr", ip: IP });
    const code = lastCode("recovery_code_valid");
    for (const password of ["short", "é".repeat(37)]) {
      expect(await ory.completeRecovery(started.flowId, code, password, { ip: IP })).toEqual({
        ok: false,
        error: "passwordRejected",
      });
    }
    expect(await rows(rateLimitEvents)).toBe(0);
    expect((await ory.completeRecovery(started.flowId, code, "a brand new secret", { ip: IP })).ok).toBe(true);
  });

  it("ends the recovery's session when Kratos's policy refuses the password after the code", async () => {
    const { token, identity } = await register();
    const started = await ory.startRecovery("ada@example.com", { lang: "fr", ip: IP });
    const code = lastCode("recovery_code_valid");
    // Too similar to the address: only Kratos knows.
    expect(await ory.completeRecovery(started.flowId, code, "ada@example.com!", { ip: IP })).toEqual({
      ok: false,
      error: "passwordRejected",
    });
    expect((await ory.listSessions(token, identity.id, { limit: 50, offset: 0 })).sessions).toHaveLength(1);
    expect(await ory.login("ada@example.com", PASSWORD, null)).not.toBeNull();
  });

  it("answers codeExpired for an unknown, expired or exhausted flow", async () => {
    await register();
    expect(await ory.completeRecovery("not-a-flow", "123456", "a brand new secret", { ip: IP })).toEqual({
      ok: false,
      error: "codeExpired",
    });
    expect(await ory.completeRecovery(randomUUID(), "123456", "a brand new secret", { ip: IP })).toEqual({
      ok: false,
      error: "codeExpired",
    });
    expect(await ory.recoveryIsOpen("not-a-flow")).toBe(false);
    expect(await ory.recoveryIsOpen(randomUUID())).toBe(false);

    const expiring = await ory.startRecovery("ada@example.com", { lang: "fr", ip: IP });
    const code = lastCode("recovery_code_valid");
    kratos.setNow(minutes(16));
    expect(await ory.recoveryIsOpen(expiring.flowId)).toBe(false);
    expect(await ory.completeRecovery(expiring.flowId, code, "a brand new secret", { ip: IP })).toEqual({
      ok: false,
      error: "codeExpired",
    });
    // An expired flow is no wrong code.
    expect(await rows(rateLimitEvents)).toBe(0);

    const exhausted = await ory.startRecovery("ada@example.com", { lang: "fr", ip: IP });
    const fresh = lastCode("recovery_code_valid");
    for (let i = 0; i < 5; i++)
      await ory.completeRecovery(exhausted.flowId, wrong(fresh), "a brand new secret", { ip: IP });
    expect(await ory.completeRecovery(exhausted.flowId, fresh, "a brand new secret", { ip: IP })).toEqual({
      ok: false,
      error: "codeExpired",
    });
    expect(await ory.recoveryIsOpen(exhausted.flowId)).toBe(false);
    expect(await rows(rateLimitEvents)).toBe(10);
  });

  it("stops at Cap's hourly wrong-code limits (account and address), asking Kratos nothing", async () => {
    const { identity } = await register();
    const started = await ory.startRecovery("ada@example.com", { lang: "fr", ip: IP });
    const code = lastCode("recovery_code_valid");
    for (let i = 0; i < CODE_MISSES_PER_IP_PER_HOUR; i++) await recordEvent("code-misses-ip", IP);
    expect(await ory.completeRecovery(started.flowId, code, "a brand new secret", { ip: IP })).toEqual({
      ok: false,
      error: "codeTooManyTriesFromHere",
    });
    for (let i = 0; i < CODE_MISSES_PER_HOUR; i++) await recordEvent("code-misses", identity.id);
    expect(await ory.completeRecovery(started.flowId, code, "a brand new secret", { ip: "198.51.100.1" })).toEqual({
      ok: false,
      error: "codeTooManyTries",
    });
    expect(await ory.recoveryIsOpen(started.flowId)).toBe(true);
  });

  it("gives the slots back when Kratos is down, and throws IdentityUnavailableError", async () => {
    await register();
    const started = await ory.startRecovery("ada@example.com", { lang: "fr", ip: IP });
    kratos.failNext(500);
    await expect(
      ory.completeRecovery(started.flowId, lastCode("recovery_code_valid"), "a brand new secret", { ip: IP }),
    ).rejects.toBeInstanceOf(IdentityUnavailableError);
    expect(await rows(rateLimitEvents)).toBe(0);
  });
});

describe("verification", () => {
  it("verifies with the registration's code; a wrong one counts, then runs nothing", async () => {
    const { identity } = await register();
    const code = lastCode("verification_code_valid");
    const seen = recorder();
    expect(await ory.verifyWithCode(identity.id, wrong(code), IP, seen.onVerified)).toEqual({
      ok: false,
      error: "codeInvalid",
    });
    expect(seen.calls).toEqual([]);
    // The identity's hour, the address's hour, and the verification codes' day.
    expect(await rows(rateLimitEvents)).toBe(3);

    const verified = { identityId: identity.id, address: "ada@example.com" };
    expect(await ory.verifyWithCode(identity.id, code, IP, seen.onVerified)).toEqual({ ok: true, ...verified });
    expect(seen.calls).toEqual([verified]);
    const [member] = await db().select().from(appUsers);
    expect(member.lang).toBe("en");
    // The right code gave its slots back: only the wrong one's three remain.
    expect(await rows(rateLimitEvents)).toBe(3);
    expect(kratos.identities()[0].verifiable_addresses).toMatchObject([{ verified: true, status: "completed" }]);
  });

  it("sends a new code through a new flow, which replaces the older one (its code and its link)", async () => {
    const { identity } = await register();
    const first = lastCode("verification_code_valid");
    const firstLink = new URL(String(kratos.sentMessages[0].template_data.verification_url));
    await ory.sendVerification(identity, { lang: "en", firstname: "Ada" });
    const [flow] = await db().select().from(identityFlows);
    expect(flow).toMatchObject({ kind: "verification", identityId: identity.id, address: "ada@example.com" });
    expect(flow.flowId).not.toBe(firstLink.searchParams.get("flow"));
    expect(kratos.sentMessages.at(-1)?.template_data.transient_payload).toEqual({ lang: "en", firstname: "Ada" });
    const second = lastCode("verification_code_valid");
    const seen = recorder();
    if (first !== second) expect((await ory.verifyWithCode(identity.id, first, IP, seen.onVerified)).ok).toBe(false);
    expect(await ory.verifyWithLink(firstLink.searchParams.get("flow")!, first, IP, seen.onVerified)).toEqual({
      ok: false,
      error: "codeExpired",
    });
    expect((await ory.verifyWithCode(identity.id, second, IP, seen.onVerified)).ok).toBe(true);
  });

  it("verifies with the mail's link, once: a spent link is expired", async () => {
    const { identity } = await register();
    const url = new URL(String(kratos.sentMessages[0].template_data.verification_url));
    const [flowId, secret] = [url.searchParams.get("flow")!, url.searchParams.get("code")!];
    const seen = recorder();
    const verified = { ok: true, identityId: identity.id, address: "ada@example.com" };
    expect(await ory.verifyWithLink(flowId, secret, IP, seen.onVerified)).toEqual(verified);
    // Kratos answers 410 self_service_flow_replaced for a passed flow.
    expect(await ory.verifyWithLink(flowId, secret, IP, seen.onVerified)).toEqual({ ok: false, error: "codeExpired" });
    expect(seen.calls).toHaveLength(1);
    expect(await ory.verifyWithLink("not-a-flow", secret, IP, seen.onVerified)).toEqual({
      ok: false,
      error: "codeExpired",
    });
    expect(await ory.verifyWithLink(randomUUID(), secret, IP, seen.onVerified)).toEqual({
      ok: false,
      error: "codeExpired",
    });
  });

  it("answers codeExpired for an expired flow, or none at all", async () => {
    const { identity } = await register();
    const code = lastCode("verification_code_valid");
    const seen = recorder();
    expect(await ory.verifyWithCode(randomUUID(), code, IP, seen.onVerified)).toEqual({
      ok: false,
      error: "codeExpired",
    });
    kratos.setNow(minutes(16));
    expect(await ory.verifyWithCode(identity.id, code, IP, seen.onVerified)).toEqual({
      ok: false,
      error: "codeExpired",
    });
    expect(seen.calls).toEqual([]);
    expect(await rows(rateLimitEvents)).toBe(0);
  });

  it("stops at Cap's hourly wrong-code limit", async () => {
    const { identity } = await register();
    for (let i = 0; i < CODE_MISSES_PER_HOUR; i++) await recordEvent("code-misses", identity.id);
    const seen = recorder();
    expect(await ory.verifyWithCode(identity.id, lastCode("verification_code_valid"), IP, seen.onVerified)).toEqual({
      ok: false,
      error: "codeTooManyTries",
    });
    expect(kratos.identities()[0].verifiable_addresses).toMatchObject([{ verified: false }]);
  });
});

describe("password", () => {
  it("re-authenticates with the identity's own password only", async () => {
    const { token, identity } = await register();
    kratos.setNow(minutes(30));
    expect(await ory.reauthenticate(token, identity, "not the password")).toBe(false);
    expect(await ory.reauthenticate(token, identity, PASSWORD)).toBe(true);
    expect((await ory.whoami(token))?.authenticated_at).toBe(minutes(30).toISOString());
  });

  it("is no re-authentication when the token's session ended, and leaves no session behind", async () => {
    const { token, identity } = await register();
    const other = await ory.login("ada@example.com", PASSWORD, null);
    await ory.logout(token);
    expect(await ory.reauthenticate(token, identity, PASSWORD)).toBe(false);
    expect((await ory.listSessions(other!.token, identity.id, { limit: 50, offset: 0 })).sessions).toHaveLength(1);
  });

  it("sets a new password and ends the other sessions; Kratos's policy refusals are passwordRejected", async () => {
    const { token, identity } = await register();
    const other = await ory.login("ada@example.com", PASSWORD, null);
    expect(await ory.setPassword(token, identity.id, "short")).toEqual({ ok: false, error: "passwordRejected" });
    expect(await ory.whoami(other!.token)).not.toBeNull();
    expect(await ory.setPassword(token, identity.id, "another long secret")).toEqual({ ok: true });
    expect(await ory.whoami(other!.token)).toBeNull();
    expect(await ory.whoami(token)).not.toBeNull();
    expect(await ory.login("ada@example.com", "another long secret", null)).not.toBeNull();
  });

  it("throws (a programming error, not an outage) on a session too old for a change", async () => {
    const { token, identity } = await register();
    kratos.setNow(minutes(16));
    const error = await ory.setPassword(token, identity.id, "another long secret").catch((e: unknown) => e);
    expect(error).toBeInstanceOf(Error);
    expect(error).not.toBeInstanceOf(IdentityUnavailableError);
    expect(await ory.reauthenticate(token, identity, PASSWORD)).toBe(true);
    expect(await ory.setPassword(token, identity.id, "another long secret")).toEqual({ ok: true });
  });
});

describe("devices", () => {
  it("lists every session with its browser, this one first, then the most recently seen", async () => {
    const { token, identity } = await register({ userAgent: FIREFOX });
    kratos.setNow(minutes(5));
    const phone = await ory.login("ada@example.com", PASSWORD, SAFARI);
    kratos.setNow(minutes(10));
    await ory.login("ada@example.com", PASSWORD, null);
    const { sessions: listed, total } = await ory.listSessions(phone!.token, identity.id, { limit: 50, offset: 0 });
    expect(total).toBe(3);
    expect(listed.map((s) => [s.userAgent?.slice(0, 13), s.lastSeenAt.toISOString()])).toEqual([
      [SAFARI.slice(0, 13), minutes(5).toISOString()],
      [expect.stringMatching(/^axios/), minutes(10).toISOString()],
      [FIREFOX.slice(0, 13), T0.toISOString()],
    ]);
    expect(listed[2]).toEqual({
      id: (await ory.whoami(token))!.id,
      userAgent: FIREFOX,
      authenticatedAt: T0,
      lastSeenAt: T0,
    });
    expect(await ory.listSessions("ory_st_unknown", identity.id, { limit: 50, offset: 0 })).toEqual({
      sessions: [],
      total: 0,
    });
  });

  it("follows Kratos's pages of GET /sessions (page_token in the Link header) and answers the window asked for", async () => {
    const paging = createOryIdentity({
      sdkUrl: proxy.url,
      adminUrl: proxy.url,
      apiKey: API_KEY,
      timeoutMs: 2_000,
      sessionsPageSize: 2,
    });
    const { token, identity } = await register();
    const others: string[] = [];
    for (let minute = 1; minute <= 6; minute++) {
      kratos.setNow(minutes(minute));
      const signedIn = await paging.login("ada@example.com", PASSWORD, null);
      others.push((await paging.whoami(signedIn!.token))!.id);
    }
    const before = proxy.seen.length;
    const first = await paging.listSessions(token, identity.id, { limit: 3, offset: 0 });
    // Six others in pages of two: three Kratos pages, each asked for with the previous page's token.
    const asked = proxy.seen.slice(before).filter((seen) => seen.path.startsWith("/sessions?"));
    expect(asked).toHaveLength(3);
    expect(asked.map((seen) => new URL(seen.path, proxy.url).searchParams.has("page_token"))).toEqual([
      false,
      true,
      true,
    ]);
    expect(first.total).toBe(7);
    expect(first.sessions.map((s) => s.id)).toEqual([(await paging.whoami(token))!.id, others[5], others[4]]);
    const last = await paging.listSessions(token, identity.id, { limit: 3, offset: 6 });
    expect(last).toMatchObject({ total: 7, sessions: [{ id: others[0] }] });
  });

  it("revokes one other session by id, or all the others", async () => {
    const { token, identity } = await register();
    const second = await ory.login("ada@example.com", PASSWORD, null);
    const third = await ory.login("ada@example.com", PASSWORD, null);
    const secondId = (await ory.whoami(second!.token))!.id;
    expect(await ory.revokeSession(token, identity.id, secondId)).toBe(true);
    expect(await ory.whoami(second!.token)).toBeNull();
    expect(await ory.revokeSession(token, identity.id, secondId)).toBe(false);
    expect(await ory.revokeSession(token, identity.id, "not-a-session")).toBe(false);
    expect(await ory.revokeSession(token, identity.id, randomUUID())).toBe(false);
    expect(await ory.revokeSession(token, identity.id, (await ory.whoami(token))!.id)).toBe(false);

    await ory.login("ada@example.com", PASSWORD, null);
    expect(await ory.revokeOtherSessions(token, identity.id)).toBe(2);
    expect(await ory.whoami(third!.token)).toBeNull();
    expect(await ory.whoami(token)).not.toBeNull();
    expect(await ory.revokeOtherSessions(token, identity.id)).toBe(0);
  });
});

describe("two-factor sign-in", () => {
  /** Ada with an app paired at T0 (the fake's clock), on the adapter given. */
  async function paired(on: IdentityPort = ory) {
    const registered = await on.register(newIdentity(), createMember);
    if (!registered.ok) throw new Error(registered.error);
    const setup = await on.startTotpSetup(registered.token, registered.identity);
    const done = await on.confirmTotpSetup(
      registered.token,
      registered.identity.id,
      setup.flowId,
      totpCode(setup.secret, T0),
    );
    if (!done.ok) throw new Error(done.error);
    return { ...registered, secret: setup.secret, recoveryCodes: done.recoveryCodes };
  }

  it("pairs through a settings flow of the member's session and counts recovery codes through the admin API", async () => {
    const { token, identity: created, recoveryCodes } = await paired();
    // Kratos makes twelve recovery codes; Cap gives the member all of them.
    expect(recoveryCodes).toHaveLength(12);
    proxy.seen = [];
    expect(await ory.recoveryCodesLeft(token, created.id)).toBe(12);
    expect(proxy.seen.map((seen) => seen.path)).toEqual([
      `/admin/identities/${created.id}?include_credential=lookup_secret`,
    ]);
    expect(proxy.seen[0].headers.authorization).toBe(`Bearer ${API_KEY}`);
  });

  it("throws IdentityUnavailableError when Kratos fails during the second step, and the code still opens afterwards", async () => {
    const { identity: created, secret } = await paired();
    const signedIn = await ory.login("ada@example.com", PASSWORD, null);
    const code = { method: "totp" as const, code: totpCode(secret, T0, 1) };
    kratos.failNext(500);
    await expect(ory.completeSecondFactor(signedIn!.token, created.id, code)).rejects.toBeInstanceOf(
      IdentityUnavailableError,
    );
    expect(await ory.completeSecondFactor(signedIn!.token, created.id, code)).toBe(true);
    expect((await ory.whoami(signedIn!.token))?.aal).toBe("aal2");
  });

  it("tells a Kratos that wants aal2 of whoami apart from a signed-out session: a misconfiguration, named", async () => {
    const strict = await startFakeKratos({ whoamiRequiredAal: "highest_available" });
    try {
      strict.setNow(T0);
      const on = adapter(strict.url);
      await paired(on);
      const signedIn = await on.login("ada@example.com", PASSWORD, null);
      await expect(on.whoami(signedIn!.token)).rejects.toThrow("session.whoami.required_aal: aal1");
      strict.assertNoViolations();
    } finally {
      await strict.close();
    }
  });
});

describe("admin", () => {
  it("finds an identity by email", async () => {
    const { identity } = await register();
    expect(await ory.findIdByEmail(" ADA@example.com")).toBe(identity.id);
    expect(await ory.findIdByEmail("nobody@example.com")).toBeNull();
  });

  it("renames the identity, retrying Ory's 429 on concurrent changes", async () => {
    const { token, identity } = await register();
    kratos.failNext(429);
    await ory.setName(identity.id, { first: "Augusta Ada", last: "King" });
    expect((await ory.whoami(token))?.identity.traits.name).toEqual({ first: "Augusta Ada", last: "King" });
    for (let i = 0; i < 4; i++) kratos.failNext(429);
    await expect(ory.setName(identity.id, { first: "Ada", last: "King" })).rejects.toBeInstanceOf(
      IdentityUnavailableError,
    );
  });

  it("replaces the address, verified at once, ending every session but the kept one", async () => {
    const { token, identity } = await register();
    const other = await ory.login("ada@example.com", PASSWORD, null);
    const ran: string[] = [];
    await ory.replaceEmail(identity.id, "Lovelace@Example.com", token, async (tx) => {
      await tx.update(appUsers).set({ lang: "en" }).where(eq(appUsers.identityId, identity.id));
      ran.push("then");
    });
    expect(ran).toEqual(["then"]);
    const session = await ory.whoami(token);
    expect(session?.identity.traits.email).toBe("lovelace@example.com");
    expect(session?.identity.verifiable_addresses).toMatchObject([
      { value: "lovelace@example.com", verified: true, status: "completed", verified_at: expect.any(String) },
    ]);
    expect(session?.identity.recovery_addresses).toMatchObject([{ value: "lovelace@example.com" }]);
    expect(await ory.whoami(other!.token)).toBeNull();
    expect(await ory.login("lovelace@example.com", PASSWORD, null)).not.toBeNull();
    expect(await ory.login("ada@example.com", PASSWORD, null)).toBeNull();
  });

  it("throws EmailTakenError for an address another identity holds, running nothing", async () => {
    const { token, identity } = await register();
    await register({ email: "grace@example.com", name: { first: "Grace", last: "Hopper" } });
    const ran: string[] = [];
    const attempt = ory.replaceEmail(identity.id, "grace@example.com", token, async () => {
      ran.push("then");
    });
    await expect(attempt).rejects.toBeInstanceOf(EmailTakenError);
    expect(ran).toEqual([]);
    expect((await ory.whoami(token))?.identity.traits.email).toBe("ada@example.com");
  });

  it("deletes Cap's records and the identity with its sessions in one step", async () => {
    const { token, identity } = await register();
    await ory.startRecovery("ada@example.com", { lang: "fr", ip: IP });
    await db()
      .insert(selfServiceCodes)
      .values({
        identityId: identity.id,
        flow: "email_change",
        address: "new@example.com",
        codeHash: "x",
        expiresAt: minutes(15),
      });
    await expect(
      ory.delete(identity.id, async () => {
        throw new Error("Cap's records cannot go");
      }),
    ).rejects.toThrow("Cap's records cannot go");
    expect(kratos.identities()).toHaveLength(1);
    expect(await rows(identityFlows)).toBe(2);

    // Kratos away: Cap's part is rolled back, nothing is half gone (the member tries again later).
    kratos.failNext(503);
    await expect(
      ory.delete(identity.id, async (tx) => {
        await tx.delete(appUsers).where(eq(appUsers.identityId, identity.id));
      }),
    ).rejects.toBeInstanceOf(IdentityUnavailableError);
    expect(kratos.identities()).toHaveLength(1);
    expect(await rows(appUsers)).toBe(1);
    expect(await rows(identityFlows)).toBe(2);

    await ory.delete(identity.id, async (tx) => {
      await tx.delete(appUsers).where(eq(appUsers.identityId, identity.id));
    });
    expect(kratos.identities()).toEqual([]);
    expect(await ory.whoami(token)).toBeNull();
    expect(await rows(appUsers)).toBe(0);
    expect(await rows(identityFlows)).toBe(0);
    expect(await db().select().from(selfServiceCodes)).toEqual([]);
    // Gone already: done.
    await ory.delete(identity.id, async () => {});
  });
});
