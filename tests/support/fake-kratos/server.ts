import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import * as admin from "./admin";
import * as codes from "./codes";
import type { Context, Handler } from "./context";
import { Contract } from "./contract";
import { Courier, type CourierMessage } from "./courier";
import { errorReply, notFound, type Reply } from "./errors";
import { FlowStore } from "./flows";
import { identityJson, IdentityStore } from "./identities";
import * as selfservice from "./selfservice";
import * as sessionRoutes from "./session-routes";
import { SessionStore } from "./sessions";

/**
 * An in-memory Ory Kratos v26.2.0 for tests: public and admin APIs on one port (as on Ory Network),
 * native (API) flows only, every request and answer checked against Kratos's OpenAPI document.
 */

export type FakeKratosOptions = {
  now?: () => Date;
  courierUrl?: string;
  courierKey?: string;
  /**
   * The header that carries `courierKey`, sent as is (Kratos's HTTP courier `auth: {type: api_key,
   * config: {name, value, in: header}}`). Cap's configuration names it X-Cap-Courier-Key
   * (ADAPTER-NOTES §4); the default stays Authorization, which the fake's own tests read.
   */
  courierKeyHeader?: string;
  sessionLifespanMs?: number;
  /**
   * Kratos's `required_aal` for whoami and settings flows. Cap's configuration says aal1 for both
   * (Cap's guard decides when a second factor is due); `highest_available` is Kratos's default.
   */
  whoamiRequiredAal?: "aal1" | "highest_available";
  settingsRequiredAal?: "aal1" | "highest_available";
};

export type FakeKratos = {
  url: string;
  close(): Promise<void>;
  /** Contract mismatches, request or response; a test ends with `assertNoViolations()`. */
  violations: string[];
  assertNoViolations(): void;
  /** Freezes the fake's clock at this instant (it stays there until set again). */
  setNow(date: Date): void;
  /** The next request gets this 5xx, or never gets an answer ("timeout"). */
  failNext(failure: number | "timeout"): void;
  identities(): ReadonlyArray<Readonly<Record<string, unknown>>>;
  sentMessages: ReadonlyArray<CourierMessage>;
};

const MINUTE = 60_000;

/** Operation id → handler. Only these operations are modelled; any other documented one answers 404. */
const handlers: Record<string, Handler> = {
  createNativeRegistrationFlow: selfservice.createRegistrationFlow,
  getRegistrationFlow: selfservice.getRegistrationFlow,
  updateRegistrationFlow: selfservice.updateRegistrationFlow,
  createNativeLoginFlow: selfservice.createLoginFlow,
  getLoginFlow: selfservice.getLoginFlow,
  updateLoginFlow: selfservice.updateLoginFlow,
  createNativeSettingsFlow: selfservice.createSettingsFlow,
  getSettingsFlow: selfservice.getSettingsFlow,
  updateSettingsFlow: selfservice.updateSettingsFlow,
  createNativeRecoveryFlow: codes.createRecoveryFlow,
  getRecoveryFlow: codes.getRecoveryFlow,
  updateRecoveryFlow: codes.updateRecoveryFlow,
  createNativeVerificationFlow: codes.createVerificationFlow,
  getVerificationFlow: codes.getVerificationFlow,
  updateVerificationFlow: codes.updateVerificationFlow,
  toSession: sessionRoutes.whoami,
  performNativeLogout: sessionRoutes.performNativeLogout,
  listMySessions: sessionRoutes.listMySessions,
  disableMyOtherSessions: sessionRoutes.disableMyOtherSessions,
  disableMySession: sessionRoutes.disableMySession,
  listIdentities: admin.listIdentities,
  createIdentity: admin.createIdentity,
  getIdentity: admin.getIdentity,
  getIdentityByExternalID: admin.getIdentityByExternalID,
  patchIdentity: admin.patchIdentity,
  deleteIdentity: admin.deleteIdentity,
  listIdentitySessions: admin.listIdentitySessions,
  deleteIdentitySessions: admin.deleteIdentitySessions,
  deleteIdentityCredentials: admin.deleteIdentityCredentials,
  isAlive: () => ({ status: 200, body: { status: "ok" } }),
  isReady: () => ({ status: 200, body: { status: "ok" } }),
};

/** One document, compiled once per test worker (Ajv compilation is the slow part). */
let sharedContract: Contract | undefined;

async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString("utf8");
}

function send(response: ServerResponse, reply: Reply): void {
  if (reply.body === undefined) {
    response.writeHead(reply.status, reply.headers).end();
    return;
  }
  response
    .writeHead(reply.status, { ...reply.headers, "content-type": "application/json; charset=utf-8" })
    .end(JSON.stringify(reply.body));
}

export async function startFakeKratos(options: FakeKratosOptions = {}): Promise<FakeKratos> {
  sharedContract ??= new Contract();
  const contract = sharedContract;
  let frozen: Date | undefined;
  const now = () => frozen ?? options.now?.() ?? new Date();
  const violations: string[] = [];
  const pendingFailures: Array<number | "timeout"> = [];

  const context: Context = {
    baseUrl: "",
    now,
    identities: new IdentityStore(now),
    sessions: new SessionStore(now, options.sessionLifespanMs ?? 720 * 60 * MINUTE),
    // Lifespans from Cap's configuration (ADAPTER-NOTES §4); login/registration/settings keep Kratos's 1h default.
    flows: new FlowStore(now, {
      login: 60 * MINUTE,
      registration: 60 * MINUTE,
      settings: 60 * MINUTE,
      recovery: 15 * MINUTE,
      verification: 15 * MINUTE,
    }),
    courier: new Courier(now, options.courierUrl, options.courierKey, options.courierKeyHeader),
    privilegedSessionMaxAgeMs: 15 * MINUTE,
    codeLifespanMs: 15 * MINUTE,
    maxCodeSubmissions: 5,
    totpIssuer: "Cap",
    whoamiRequiredAal: options.whoamiRequiredAal ?? "aal1",
    settingsRequiredAal: options.settingsRequiredAal ?? "aal1",
  };

  async function handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const url = new URL(request.url ?? "/", context.baseUrl);
    const method = request.method ?? "GET";
    const text = await readBody(request);
    const failure = pendingFailures.shift();
    if (failure === "timeout") return; // Left unanswered; close() tears the socket down.
    if (failure !== undefined) return send(response, errorReply(failure, "Injected failure (fake-kratos failNext)."));

    const matched = contract.match(method, url.pathname);
    if (!matched) {
      violations.push(`${method} ${url.pathname}: no such operation in the Kratos document`);
      return send(response, notFound());
    }
    let body: unknown;
    if (text !== "") {
      try {
        body = JSON.parse(text);
      } catch {
        violations.push(`${method} ${matched.template}: request body is not JSON`);
        return send(response, errorReply(400, "Unable to decode the request body as JSON."));
      }
    }
    const requestProblems = contract.checkRequest(matched, url.searchParams, request.headers, body);
    if (requestProblems.length > 0) {
      violations.push(...requestProblems);
      // Kratos refuses such a request too; the answer isn't contract-checked, the violation is already recorded.
      return send(response, errorReply(400, requestProblems.join("; ")));
    }
    const handler = handlers[matched.operation.operationId];
    const token = request.headers["x-session-token"];
    const userAgent = request.headers["user-agent"];
    const reply: Reply = handler
      ? await handler(context, {
          query: url.searchParams,
          pathParams: matched.pathParams,
          sessionToken: Array.isArray(token) ? token[0] : token,
          client: { userAgent, ipAddress: request.socket.remoteAddress },
          body,
        })
      : notFound(`${matched.operation.operationId} is not modelled by the fake`);
    // Validate what goes over the wire: `undefined` fields vanish in JSON.
    const wire = reply.body === undefined ? undefined : JSON.parse(JSON.stringify(reply.body));
    violations.push(...contract.checkResponse(matched, reply.status, wire));
    send(response, { status: reply.status, headers: reply.headers, body: wire });
  }

  const server = createServer((request, response) => {
    handle(request, response).catch((error: unknown) => {
      violations.push(
        `${request.method} ${request.url}: the fake crashed: ${error instanceof Error ? error.stack : String(error)}`,
      );
      if (!response.headersSent) send(response, errorReply(500, "The fake crashed."));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  context.baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    url: context.baseUrl,
    violations,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeAllConnections();
      }),
    assertNoViolations() {
      if (violations.length > 0) throw new Error(`fake-kratos contract violations:\n- ${violations.join("\n- ")}`);
    },
    setNow(date) {
      frozen = new Date(date);
    },
    failNext(failure) {
      pendingFailures.push(failure);
    },
    identities: () =>
      context.identities.all().map((identity) => Object.freeze(identityJson(identity, context.baseUrl, true))),
    sentMessages: context.courier.messages,
  };
}
