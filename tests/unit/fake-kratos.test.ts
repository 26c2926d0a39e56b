import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { hash } from "@node-rs/argon2";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { startFakeKratos, type FakeKratos } from "../support/fake-kratos/server";
import { base32Encode, totpCode, wrongTotpCode } from "../support/totp";

/** The fake Kratos driven with plain fetch, as the @ory/client adapter will drive it. */

let kratos: FakeKratos;
const T0 = new Date("2026-03-01T10:00:00.000Z");
const minutes = (n: number) => new Date(T0.getTime() + n * 60_000);

type Answer = { status: number; body: any };

async function call(
  method: string,
  path: string,
  options: { body?: unknown; token?: string; signal?: AbortSignal } = {},
): Promise<Answer> {
  const headers: Record<string, string> = { accept: "application/json" };
  if (options.body !== undefined) headers["content-type"] = "application/json";
  if (options.token) headers["x-session-token"] = options.token;
  const response = await fetch(`${kratos.url}${path}`, {
    method,
    headers,
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
    signal: options.signal,
  });
  const text = await response.text();
  return { status: response.status, body: text === "" ? undefined : JSON.parse(text) };
}

const messageIds = (flow: any): number[] => (flow.ui.messages ?? []).map((m: { id: number }) => m.id);
const nodeMessageIds = (flow: any, name: string): number[] =>
  flow.ui.nodes
    .filter((n: any) => n.attributes.name === name)
    .flatMap((n: any) => n.messages.map((m: { id: number }) => m.id));

const traits = (email: string, first = "Ada", last = "Lovelace") => ({ email, name: { first, last } });

async function register(email: string, password = "correct horse battery") {
  const flow = await call("GET", "/self-service/registration/api");
  return call("POST", `/self-service/registration?flow=${flow.body.id}`, {
    body: { method: "password", password, traits: traits(email), transient_payload: { lang: "fr" } },
  });
}

async function login(identifier: string, password: string, token?: string) {
  const flow = await call("GET", `/self-service/login/api${token ? "?refresh=true" : ""}`, { token });
  return call("POST", `/self-service/login?flow=${flow.body.id}`, {
    body: { method: "password", identifier, password },
    token,
  });
}

async function startRecovery(email: string) {
  const flow = await call("GET", "/self-service/recovery/api");
  expect(flow.body.state).toBe("choose_method");
  const sent = await call("POST", `/self-service/recovery?flow=${flow.body.id}`, {
    body: { method: "code", email, transient_payload: { flow_id: flow.body.id } },
  });
  return { flowId: flow.body.id as string, sent };
}

const lastCode = (type: "recovery_code_valid" | "verification_code_valid") => {
  const message = [...kratos.sentMessages].reverse().find((m) => m.template_type === type);
  return String(message?.template_data[type === "recovery_code_valid" ? "recovery_code" : "verification_code"]);
};

beforeEach(async () => {
  kratos = await startFakeKratos();
  kratos.setNow(T0);
});

afterEach(async () => {
  await kratos.close();
});

describe("registration", () => {
  it("creates the identity, a session and a verification flow whose code is mailed", async () => {
    const answer = await register("ada@example.com");
    expect(answer.status).toBe(200);
    const { identity, session, session_token, continue_with } = answer.body;
    expect(identity.traits).toEqual(traits("ada@example.com"));
    expect(identity.verifiable_addresses).toMatchObject([
      { value: "ada@example.com", verified: false, status: "sent", via: "email" },
    ]);
    expect(identity.recovery_addresses).toMatchObject([{ value: "ada@example.com", via: "email" }]);
    expect(session.identity.id).toBe(identity.id);
    expect(session_token).toMatch(/^ory_st_/);
    expect(continue_with).toEqual([
      { action: "show_verification_ui", flow: { id: expect.any(String), verifiable_address: "ada@example.com" } },
      { action: "set_ory_session_token", ory_session_token: session_token },
    ]);
    const verification = await call("GET", `/self-service/verification/flows?id=${continue_with[0].flow.id}`);
    expect(verification.body.state).toBe("sent_email");
    expect(kratos.sentMessages).toHaveLength(1);
    expect(kratos.sentMessages[0]).toMatchObject({
      recipient: "ada@example.com",
      template_type: "verification_code_valid",
      template_data: { to: "ada@example.com", transient_payload: { lang: "fr" }, identity: { id: identity.id } },
    });
    expect(kratos.sentMessages[0].template_data.verification_url).toBe(
      `${kratos.url}/self-service/verification?code=${lastCode("verification_code_valid")}&flow=${continue_with[0].flow.id}`,
    );
    const whoami = await call("GET", "/sessions/whoami", { token: session_token });
    expect(whoami.status).toBe(200);
    expect(whoami.body.identity.traits).toEqual(traits("ada@example.com"));
    kratos.assertNoViolations();
  });

  it("refuses a duplicate email with 4000007 and a short password with 4000032", async () => {
    expect((await register("ada@example.com")).status).toBe(200);
    // Kratos compares identifiers lower-cased.
    const duplicate = await register("ADA@Example.com");
    expect(duplicate.status).toBe(400);
    expect(messageIds(duplicate.body)).toEqual([4000007]);
    const short = await register("grace@example.com", "short");
    expect(short.status).toBe(400);
    expect(nodeMessageIds(short.body, "password")).toEqual([4000032]);
    expect(kratos.identities()).toHaveLength(1);
    kratos.assertNoViolations();
  });
});

describe("login, sessions and logout", () => {
  it("logs in, answers 4000006 for a wrong password or an unknown email", async () => {
    await register("ada@example.com");
    const ok = await login("Ada@Example.com", "correct horse battery");
    expect(ok.status).toBe(200);
    expect(ok.body.session_token).toMatch(/^ory_st_/);
    expect(ok.body.session.identity.traits.email).toBe("ada@example.com");
    for (const [identifier, password] of [
      ["ada@example.com", "wrong password!"],
      ["nobody@example.com", "correct horse battery"],
    ]) {
      const refused = await login(identifier, password);
      expect(refused.status).toBe(400);
      expect(messageIds(refused.body)).toEqual([4000006]);
    }
    expect((await call("GET", "/sessions/whoami")).status).toBe(401);
    expect((await call("GET", "/sessions/whoami", { token: "ory_st_unknown" })).body.error.id).toBe("session_inactive");
    kratos.assertNoViolations();
  });

  it("re-authenticates the same session with refresh=true, and refuses a plain login flow while signed in", async () => {
    const { session_token, session } = (await register("ada@example.com")).body;
    kratos.setNow(minutes(30));
    const refreshed = await login("ada@example.com", "correct horse battery", session_token);
    expect(refreshed.status).toBe(200);
    expect(refreshed.body.session_token).toBe(session_token);
    expect(refreshed.body.session.id).toBe(session.id);
    expect(refreshed.body.session.authenticated_at).toBe(minutes(30).toISOString());
    const wrong = await login("ada@example.com", "not the password", session_token);
    expect(messageIds(wrong.body)).toEqual([4000006]);
    expect((await call("GET", "/self-service/registration/api", { token: session_token })).body.error.id).toBe(
      "session_already_available",
    );
    const plain = await call("GET", "/self-service/login/api", { token: session_token });
    expect(plain.status).toBe(400);
    expect(plain.body.error.id).toBe("session_already_available");
    kratos.assertNoViolations();
  });

  it("logs out with 204, then 403 for the same token", async () => {
    const { session_token } = (await register("ada@example.com")).body;
    expect((await call("DELETE", "/self-service/logout/api", { body: { session_token } })).status).toBe(204);
    expect((await call("GET", "/sessions/whoami", { token: session_token })).status).toBe(401);
    expect((await call("DELETE", "/self-service/logout/api", { body: { session_token } })).status).toBe(403);
    kratos.assertNoViolations();
  });

  it("lists and revokes the other sessions, never the current one", async () => {
    const first = (await register("ada@example.com")).body;
    const second = (await login("ada@example.com", "correct horse battery")).body;
    const third = (await login("ada@example.com", "correct horse battery")).body;
    const listed = await call("GET", "/sessions", { token: first.session_token });
    expect(listed.body.map((s: { id: string }) => s.id).sort()).toEqual([second.session.id, third.session.id].sort());
    expect((await call("DELETE", `/sessions/${first.session.id}`, { token: first.session_token })).status).toBe(400);
    expect((await call("DELETE", `/sessions/${third.session.id}`, { token: first.session_token })).status).toBe(204);
    const revoked = await call("DELETE", "/sessions", { token: first.session_token });
    expect(revoked).toEqual({ status: 200, body: { count: 1 } });
    expect((await call("GET", "/sessions/whoami", { token: second.session_token })).status).toBe(401);
    expect((await call("GET", "/sessions/whoami", { token: first.session_token })).status).toBe(200);
    kratos.assertNoViolations();
  });

  it("pages GET /sessions as Kratos does: page_size, and the next page_token in the Link header", async () => {
    const first = (await register("ada@example.com")).body;
    const ids: string[] = [];
    for (let i = 0; i < 5; i++) ids.push((await login("ada@example.com", "correct horse battery")).body.session.id);
    const pageOf = async (query: string) => {
      const response = await fetch(`${kratos.url}/sessions?${query}`, {
        headers: { accept: "application/json", "x-session-token": first.session_token },
      });
      const next = response.headers.get("link")?.match(/<([^>]*)>; rel="next"/)?.[1];
      return {
        ids: ((await response.json()) as { id: string }[]).map((s) => s.id),
        next: next ? new URL(next).searchParams.get("page_token") : null,
      };
    };
    const one = await pageOf("page_size=2");
    const two = await pageOf(`page_size=2&page_token=${one.next}`);
    const three = await pageOf(`page_size=2&page_token=${two.next}`);
    expect([one.ids.length, two.ids.length, three.ids.length]).toEqual([2, 2, 1]);
    expect(three.next).toBeNull();
    expect([...one.ids, ...two.ids, ...three.ids].sort()).toEqual(ids.sort());
    expect((await pageOf("")).ids).toHaveLength(5);
    kratos.assertNoViolations();
  });

  it("expires sessions after the configured lifespan (injected clock)", async () => {
    await kratos.close();
    let clock = T0;
    kratos = await startFakeKratos({ now: () => clock, sessionLifespanMs: 60 * 60_000 });
    const { session_token, session } = (await register("ada@example.com")).body;
    expect(session.expires_at).toBe(minutes(60).toISOString());
    clock = minutes(61);
    expect((await call("GET", "/sessions/whoami", { token: session_token })).status).toBe(401);
    kratos.assertNoViolations();
  });
});

describe("recovery (code)", () => {
  it("mails a code, refuses a wrong one with 4060006, then hands over a session and a settings flow", async () => {
    const { identity } = (await register("ada@example.com")).body;
    const { flowId, sent } = await startRecovery("ada@example.com");
    expect(sent.status).toBe(200);
    expect(sent.body.state).toBe("sent_email");
    expect(messageIds(sent.body)).toEqual([1060003]);
    const mail = kratos.sentMessages.at(-1)!;
    expect(mail).toMatchObject({
      recipient: "ada@example.com",
      template_type: "recovery_code_valid",
      template_data: { to: "ada@example.com", transient_payload: { flow_id: flowId }, identity: { id: identity.id } },
    });
    const code = lastCode("recovery_code_valid");
    expect(code).toMatch(/^\d{6}$/);

    const wrong = await call("POST", `/self-service/recovery?flow=${flowId}`, {
      body: { method: "code", code: code === "000000" ? "111111" : "000000" },
    });
    expect(wrong.status).toBe(200);
    expect(wrong.body.state).toBe("sent_email");
    expect(messageIds(wrong.body)).toEqual([4060006]);

    const passed = await call("POST", `/self-service/recovery?flow=${flowId}`, { body: { method: "code", code } });
    expect(passed.status).toBe(200);
    expect(passed.body.state).toBe("passed_challenge");
    const [tokenStep, settingsStep] = passed.body.continue_with;
    expect(tokenStep).toEqual({
      action: "set_ory_session_token",
      ory_session_token: expect.stringMatching(/^ory_st_/),
    });
    expect(settingsStep).toEqual({ action: "show_settings_ui", flow: { id: expect.any(String) } });

    const token = tokenStep.ory_session_token;
    const settings = await call("POST", `/self-service/settings?flow=${settingsStep.flow.id}`, {
      token,
      body: { method: "password", password: "a brand new secret" },
    });
    expect(settings.status).toBe(200);
    expect(settings.body.state).toBe("success");
    expect(messageIds(settings.body)).toEqual([1050001]);
    expect((await login("ada@example.com", "a brand new secret")).status).toBe(200);
    expect(kratos.identities()[0].verifiable_addresses).toMatchObject([{ verified: true, status: "completed" }]);

    const again = await call("POST", `/self-service/recovery?flow=${flowId}`, { body: { method: "code", code } });
    expect(again.status).toBe(400);
    expect(again.body.id).not.toBe(flowId);
    expect(messageIds(again.body)).toEqual([4060001]);
    kratos.assertNoViolations();
  });

  it("answers an unknown address exactly like a known one, without mail", async () => {
    await register("ada@example.com");
    const before = kratos.sentMessages.length;
    const known = (await startRecovery("ada@example.com")).sent.body;
    const unknown = (await startRecovery("nobody@example.com")).sent.body;
    expect(kratos.sentMessages.length).toBe(before + 1);
    const shape = (flow: any) => ({
      state: flow.state,
      messages: flow.ui.messages,
      nodes: flow.ui.nodes.map((n: any) => n.attributes.name),
    });
    expect(shape(unknown)).toEqual(shape(known));
    kratos.assertNoViolations();
  });

  it("allows five code submissions per flow; the sixth gets a new flow, even with the right code", async () => {
    await register("ada@example.com");
    const { flowId } = await startRecovery("ada@example.com");
    const code = lastCode("recovery_code_valid");
    const wrongCode = code === "000000" ? "111111" : "000000";
    for (let i = 0; i < 5; i++) {
      const answer = await call("POST", `/self-service/recovery?flow=${flowId}`, {
        body: { method: "code", code: wrongCode },
      });
      expect(messageIds(answer.body)).toEqual([4060006]);
    }
    const sixth = await call("POST", `/self-service/recovery?flow=${flowId}`, { body: { method: "code", code } });
    expect(sixth.status).toBe(400);
    expect(sixth.body.id).not.toBe(flowId);
    expect(sixth.body.continue_with).toEqual([{ action: "show_recovery_ui", flow: { id: sixth.body.id } }]);
    kratos.assertNoViolations();
  });

  it("expires the flow after 15 minutes with 410 self_service_flow_expired", async () => {
    await register("ada@example.com");
    const { flowId } = await startRecovery("ada@example.com");
    const code = lastCode("recovery_code_valid");
    kratos.setNow(minutes(14));
    expect((await call("GET", `/self-service/recovery/flows?id=${flowId}`)).body.state).toBe("sent_email");
    kratos.setNow(minutes(16));
    const late = await call("POST", `/self-service/recovery?flow=${flowId}`, { body: { method: "code", code } });
    expect(late.status).toBe(410);
    expect(late.body.error.id).toBe("self_service_flow_expired");
    expect(late.body.use_flow_id).toEqual(expect.any(String));
    const replacement = await call("GET", `/self-service/recovery/flows?id=${late.body.use_flow_id}`);
    expect(messageIds(replacement.body)).toEqual([4060005]);
    expect((await call("GET", `/self-service/recovery/flows?id=${flowId}`)).status).toBe(410);
    kratos.assertNoViolations();
  });
});

describe("verification (code)", () => {
  it("verifies the address with the registration code (1080002); a wrong code gets 4070006", async () => {
    const { continue_with, identity } = (await register("ada@example.com")).body;
    const flowId = continue_with[0].flow.id;
    const code = lastCode("verification_code_valid");
    const wrong = await call("POST", `/self-service/verification?flow=${flowId}`, {
      body: { method: "code", code: code === "000000" ? "111111" : "000000" },
    });
    expect(wrong.status).toBe(200);
    expect(wrong.body.state).toBe("sent_email");
    expect(messageIds(wrong.body)).toEqual([4070006]);
    const passed = await call("POST", `/self-service/verification?flow=${flowId}`, { body: { method: "code", code } });
    expect(passed.status).toBe(200);
    expect(passed.body.state).toBe("passed_challenge");
    expect(messageIds(passed.body)).toEqual([1080002]);
    const stored = await call("GET", `/admin/identities/${identity.id}`);
    expect(stored.body.verifiable_addresses).toMatchObject([
      { verified: true, status: "completed", verified_at: T0.toISOString() },
    ]);
    const replay = await call("POST", `/self-service/verification?flow=${flowId}`, { body: { method: "code", code } });
    expect(replay.status).toBe(410);
    expect(replay.body.error.id).toBe("self_service_flow_replaced");
    kratos.assertNoViolations();
  });

  it("allows five code submissions; the sixth answers 410 self_service_flow_replaced", async () => {
    const { continue_with } = (await register("ada@example.com")).body;
    const flowId = continue_with[0].flow.id;
    const code = lastCode("verification_code_valid");
    for (let i = 0; i < 5; i++) {
      const answer = await call("POST", `/self-service/verification?flow=${flowId}`, {
        body: { method: "code", code: code === "000000" ? "111111" : "000000" },
      });
      expect(messageIds(answer.body)).toEqual([4070006]);
    }
    const sixth = await call("POST", `/self-service/verification?flow=${flowId}`, { body: { method: "code", code } });
    expect(sixth.status).toBe(410);
    expect(sixth.body.error.id).toBe("self_service_flow_replaced");
    expect(kratos.identities()[0].verifiable_addresses).toMatchObject([{ verified: false }]);
    kratos.assertNoViolations();
  });

  it("resends through a new flow, and answers 410 once the flow expired", async () => {
    await register("ada@example.com");
    const flow = await call("GET", "/self-service/verification/api");
    expect(flow.body.state).toBe("choose_method");
    const sent = await call("POST", `/self-service/verification?flow=${flow.body.id}`, {
      body: { method: "code", email: "ada@example.com" },
    });
    expect(sent.body.state).toBe("sent_email");
    expect(messageIds(sent.body)).toEqual([1080003]);
    expect(kratos.sentMessages).toHaveLength(2);
    const code = lastCode("verification_code_valid");
    kratos.setNow(minutes(20));
    const late = await call("POST", `/self-service/verification?flow=${flow.body.id}`, {
      body: { method: "code", code },
    });
    expect(late.status).toBe(410);
    expect(late.body.error.id).toBe("self_service_flow_expired");
    kratos.assertNoViolations();
  });
});

describe("settings (password)", () => {
  it("needs a privileged session: 403 session_refresh_required after 15 minutes, fine after a refresh login", async () => {
    const { session_token } = (await register("ada@example.com")).body;
    const flow = await call("GET", "/self-service/settings/api", { token: session_token });
    expect(flow.status).toBe(200);
    expect(flow.body.state).toBe("show_form");
    const weak = await call("POST", `/self-service/settings?flow=${flow.body.id}`, {
      token: session_token,
      body: { method: "password", password: "short" },
    });
    expect(weak.status).toBe(400);
    expect(nodeMessageIds(weak.body, "password")).toEqual([4000032]);
    kratos.setNow(minutes(16));
    const stale = await call("POST", `/self-service/settings?flow=${flow.body.id}`, {
      token: session_token,
      body: { method: "password", password: "another long secret" },
    });
    expect(stale.status).toBe(403);
    expect(stale.body.error.id).toBe("session_refresh_required");
    expect((await login("ada@example.com", "correct horse battery", session_token)).status).toBe(200);
    const saved = await call("POST", `/self-service/settings?flow=${flow.body.id}`, {
      token: session_token,
      body: { method: "password", password: "another long secret" },
    });
    expect(saved.status).toBe(200);
    expect(saved.body.state).toBe("success");
    expect((await call("GET", "/self-service/settings/api")).status).toBe(401);
    kratos.assertNoViolations();
  });
});

describe("second factors (totp, lookup_secret, aal2)", () => {
  const node = (flow: any, key: string) =>
    flow.ui.nodes.find((n: any) => n.attributes.name === key || n.attributes.id === key);
  const settings = (token: string, flowId: string, body: Record<string, unknown>) =>
    call("POST", `/self-service/settings?flow=${flowId}`, { token, body });

  /** A registered identity with an app paired at T0: its session token and the key. */
  async function pairedAtT0(email = "ada@example.com") {
    const { session_token: token, identity } = (await register(email)).body;
    const flow = await call("GET", "/self-service/settings/api", { token });
    const secret = node(flow.body, "totp_secret_key").attributes.text.context.secret as string;
    expect((await settings(token, flow.body.id, { method: "totp", totp_code: totpCode(secret, T0) })).status).toBe(200);
    return { token: token as string, identityId: identity.id as string, secret };
  }

  it("computes RFC 6238's SHA-1 test vectors (6 digits)", () => {
    const secret = base32Encode(Buffer.from("12345678901234567890"));
    expect(secret).toBe("GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ");
    expect(totpCode(secret, 59_000)).toBe("287082");
    expect(totpCode(secret, 1_111_111_109_000)).toBe("081804");
    expect(totpCode(secret, 1_234_567_890_000)).toBe("005924");
    expect(totpCode(secret, 2_000_000_000_000)).toBe("279037");
  });

  it("pairs an app in a settings flow: key and QR nodes, 4000008 for a wrong code, then aal2 and an unlink button", async () => {
    const { session_token: token } = (await register("ada@example.com")).body;
    const flow = await call("GET", "/self-service/settings/api", { token });
    const key = node(flow.body, "totp_secret_key");
    expect(key.type).toBe("text");
    expect(key.attributes.text.id).toBe(1050006);
    const secret = key.attributes.text.context.secret as string;
    expect(key.attributes.text.text).toBe(secret);
    expect(node(flow.body, "totp_qr").attributes.src).toMatch(/^data:image\/png;base64,/);
    const wrong = await settings(token, flow.body.id, { method: "totp", totp_code: wrongTotpCode(secret, T0) });
    expect(wrong.status).toBe(400);
    expect(nodeMessageIds(wrong.body, "totp_code")).toEqual([4000008]);
    // One step of drift either way is taken.
    const paired = await settings(token, flow.body.id, { method: "totp", totp_code: totpCode(secret, T0, -1) });
    expect(paired.status).toBe(200);
    expect(paired.body.state).toBe("success");
    expect(messageIds(paired.body)).toEqual([1050001]);
    expect(node(paired.body, "totp_unlink")).toBeDefined();
    const session = await call("GET", "/sessions/whoami", { token });
    expect(session.body.authenticator_assurance_level).toBe("aal2");
    expect(session.body.authentication_methods.map((m: any) => [m.method, m.aal])).toEqual([
      ["password", "aal1"],
      ["totp", "aal2"],
    ]);
    kratos.assertNoViolations();
  });

  it("asks a recent sign-in before a pairing (403 session_refresh_required)", async () => {
    const { session_token: token } = (await register("ada@example.com")).body;
    const flow = await call("GET", "/self-service/settings/api", { token });
    const secret = node(flow.body, "totp_secret_key").attributes.text.context.secret as string;
    kratos.setNow(minutes(16));
    const stale = await settings(token, flow.body.id, { method: "totp", totp_code: totpCode(secret, minutes(16)) });
    expect(stale.status).toBe(403);
    expect(stale.body.error.id).toBe("session_refresh_required");
    kratos.assertNoViolations();
  });

  it("generates twelve recovery codes, keeps them once confirmed, and shows them to the admin API only on request", async () => {
    const { token, identityId } = await pairedAtT0();
    const flow = await call("GET", "/self-service/settings/api", { token });
    const generated = await settings(token, flow.body.id, { method: "lookup_secret", lookup_secret_regenerate: true });
    expect(generated.status).toBe(200);
    const codes = node(generated.body, "lookup_secret_codes").attributes.text.context.secrets_list as string[];
    expect(codes).toHaveLength(12);
    for (const code of codes) expect(code).toMatch(/^[a-z0-9]{8}$/);
    expect((await call("GET", `/admin/identities/${identityId}`)).body.credentials.lookup_secret).toBeUndefined();
    const confirmed = await settings(token, flow.body.id, { method: "lookup_secret", lookup_secret_confirm: true });
    expect(confirmed.body.state).toBe("success");
    const plain = await call("GET", `/admin/identities/${identityId}`);
    expect(plain.body.credentials.lookup_secret.config).toBeUndefined();
    const revealed = await call("GET", `/admin/identities/${identityId}?include_credential=lookup_secret`);
    expect(revealed.body.credentials.lookup_secret.config.recovery_codes).toEqual(
      codes.map((code) => ({ code, used_at: null })),
    );
    kratos.assertNoViolations();
  });

  it("raises the same session to aal2 with the app's code, and takes that code again on another session, as Kratos does", async () => {
    const { secret } = await pairedAtT0();
    const { session_token: token } = (await login("ada@example.com", "correct horse battery")).body;
    expect((await call("GET", "/sessions/whoami", { token })).body.authenticator_assurance_level).toBe("aal1");
    expect((await call("GET", "/self-service/login/api?aal=aal2")).body.error.id).toBe("session_aal1_required");
    const flow = await call("GET", "/self-service/login/api?aal=aal2", { token });
    expect(flow.body.requested_aal).toBe("aal2");
    const submit = (flowId: string, sessionToken: string, code: string) =>
      call("POST", `/self-service/login?flow=${flowId}`, {
        token: sessionToken,
        body: { method: "totp", totp_code: code },
      });
    const wrong = await submit(flow.body.id, token, wrongTotpCode(secret, T0));
    expect(wrong.status).toBe(400);
    expect(messageIds(wrong.body)).toEqual([4000008]);
    const raised = await submit(flow.body.id, token, totpCode(secret, T0));
    expect(raised.status).toBe(200);
    expect(raised.body.session_token).toBe(token);
    expect(raised.body.session.authenticator_assurance_level).toBe("aal2");
    expect((await call("GET", "/self-service/login/api?aal=aal2", { token })).body.error.id).toBe(
      "session_already_available",
    );
    // Kratos checks the clock only (pquerna/otp keeps no used steps): Cap refuses a replay itself.
    const other = (await login("ada@example.com", "correct horse battery")).body.session_token;
    const otherFlow = await call("GET", "/self-service/login/api?aal=aal2", { token: other });
    expect((await submit(otherFlow.body.id, other, totpCode(secret, T0))).status).toBe(200);
    kratos.assertNoViolations();
  });

  it("takes a recovery code once at an aal2 login: 4000016 unknown, 4000012 used", async () => {
    const { token: first } = await pairedAtT0();
    const flow = await call("GET", "/self-service/settings/api", { token: first });
    const generated = await settings(first, flow.body.id, { method: "lookup_secret", lookup_secret_regenerate: true });
    const [code] = node(generated.body, "lookup_secret_codes").attributes.text.context.secrets_list as string[];
    await settings(first, flow.body.id, { method: "lookup_secret", lookup_secret_confirm: true });
    const secondStepWith = async (value: string) => {
      const { session_token: token } = (await login("ada@example.com", "correct horse battery")).body;
      const aal2 = await call("GET", "/self-service/login/api?aal=aal2", { token });
      return call("POST", `/self-service/login?flow=${aal2.body.id}`, {
        token,
        body: { method: "lookup_secret", lookup_secret: value },
      });
    };
    expect(messageIds((await secondStepWith("zzzzzzzz")).body)).toEqual([4000016]);
    expect((await secondStepWith(code)).body.session.authenticator_assurance_level).toBe("aal2");
    expect(messageIds((await secondStepWith(code)).body)).toEqual([4000012]);
    kratos.assertNoViolations();
  });

  it("honours required_aal: aal1 answers whoami and settings at aal1; highest_available refuses them with session_aal2_required", async () => {
    await pairedAtT0();
    const { session_token: aal1 } = (await login("ada@example.com", "correct horse battery")).body;
    expect((await call("GET", "/sessions/whoami", { token: aal1 })).status).toBe(200);
    expect((await call("GET", "/self-service/settings/api", { token: aal1 })).status).toBe(200);
    await kratos.close();
    kratos = await startFakeKratos({
      whoamiRequiredAal: "highest_available",
      settingsRequiredAal: "highest_available",
    });
    kratos.setNow(T0);
    const strict = await pairedAtT0();
    const { session_token: fresh } = (await login("ada@example.com", "correct horse battery")).body;
    const whoami = await call("GET", "/sessions/whoami", { token: fresh });
    expect(whoami.status).toBe(403);
    expect(whoami.body.error.id).toBe("session_aal2_required");
    expect((await call("GET", "/self-service/settings/api", { token: fresh })).body.error.id).toBe(
      "session_aal2_required",
    );
    // The session that paired the app is at aal2.
    expect((await call("GET", "/sessions/whoami", { token: strict.token })).status).toBe(200);
    kratos.assertNoViolations();
  });

  it("unlinks the app and disables the recovery codes", async () => {
    const { token, identityId } = await pairedAtT0();
    const flow = await call("GET", "/self-service/settings/api", { token });
    await settings(token, flow.body.id, { method: "lookup_secret", lookup_secret_regenerate: true });
    await settings(token, flow.body.id, { method: "lookup_secret", lookup_secret_confirm: true });
    const removal = await call("GET", "/self-service/settings/api", { token });
    expect(node(removal.body, "lookup_secret_disable")).toBeDefined();
    expect((await settings(token, removal.body.id, { method: "totp", totp_unlink: true })).body.state).toBe("success");
    const disabled = await settings(token, removal.body.id, { method: "lookup_secret", lookup_secret_disable: true });
    expect(node(disabled.body, "totp_secret_key")).toBeDefined();
    expect(node(disabled.body, "lookup_secret_regenerate")).toBeDefined();
    expect(Object.keys((await call("GET", `/admin/identities/${identityId}`)).body.credentials)).toEqual(["password"]);
    kratos.assertNoViolations();
  });
});

describe("admin identities", () => {
  const createBody = (email: string, hashed_password?: string) => ({
    schema_id: "cap",
    traits: traits(email, "Grace", "Hopper"),
    verifiable_addresses: [{ value: email, via: "email", verified: true, status: "completed" }],
    ...(hashed_password ? { credentials: { password: { config: { hashed_password } } } } : {}),
  });

  it("imports argon2id hashes, lists by identifier, and answers 409 for a duplicate", async () => {
    const created = await call("POST", "/admin/identities", {
      body: createBody("grace@example.com", await hash("imported secret!")),
    });
    expect(created.status).toBe(201);
    expect(created.body.verifiable_addresses).toMatchObject([
      { value: "grace@example.com", verified: true, status: "completed" },
    ]);
    expect((await login("grace@example.com", "imported secret!")).status).toBe(200);
    const listed = await call("GET", "/admin/identities?credentials_identifier=Grace@Example.com");
    expect(listed.body.map((i: { id: string }) => i.id)).toEqual([created.body.id]);
    expect((await call("GET", "/admin/identities?credentials_identifier=nobody@example.com")).body).toEqual([]);
    expect((await call("POST", "/admin/identities", { body: createBody("grace@example.com") })).status).toBe(409);
    kratos.assertNoViolations();
  });

  it("patches the name and the email (with its address), 409 on a taken email", async () => {
    const grace = (
      await call("POST", "/admin/identities", { body: createBody("grace@example.com", await hash("imported secret!")) })
    ).body;
    await register("ada@example.com");
    const renamed = await call("PATCH", `/admin/identities/${grace.id}`, {
      body: [{ op: "replace", path: "/traits/name", value: { first: "G.", last: "Hopper" } }],
    });
    expect(renamed.status).toBe(200);
    expect(renamed.body.traits.name).toEqual({ first: "G.", last: "Hopper" });
    const moved = await call("PATCH", `/admin/identities/${grace.id}`, {
      body: [
        { op: "replace", path: "/traits/email", value: "hopper@example.com" },
        {
          op: "replace",
          path: "/verifiable_addresses",
          value: [{ value: "hopper@example.com", via: "email", verified: true, status: "completed" }],
        },
      ],
    });
    expect(moved.status).toBe(200);
    expect(moved.body.verifiable_addresses).toMatchObject([
      { value: "hopper@example.com", verified: true, status: "completed" },
    ]);
    expect(moved.body.recovery_addresses).toMatchObject([{ value: "hopper@example.com" }]);
    expect((await login("hopper@example.com", "imported secret!")).status).toBe(200);
    expect((await login("grace@example.com", "imported secret!")).status).toBe(400);
    const taken = await call("PATCH", `/admin/identities/${grace.id}`, {
      body: [{ op: "replace", path: "/traits/email", value: "ada@example.com" }],
    });
    expect(taken.status).toBe(409);
    expect(
      (await call("PATCH", `/admin/identities/${grace.id}`, { body: [{ op: "replace", path: "/id", value: "x" }] }))
        .status,
    ).toBe(400);
    kratos.assertNoViolations();
  });

  it("deletes sessions, then the identity (404 afterwards)", async () => {
    const { identity, session_token } = (await register("ada@example.com")).body;
    expect((await call("DELETE", `/admin/identities/${identity.id}/sessions`)).status).toBe(204);
    expect((await call("GET", "/sessions/whoami", { token: session_token })).status).toBe(401);
    expect((await call("DELETE", `/admin/identities/${identity.id}`)).status).toBe(204);
    expect((await call("GET", `/admin/identities/${identity.id}`)).status).toBe(404);
    expect((await call("DELETE", `/admin/identities/${identity.id}`)).status).toBe(404);
    expect(kratos.identities()).toEqual([]);
    kratos.assertNoViolations();
  });
});

describe("courier (HTTP delivery)", () => {
  it("POSTs {recipient, template_type, template_data} with the courier key", async () => {
    const received: Array<{ authorization?: string; body: any }> = [];
    const webhook = createServer((request, response) => {
      let text = "";
      request.on("data", (chunk) => (text += chunk));
      request.on("end", () => {
        received.push({ authorization: request.headers.authorization, body: JSON.parse(text) });
        response.writeHead(204).end();
      });
    });
    await new Promise<void>((resolve) => webhook.listen(0, "127.0.0.1", resolve));
    try {
      await kratos.close();
      kratos = await startFakeKratos({
        courierUrl: `http://127.0.0.1:${(webhook.address() as AddressInfo).port}/hooks/ory/courier`,
        courierKey: "s3cret",
      });
      kratos.setNow(T0);
      await register("ada@example.com");
      await startRecovery("ada@example.com");
      expect(received.map((r) => r.authorization)).toEqual(["s3cret", "s3cret"]);
      expect(received.map((r) => Object.keys(r.body).sort())).toEqual([
        ["recipient", "template_data", "template_type"],
        ["recipient", "template_data", "template_type"],
      ]);
      expect(received[1].body).toMatchObject({
        recipient: "ada@example.com",
        template_type: "recovery_code_valid",
        template_data: { to: "ada@example.com", recovery_code: lastCode("recovery_code_valid") },
      });
      expect(kratos.sentMessages.map((m) => m.status)).toEqual(["sent", "sent"]);
    } finally {
      await new Promise((resolve) => webhook.close(resolve));
    }
    kratos.assertNoViolations();
  });
});

describe("failure injection", () => {
  it("answers the next request with the injected 5xx, then recovers", async () => {
    kratos.failNext(503);
    const failed = await call("GET", "/sessions/whoami", { token: "ory_st_x" });
    expect(failed.status).toBe(503);
    expect((await call("GET", "/sessions/whoami", { token: "ory_st_x" })).status).toBe(401);
    kratos.assertNoViolations();
  });

  it("leaves the next request unanswered past the client's timeout", async () => {
    kratos.failNext("timeout");
    await expect(call("GET", "/sessions/whoami", { signal: AbortSignal.timeout(300) })).rejects.toThrow();
    expect((await call("GET", "/sessions/whoami")).status).toBe(401);
    kratos.assertNoViolations();
  });
});

describe("contract checking", () => {
  it("records a request the document refuses, and unknown routes", async () => {
    const flow = await call("GET", "/self-service/registration/api");
    const refused = await call("POST", `/self-service/registration?flow=${flow.body.id}`, {
      body: { method: "password", traits: "not an object" },
    });
    expect(refused.status).toBe(400);
    await call("GET", "/self-service/nowhere");
    expect(kratos.violations).toEqual([
      expect.stringContaining("POST /self-service/registration request body"),
      "GET /self-service/nowhere: no such operation in the Kratos document",
    ]);
    expect(() => kratos.assertNoViolations()).toThrow(/contract violations/);
  });
});
