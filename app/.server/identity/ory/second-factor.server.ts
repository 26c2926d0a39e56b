import { createHash } from "node:crypto";
import type { SettingsFlow, UiNode, UpdateSettingsFlowBody } from "@ory/client";
import { isUuid } from "~/.server/db/uuid.server";
import { releaseSlots, trySlots } from "~/.server/rate-limit/rate-limit.server";
import type { Identity } from "../identity.server";
import type { SecondFactorCode, TotpSetup } from "../port.server";
import type { Kratos } from "./kratos.server";
import { allMessageIds, call, errorId, expectOk, SECOND_FACTOR_REFUSED, unexpected } from "./mapping.server";

/**
 * Two-factor sign-in under Ory (shared/ory/ADAPTER-NOTES.md; docs/operations.md, "Identities on Ory"): the
 * authenticator app (`totp`) and recovery codes (`lookup_secret`) are paired through native
 * settings flows of the member's session, and the second step of sign-in is a native login flow
 * at `aal2` on the same session token. Cap decides when a second step is needed (its own
 * `two_factor_since`), so Kratos runs with `required_aal: aal1` for whoami and settings.
 *
 * Kratos holds the key and the codes; Cap keeps one thing of its own: which TOTP codes were taken
 * in the last minutes, since Kratos checks a code against the clock only and would take the
 * same one again within its window (RFC 6238 §5.2 and ASVS 6.5.1 want it taken once).
 */

/** A code of the app is taken at most once in this long: its step, one either side, and a margin for the clocks. */
const TOTP_REPLAY_WINDOW_MS = 2 * 60_000;
const TOTP_CODE = /^\d{6}$/;
/** Kratos's recovery codes are 8 lower-case letters and digits; anything much longer is no code of it. */
const MAX_LOOKUP_CODE_LENGTH = 64;

/** A node of a flow by its name (inputs) or id (text, images). */
function nodeNamed(flow: SettingsFlow, name: string): UiNode | undefined {
  return flow.ui.nodes.find((node) => {
    const attributes = node.attributes as { name?: string; id?: string };
    return attributes.name === name || attributes.id === name;
  });
}

async function newSettingsFlow({ frontend }: Kratos, token: string): Promise<SettingsFlow> {
  return expectOk("createNativeSettingsFlow", frontend.createNativeSettingsFlow({ xSessionToken: token }));
}

/**
 * One change in a settings flow. Kratos asks for a recent sign-in before any of them (its
 * privileged session): Cap asks the password again first (`reauthenticate`), so a 403
 * `session_refresh_required` is a bug of the caller, told as such.
 */
async function submitSettings({ frontend }: Kratos, token: string, flowId: string, body: UpdateSettingsFlowBody) {
  const answer = await call(
    "updateSettingsFlow",
    frontend.updateSettingsFlow({ flow: flowId, xSessionToken: token, updateSettingsFlowBody: body }),
  );
  if (!answer.ok && answer.status === 403 && errorId(answer.body) === "session_refresh_required")
    throw new Error("Kratos refuses a two-factor change on a stale session: reauthenticate() first");
  return answer;
}

async function settingsChange(kratos: Kratos, token: string, flowId: string, body: UpdateSettingsFlowBody) {
  const answer = await submitSettings(kratos, token, flowId, body);
  if (!answer.ok) throw unexpected("updateSettingsFlow", answer);
  return answer.data;
}

/** The key Kratos offers in a settings flow (`totp_secret_key`: a text node whose context holds it). */
function offeredKey(flow: SettingsFlow): string | undefined {
  const node = nodeNamed(flow, "totp_secret_key");
  if (node?.attributes.node_type !== "text") return undefined;
  const { text } = node.attributes;
  return (text.context as { secret?: string } | undefined)?.secret ?? text.text;
}

export async function startTotpSetup(kratos: Kratos, token: string, _identity: Identity): Promise<TotpSetup> {
  let flow = await newSettingsFlow(kratos, token);
  // Kratos already pairs an app that Cap never recorded (a confirmation whose recovery codes then
  // failed): Cap's record decides, so that pairing is dropped and a new one starts.
  if (nodeNamed(flow, "totp_unlink")) {
    await settingsChange(kratos, token, flow.id, { method: "totp", totp_unlink: true });
    flow = await newSettingsFlow(kratos, token);
  }
  const secret = offeredKey(flow);
  if (!secret) throw new Error("Kratos's settings flow offers no TOTP key: enable selfservice.methods.totp");
  return { flowId: flow.id, secret };
}

/**
 * Kratos's recovery codes, new: generated in a settings flow (read from its `lookup_secret_codes`
 * node), then confirmed, which replaces the old ones. Kratos makes twelve; Cap shows them all.
 */
async function newRecoveryCodes(kratos: Kratos, token: string, flowId: string): Promise<string[]> {
  const generated = await settingsChange(kratos, token, flowId, {
    method: "lookup_secret",
    lookup_secret_regenerate: true,
  });
  const node = nodeNamed(generated, "lookup_secret_codes");
  const context = node?.attributes.node_type === "text" ? node.attributes.text.context : undefined;
  const codes = (context as { secrets_list?: unknown } | undefined)?.secrets_list;
  if (!Array.isArray(codes) || codes.length === 0 || !codes.every((code) => typeof code === "string"))
    throw new Error("Kratos generated no recovery codes: enable selfservice.methods.lookup_secret");
  await settingsChange(kratos, token, flowId, { method: "lookup_secret", lookup_secret_confirm: true });
  return codes;
}

/** The replay guard's key: the identity and the code, hashed (a spent code is of no use, but still). */
const replayKey = (identityId: string, code: string) =>
  createHash("sha256").update(`${identityId}:${code}`).digest("base64url");

/** Takes the code for the identity, once in the window; the slot to give back if Kratos refuses it, or null when taken already. */
async function claimTotpCode(identityId: string, code: string): Promise<number[] | null> {
  const taken = await trySlots([
    { bucket: "totp-code-taken", key: replayKey(identityId, code), max: 1, windowMs: TOTP_REPLAY_WINDOW_MS },
  ]);
  return taken.ok ? taken.ids : null;
}

/** Whether Kratos pairs an app with the identity already (its `totp` credential). */
async function hasTotp({ admin }: Kratos, identityId: string): Promise<boolean> {
  const found = await expectOk("getIdentity", admin.getIdentity({ id: identityId }));
  return found.credentials?.totp !== undefined;
}

export async function confirmTotpSetup(
  kratos: Kratos,
  token: string,
  identityId: string,
  flowId: string,
  code: string,
): Promise<{ ok: true; recoveryCodes: string[] } | { ok: false; error: "codeInvalid" }> {
  const typed = code.trim();
  if (!TOTP_CODE.test(typed) || !isUuid(flowId)) return { ok: false, error: "codeInvalid" };
  // With an app paired, Kratos takes a settings flow's `totp_code` as a no-op and answers success,
  // whatever the code: a second setup page (another tab) would believe its key paired.
  if (await hasTotp(kratos, identityId)) return { ok: false, error: "codeInvalid" };
  // The code that confirms the pairing is spent too: it cannot open another session afterwards.
  const claim = await claimTotpCode(identityId, typed);
  if (!claim) return { ok: false, error: "codeInvalid" };
  const answer = await submitSettings(kratos, token, flowId, { method: "totp", totp_code: typed }).catch(
    async (error: unknown) => {
      await releaseSlots(claim);
      throw error;
    },
  );
  if (!answer.ok) {
    await releaseSlots(claim);
    if (answer.status === 400 && allMessageIds(answer.body).some((id) => SECOND_FACTOR_REFUSED.has(id)))
      return { ok: false, error: "codeInvalid" };
    // A setup left open past the flow's hour (410), or a flow that is not this member's (404, 403):
    // its key is gone, the member starts again with a new one.
    if (answer.status === 410 || answer.status === 404 || answer.status === 403)
      return { ok: false, error: "codeInvalid" };
    throw unexpected("updateSettingsFlow", answer);
  }
  // Settings flows take more than one change: the recovery codes are made in the same one.
  return { ok: true, recoveryCodes: await newRecoveryCodes(kratos, token, flowId) };
}

export async function removeSecondFactor(kratos: Kratos, token: string, _identityId: string): Promise<void> {
  const flow = await newSettingsFlow(kratos, token);
  // The flow offers to remove what there is: the app first, so that a failure in between leaves
  // the member their recovery codes to sign in with.
  if (nodeNamed(flow, "totp_unlink"))
    await settingsChange(kratos, token, flow.id, { method: "totp", totp_unlink: true });
  if (nodeNamed(flow, "lookup_secret_disable"))
    await settingsChange(kratos, token, flow.id, { method: "lookup_secret", lookup_secret_disable: true });
}

export async function regenerateRecoveryCodes(kratos: Kratos, token: string, _identityId: string): Promise<string[]> {
  const flow = await newSettingsFlow(kratos, token);
  return newRecoveryCodes(kratos, token, flow.id);
}

type LookupConfig = { recovery_codes?: Array<{ code?: string; used_at?: string | null }> };

/**
 * Read through the admin API (`include_credential=lookup_secret`): the settings flow's "reveal"
 * would need a recent sign-in, which a profile page seen hours later does not have.
 */
export async function recoveryCodesLeft({ admin }: Kratos, _token: string, identityId: string): Promise<number> {
  if (!isUuid(identityId)) return 0;
  const answer = await call("getIdentity", admin.getIdentity({ id: identityId, includeCredential: ["lookup_secret"] }));
  if (!answer.ok && answer.status === 404) return 0;
  if (!answer.ok) throw unexpected("getIdentity", answer);
  const config = answer.data.credentials?.lookup_secret?.config as LookupConfig | undefined;
  // Kratos writes an unused code's `used_at` as null (Go's zero time).
  return (config?.recovery_codes ?? []).filter((code) => !code.used_at || code.used_at.startsWith("0001-")).length;
}

export async function completeSecondFactor(
  kratos: Kratos,
  token: string,
  identityId: string,
  { method, code }: SecondFactorCode,
): Promise<boolean> {
  const typed = method === "totp" ? code.trim() : code.trim().toLowerCase();
  if (method === "totp" ? !TOTP_CODE.test(typed) : typed === "" || typed.length > MAX_LOOKUP_CODE_LENGTH) return false;
  const claim = method === "totp" ? await claimTotpCode(identityId, typed) : [];
  if (!claim) return false;
  const raised = await submitSecondFactor(kratos, token, method, typed).catch(async (error: unknown) => {
    await releaseSlots(claim);
    throw error;
  });
  if (!raised) await releaseSlots(claim);
  return raised;
}

/** The aal2 login flow of the token's session, with one code. */
async function submitSecondFactor(
  { frontend }: Kratos,
  token: string,
  method: SecondFactorCode["method"],
  code: string,
): Promise<boolean> {
  const flow = await call(
    "createNativeLoginFlow",
    frontend.createNativeLoginFlow({ aal: "aal2", xSessionToken: token }),
  );
  if (!flow.ok) {
    // The session is at aal2 already (a second tab sent its code first): what the caller wants.
    if (flow.status === 400 && errorId(flow.body) === "session_already_available") return true;
    // No session (any more) to raise.
    if (flow.status === 401) return false;
    throw unexpected("createNativeLoginFlow", flow);
  }
  const answer = await call(
    "updateLoginFlow",
    frontend.updateLoginFlow({
      flow: flow.data.id,
      xSessionToken: token,
      updateLoginFlowBody:
        method === "totp" ? { method: "totp", totp_code: code } : { method: "lookup_secret", lookup_secret: code },
    }),
  );
  if (answer.ok) return answer.data.session.authenticator_assurance_level === "aal2";
  if (answer.status === 400 && allMessageIds(answer.body).some((id) => SECOND_FACTOR_REFUSED.has(id))) return false;
  if (answer.status === 401) return false;
  throw unexpected("updateLoginFlow", answer);
}
