import { setTimeout as sleep } from "node:timers/promises";
import { Configuration, FrontendApi, IdentityApi, type JsonPatch, type Session as KratosSession } from "@ory/client";
import { and, eq, isNull } from "drizzle-orm";
import { db, type Executor } from "~/.server/db/client.server";
import { identityFlows, selfServiceCodes } from "~/.server/db/schema.server";
import { isUuid } from "~/.server/db/uuid.server";
import { logger } from "~/.server/observability/logger.server";
import { releaseSlots, trySlots } from "~/.server/rate-limit/rate-limit.server";
import { codeLimitError, codeMissLimits } from "./code-limits.server";
import { EmailTakenError, normalizeEmail } from "./identity.server";
import {
  type Answer,
  call,
  continueWith,
  EMAIL_TAKEN,
  errorId,
  expectOk,
  flowMessageIds,
  IDENTITY_DISABLED,
  INVALID_CREDENTIALS,
  nextPageToken,
  passwordRefused,
  RECOVERY_CODE_INVALID,
  toDeviceSession,
  toIdentity,
  toSession,
  unexpected,
  VERIFICATION_CODE_INVALID,
} from "./ory-mapping.server";
import type { CodeError, CodeOutcome, IdentityPort, OnVerified } from "./port.server";

/**
 * The Ory adapter (ORY_SDK_URL set): identities in Ory Kratos / Ory Network, reached through
 * `@ory/client` with native (API) flows and session tokens (X-Session-Token), never browser flows,
 * cookies or CSRF tokens. shared/ory/ADAPTER-NOTES.md §1 maps each use case to its Kratos calls.
 *
 * Kratos answers first; what Cap writes alongside runs in a database transaction afterwards, and a
 * registration whose member record fails is undone in Kratos. Kratos limits code tries per flow
 * only: Cap's daily and hourly wrong-code limits (./code-limits) stay in front of every code.
 */

/** Kratos's password policy as configured for Cap (ADAPTER-NOTES §4): 8 characters, and bcrypt's 72 bytes. */
const PASSWORD_MIN_LENGTH = 8;
const PASSWORD_MAX_BYTES = 72;

/**
 * The member's other sessions are read through Kratos's pages of GET /sessions, the largest it
 * serves, up to a bound (10,000 devices) that no member reaches by signing in.
 */
const KRATOS_SESSIONS_PAGE_SIZE = 500;
const MAX_KRATOS_SESSION_PAGES = 20;
/** Ory Network answers 429 to overlapping PATCHes of one identity: retried this often, backing off. */
const PATCH_RETRIES = 3;
const PATCH_BACKOFF_MS = 100;

/** The passwords Kratos's policy refuses for length, known before a recovery code is spent on them. */
function passwordFitsKratos(password: string): boolean {
  return [...password].length >= PASSWORD_MIN_LENGTH && Buffer.byteLength(password, "utf8") <= PASSWORD_MAX_BYTES;
}

/**
 * Kratos records the User-Agent of the request that opens a session and lists it among the
 * session's devices: Cap passes the member's browser's on, instead of the SDK's own.
 */
const asClient = (userAgent: string | null) => (userAgent ? { headers: { "User-Agent": userAgent } } : undefined);

/** Submits a code under Cap's wrong-code limits: the try takes its slots, given back unless the code was wrong. */
async function underCodeLimits<T extends { ok: true } | { ok: false; error: string }>(
  subject: string,
  ip: string,
  submit: () => Promise<T>,
): Promise<T | { ok: false; error: CodeError }> {
  const slots = await trySlots(codeMissLimits(subject, ip));
  if (!slots.ok) return { ok: false, error: codeLimitError(slots.full.bucket) };
  const outcome = await submit().catch(async (error: unknown) => {
    await releaseSlots(slots.ids);
    throw error;
  });
  if (outcome.ok || outcome.error !== "codeInvalid") await releaseSlots(slots.ids);
  return outcome;
}

type RecordedFlow = typeof identityFlows.$inferSelect;

/**
 * Records a flow Cap started. Its subject's earlier flows of the kind stop counting, as a new code
 * replaces the open one in the embedded store: Kratos would take their codes until they expire.
 */
function recordFlow(executor: Executor, flow: Omit<RecordedFlow, "createdAt">) {
  const subject = flow.identityId
    ? eq(identityFlows.identityId, flow.identityId)
    : and(isNull(identityFlows.identityId), eq(identityFlows.address, flow.address));
  return executor.transaction(async (tx) => {
    await tx.delete(identityFlows).where(and(eq(identityFlows.kind, flow.kind), subject));
    await tx.insert(identityFlows).values(flow);
  });
}

async function recordedFlow(flowId: string, kind: RecordedFlow["kind"]): Promise<RecordedFlow | undefined> {
  if (!isUuid(flowId)) return undefined;
  const [flow] = await db()
    .select()
    .from(identityFlows)
    .where(and(eq(identityFlows.flowId, flowId), eq(identityFlows.kind, kind)));
  return flow;
}

/** The identity's open verification flow (recordFlow keeps one a kind). */
async function verificationFlowOf(identityId: string): Promise<RecordedFlow | undefined> {
  const [flow] = await db()
    .select()
    .from(identityFlows)
    .where(and(eq(identityFlows.identityId, identityId), eq(identityFlows.kind, "verification")));
  return flow;
}

export function createOryIdentity(options: {
  sdkUrl: string;
  adminUrl: string;
  apiKey?: string;
  timeoutMs: number;
  /** Kratos's page size for GET /sessions (tests pass a small one to walk several pages). */
  sessionsPageSize?: number;
}): IdentityPort {
  // No redirects: Kratos answers some native submissions with a 303 that must be read, not followed.
  const baseOptions = { timeout: options.timeoutMs, maxRedirects: 0 };
  const frontend = new FrontendApi(new Configuration({ basePath: options.sdkUrl, baseOptions }));
  const admin = new IdentityApi(
    new Configuration({ basePath: options.adminUrl, accessToken: options.apiKey, baseOptions }),
  );

  /** Submits a new flow; one that expired on the way (410) is tried once more with a fresh one. */
  async function withFreshFlow<T>(submit: () => Promise<Answer<T>>): Promise<Answer<T>> {
    const answer = await submit();
    return !answer.ok && answer.status === 410 ? submit() : answer;
  }

  async function findIdByEmail(email: string): Promise<string | null> {
    const found = await expectOk(
      "listIdentities",
      admin.listIdentities({ credentialsIdentifier: normalizeEmail(email) }),
    );
    return found[0]?.id ?? null;
  }

  async function emailOf(identityId: string): Promise<string | null> {
    if (!isUuid(identityId)) return null;
    const answer = await call("getIdentity", admin.getIdentity({ id: identityId }));
    if (!answer.ok && answer.status === 404) return null;
    if (!answer.ok) throw unexpected("getIdentity", answer);
    return toIdentity(answer.data).traits.email;
  }

  async function logout(token: string): Promise<boolean> {
    const answer = await call(
      "performNativeLogout",
      frontend.performNativeLogout({ performNativeLogoutBody: { session_token: token } }),
    );
    if (answer.ok) return true;
    if (answer.status === 401 || answer.status === 403) return false;
    throw unexpected("performNativeLogout", answer);
  }

  /** The token's live session, or null. */
  async function currentSession(token: string) {
    const answer = await call("toSession", frontend.toSession({ xSessionToken: token }));
    if (answer.ok) return answer.data;
    // 401 session_inactive; 403 when the session lacks an assurance level Kratos wants.
    if (answer.status === 401 || answer.status === 403) return null;
    throw unexpected("toSession", answer);
  }

  /** The token's identity's other live sessions, page after page (Kratos's `page_token` in its Link header). */
  async function otherSessions(token: string): Promise<KratosSession[]> {
    const sessionsPageSize = options.sessionsPageSize ?? KRATOS_SESSIONS_PAGE_SIZE;
    const sessions: KratosSession[] = [];
    let pageToken: string | undefined;
    for (let read = 0; read < MAX_KRATOS_SESSION_PAGES; read++) {
      const page = await expectOk(
        "listMySessions",
        frontend
          .listMySessions({ xSessionToken: token, pageSize: sessionsPageSize, pageToken })
          .then((answer) => ({ data: { sessions: answer.data, next: nextPageToken(answer.headers.link) } })),
      );
      sessions.push(...page.sessions);
      if (!page.next) break;
      pageToken = page.next;
    }
    return sessions;
  }

  /** Ends every session of the token's identity but the token's own; how many ended. */
  async function endOtherSessions(token: string): Promise<number> {
    const ended = await expectOk("disableMyOtherSessions", frontend.disableMyOtherSessions({ xSessionToken: token }));
    return ended.count ?? 0;
  }

  async function deleteIdentity(id: string): Promise<void> {
    const answer = await call("deleteIdentity", admin.deleteIdentity({ id }));
    if (!answer.ok && answer.status !== 404) throw unexpected("deleteIdentity", answer);
  }

  async function patchIdentity(id: string, jsonPatch: JsonPatch[]) {
    for (let retry = 0; ; retry++) {
      const answer = await call("patchIdentity", admin.patchIdentity({ id, jsonPatch }));
      if (answer.ok || answer.status !== 429 || retry === PATCH_RETRIES) return answer;
      await sleep(PATCH_BACKOFF_MS * 2 ** retry);
    }
  }

  /** A new password through a settings flow of the token's session; every other session then ends. */
  async function changePassword(
    token: string,
    settingsFlowId: string,
    password: string,
  ): Promise<{ ok: true } | { ok: false; error: "passwordRejected" }> {
    const answer = await call(
      "updateSettingsFlow",
      frontend.updateSettingsFlow({
        flow: settingsFlowId,
        xSessionToken: token,
        updateSettingsFlowBody: { method: "password", password },
      }),
    );
    if (!answer.ok) {
      if (answer.status === 400 && passwordRefused(answer.body)) return { ok: false, error: "passwordRejected" };
      if (answer.status === 403 && errorId(answer.body) === "session_refresh_required")
        throw new Error("Kratos refuses a password change on a stale session: reauthenticate() first");
      throw unexpected("updateSettingsFlow", answer);
    }
    await endOtherSessions(token);
    return { ok: true };
  }

  /** The recovery code: a session and its settings flow, or why not. */
  async function submitRecoveryCode(
    flowId: string,
    code: string,
  ): Promise<{ ok: true; token: string; settingsFlowId: string } | { ok: false; error: CodeError }> {
    const answer = await call(
      "updateRecoveryFlow",
      frontend.updateRecoveryFlow({ flow: flowId, updateRecoveryFlowBody: { method: "code", code: code.trim() } }),
    );
    if (!answer.ok) {
      // 410: the flow expired. 400: too many codes, or completed already (Kratos answers a new
      // flow); a 303 to that new flow where continue_with transitions are off. Either way the
      // flow's page closes, as an exhausted code's does in the embedded store.
      if ([303, 400, 410].includes(answer.status)) {
        await db().delete(identityFlows).where(eq(identityFlows.flowId, flowId));
        return { ok: false, error: "codeExpired" };
      }
      throw unexpected("updateRecoveryFlow", answer);
    }
    const flow = answer.data;
    if (flow.state === "passed_challenge") {
      const token = continueWith(flow.continue_with, "set_ory_session_token")?.ory_session_token;
      const settings = continueWith(flow.continue_with, "show_settings_ui")?.flow.id;
      if (!token || !settings)
        throw new Error(
          "Kratos's recovery passed without a session: turn on feature_flags.use_continue_with_transitions",
        );
      return { ok: true, token, settingsFlowId: settings };
    }
    // Wrong, used and expired codes all look like this.
    if (flowMessageIds(flow).includes(RECOVERY_CODE_INVALID)) return { ok: false, error: "codeInvalid" };
    throw unexpected("updateRecoveryFlow", { status: 200, body: flow });
  }

  /** The code of a verification flow Cap recorded; `then` runs once the address is verified. */
  async function verify(flow: RecordedFlow | undefined, code: string, ip: string, then: OnVerified) {
    if (!flow?.identityId) return { ok: false as const, error: "codeExpired" as const };
    const verified = { identityId: flow.identityId, address: flow.address };
    return underCodeLimits(verified.identityId, ip, async (): Promise<CodeOutcome> => {
      const answer = await call(
        "updateVerificationFlow",
        frontend.updateVerificationFlow({
          flow: flow.flowId,
          updateVerificationFlowBody: { method: "code", code: code.trim() },
        }),
      );
      if (answer.ok && answer.data.state === "passed_challenge") {
        await db().transaction((tx) => then(tx, verified));
        return { ok: true, ...verified };
      }
      if (answer.ok && flowMessageIds(answer.data).includes(VERIFICATION_CODE_INVALID))
        return { ok: false, error: "codeInvalid" };
      // Expired, or replaced: a used code (a spent link, as in the embedded store), too many tries.
      if (!answer.ok && answer.status === 410) return { ok: false, error: "codeExpired" };
      throw unexpected("updateVerificationFlow", answer.ok ? { status: 200, body: answer.data } : answer);
    });
  }

  return {
    kind: "ory",

    async register(input, createMember) {
      const email = normalizeEmail(input.email);
      const answer = await withFreshFlow(async () => {
        const flow = await expectOk("createNativeRegistrationFlow", frontend.createNativeRegistrationFlow());
        return call(
          "updateRegistrationFlow",
          frontend.updateRegistrationFlow(
            {
              flow: flow.id,
              updateRegistrationFlowBody: {
                method: "password",
                password: input.password,
                traits: { email, name: input.name },
                // For the verification mail, sent before Cap's member record exists.
                transient_payload: { lang: input.lang, firstname: input.name.first },
              },
            },
            asClient(input.userAgent),
          ),
        );
      });
      if (!answer.ok) {
        if (answer.status === 400 && flowMessageIds(answer.body).some((id) => EMAIL_TAKEN.has(id)))
          return { ok: false, error: "emailTaken" };
        if (answer.status === 400 && passwordRefused(answer.body)) return { ok: false, error: "passwordRejected" };
        throw unexpected("updateRegistrationFlow", answer);
      }
      const { identity: created, session_token: token, continue_with } = answer.data;
      try {
        if (!token) throw new Error("Kratos's registration answered no session: add the `session` hook after it");
        const identity = toIdentity(created);
        const verification = continueWith(continue_with, "show_verification_ui");
        const member = await db().transaction(async (tx) => {
          if (verification) {
            const { id: flowId, verifiable_address: address } = verification.flow;
            await recordFlow(tx, { flowId, kind: "verification", identityId: identity.id, address });
          }
          return createMember(tx, identity);
        });
        return { ok: true, token, identity, created: member };
      } catch (error) {
        // Neither or both: the identity goes. Should that fail too, the member's error still wins.
        await deleteIdentity(created.id).catch((cleanup: unknown) =>
          logger.error({ err: cleanup, identityId: created.id }, "a Kratos identity without a member is left over"),
        );
        throw error;
      }
    },

    async login(email, password, userAgent) {
      const answer = await withFreshFlow(async () => {
        const flow = await expectOk("createNativeLoginFlow", frontend.createNativeLoginFlow());
        return call(
          "updateLoginFlow",
          frontend.updateLoginFlow(
            {
              flow: flow.id,
              updateLoginFlowBody: { method: "password", identifier: normalizeEmail(email), password },
            },
            asClient(userAgent),
          ),
        );
      });
      if (answer.ok && answer.data.session_token) return { token: answer.data.session_token };
      // Wrong credentials or an unknown address (4000006, alike), or an inactive identity (4010011).
      const refusal = answer.ok ? [] : flowMessageIds(answer.body);
      if (refusal.includes(INVALID_CREDENTIALS) || refusal.includes(IDENTITY_DISABLED)) return null;
      throw unexpected("updateLoginFlow", answer.ok ? { status: 200, body: answer.data } : answer);
    },

    async whoami(token) {
      const session = await currentSession(token);
      return session && toSession(session, token);
    },

    logout,

    async startRecovery(email, { lang, identityId: known }) {
      const address = normalizeEmail(email);
      const identityId = known !== undefined ? known : await findIdByEmail(address);
      const flow = await expectOk("createNativeRecoveryFlow", frontend.createNativeRecoveryFlow());
      // Recorded before the code goes out: a mailed code always belongs to a flow Cap can complete.
      await recordFlow(db(), { flowId: flow.id, kind: "recovery", identityId, address });
      await expectOk(
        "updateRecoveryFlow",
        frontend.updateRecoveryFlow({
          flow: flow.id,
          // Kratos's recovery mail names no flow: the courier webhook builds the page's link from flow_id.
          updateRecoveryFlowBody: { method: "code", email: address, transient_payload: { lang, flow_id: flow.id } },
        }),
      );
      return { flowId: flow.id };
    },

    async recoveryIsOpen(flowId) {
      if (!(await recordedFlow(flowId, "recovery"))) return false;
      const answer = await call("getRecoveryFlow", frontend.getRecoveryFlow({ id: flowId }));
      if (answer.ok) return answer.data.state === "sent_email";
      if (answer.status === 404 || answer.status === 410) return false;
      throw unexpected("getRecoveryFlow", answer);
    },

    async completeRecovery(flowId, code, password, ip) {
      // Kratos spends the code before it sees the new password (ADAPTER-NOTES R3): what its
      // policy refuses for length is refused here, the code still unspent.
      if (!passwordFitsKratos(password)) return { ok: false, error: "passwordRejected" };
      const flow = await recordedFlow(flowId, "recovery");
      if (!flow) return { ok: false, error: "codeExpired" };
      return underCodeLimits(flow.identityId ?? flow.address, ip, async () => {
        const recovered = await submitRecoveryCode(flowId, code);
        if (!recovered.ok) return recovered;
        const changed = await changePassword(recovered.token, recovered.settingsFlowId, password);
        if (changed.ok) return { ok: true as const, token: recovered.token };
        // The code is spent; the session it opened must not outlive the refusal.
        await logout(recovered.token);
        return changed;
      });
    },

    async sendVerification(identity, { lang, firstname }) {
      const address = identity.verifiable_addresses[0]?.value ?? identity.traits.email;
      const flow = await expectOk("createNativeVerificationFlow", frontend.createNativeVerificationFlow());
      await recordFlow(db(), { flowId: flow.id, kind: "verification", identityId: identity.id, address });
      await expectOk(
        "updateVerificationFlow",
        frontend.updateVerificationFlow({
          flow: flow.id,
          updateVerificationFlowBody: { method: "code", email: address, transient_payload: { lang, firstname } },
        }),
      );
    },

    async verifyWithCode(identityId, code, ip, then) {
      return verify(await verificationFlowOf(identityId), code, ip, then);
    },

    async verifyWithLink(flowId, secret, ip, then) {
      return verify(await recordedFlow(flowId, "verification"), secret, ip, then);
    },

    async reauthenticate(token, identity, password) {
      const flow = await expectOk(
        "createNativeLoginFlow",
        frontend.createNativeLoginFlow({ refresh: true, xSessionToken: token }),
      );
      const answer = await call(
        "updateLoginFlow",
        frontend.updateLoginFlow({
          flow: flow.id,
          xSessionToken: token,
          updateLoginFlowBody: { method: "password", identifier: identity.traits.email, password },
        }),
      );
      if (!answer.ok) {
        if (answer.status === 400 && flowMessageIds(answer.body).includes(INVALID_CREDENTIALS)) return false;
        throw unexpected("updateLoginFlow", answer);
      }
      const { session, session_token: issued } = answer.data;
      if (issued === token) return session.identity?.id === identity.id;
      // Kratos signed in afresh instead of refreshing (the token's session had ended): that is
      // no re-authentication, and the new session must not linger.
      if (issued) await logout(issued);
      return false;
    },

    async setPassword(token, _identityId, password) {
      const flow = await expectOk(
        "createNativeSettingsFlow",
        frontend.createNativeSettingsFlow({ xSessionToken: token }),
      );
      return changePassword(token, flow.id, password);
    },

    async listSessions(token, _identityId, window) {
      const current = await currentSession(token);
      if (!current) return { sessions: [], total: 0 };
      // Kratos leaves the current one out and keeps its own order: all of them, sorted here.
      const others = (await otherSessions(token))
        .map(toDeviceSession)
        .sort((a, b) => b.lastSeenAt.getTime() - a.lastSeenAt.getTime());
      const all = [toDeviceSession(current), ...others];
      return { sessions: all.slice(window.offset, window.offset + window.limit), total: all.length };
    },

    async revokeSession(token, _identityId, sessionId) {
      if (!isUuid(sessionId)) return false;
      const answer = await call("disableMySession", frontend.disableMySession({ id: sessionId, xSessionToken: token }));
      if (answer.ok) return true;
      // 404: no such session of this identity; 400: the token's own, which only logout ends.
      if (answer.status === 404 || answer.status === 400) return false;
      throw unexpected("disableMySession", answer);
    },

    revokeOtherSessions: (token) => endOtherSessions(token),

    findIdByEmail,
    emailOf,

    async setName(identityId, name) {
      const answer = await patchIdentity(identityId, [{ op: "replace", path: "/traits/name", value: name }]);
      if (!answer.ok) throw unexpected("patchIdentity", answer);
    },

    async replaceEmail(identityId, email, keepToken, then) {
      const value = normalizeEmail(email);
      const answer = await patchIdentity(identityId, [
        { op: "replace", path: "/traits/email", value },
        // Kratos derives the addresses from the traits, keeping a supplied address's fields for the
        // same value: the new one is verified at once (Cap checked its code), the old one goes.
        {
          op: "replace",
          path: "/verifiable_addresses",
          value: [{ value, via: "email", verified: true, verified_at: new Date().toISOString(), status: "completed" }],
        },
      ]);
      if (!answer.ok) {
        if (answer.status === 409) throw new EmailTakenError();
        throw unexpected("patchIdentity", answer);
      }
      await endOtherSessions(keepToken);
      await db().transaction((tx) => then(tx));
    },

    async delete(identityId, before) {
      await db().transaction(async (tx) => {
        await before(tx);
        await tx.delete(identityFlows).where(eq(identityFlows.identityId, identityId));
        // The email change's codes, Cap's own under both adapters.
        await tx.delete(selfServiceCodes).where(eq(selfServiceCodes.identityId, identityId));
        // Last, inside the transaction: Kratos away rolls Cap's part back (the member tries again
        // later) instead of leaving an identity without a member, whose address nobody could
        // register again. Deleting the identity ends its sessions too.
        await deleteIdentity(identityId);
      });
    },
  };
}
