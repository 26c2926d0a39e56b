import { randomBytes, randomInt } from "node:crypto";
import { base32Encode, totpCode } from "../totp";
import type { Context } from "./context";
import { errorReply, type Reply } from "./errors";
import type { Flow } from "./flows";
import type { StoredIdentity } from "./identities";
import { imageNode, inputNode, textNode, type UiNode, uiText } from "./messages";
import { assuranceLevel, sessionJson, type StoredSession } from "./sessions";

/**
 * The second factors as Kratos v26.2.0 has them: `totp` (an authenticator app; pquerna/otp's
 * defaults: SHA-1, 6 digits, 30 s, one step of skew either side) and `lookup_secret` (twelve
 * single-use recovery codes of 8 lower-case letters and digits), set up in settings flows and
 * given at an aal2 login flow on the session they raise.
 *
 * Like Kratos, the fake checks a TOTP code against the clock only: the same code is taken again
 * within its window (Kratos keeps no used steps). Cap refuses a second use itself.
 */

const LOOKUP_CODES = 12;
const LOOKUP_ALPHABET = "abcdefghijklmnopqrstuvwxyz0123456789";
/** Kratos draws the QR code as a 256×256 PNG; the fake's is a blank pixel (Cap draws its own). */
const BLANK_PNG =
  "data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=";

/** Whether the identity has a second factor: what `required_aal: highest_available` asks of its sessions. */
export const hasSecondFactor = (identity: StoredIdentity | undefined) =>
  Boolean(identity?.totp || identity?.lookup?.codes.some((code) => !code.usedAt));

/**
 * 403 `session_aal2_required` where Kratos is configured with `required_aal: highest_available`
 * and the session is below what its identity could give; nothing with `aal1` (Cap's setting).
 */
export function aalRefusal(
  context: Context,
  requiredAal: "aal1" | "highest_available",
  session: StoredSession,
): Reply | undefined {
  if (requiredAal === "aal1" || assuranceLevel(session) === "aal2") return undefined;
  if (!hasSecondFactor(context.identities.get(session.identityId))) return undefined;
  return errorReply(403, "Session does not fulfill the requested AAL", {
    id: "session_aal2_required",
    message: "The requested action was forbidden",
    extra: { redirect_browser_to: `${context.baseUrl}/self-service/login/browser?aal=aal2` },
  });
}

function newTotpKey(context: Context, identity: StoredIdentity) {
  const secret = base32Encode(randomBytes(20));
  const issuer = encodeURIComponent(context.totpIssuer);
  // Without an `account_name` trait in the identity schema, Kratos names the account by the identity's id.
  const url = `otpauth://totp/${issuer}:${identity.id}?algorithm=SHA1&digits=6&issuer=${issuer}&period=30&secret=${secret}`;
  return { secret, url };
}

/** The settings nodes of the `totp` and `lookup_secret` groups, for the identity as it is now. */
export function secondFactorSettingsNodes(context: Context, flow: Flow, identity: StoredIdentity): UiNode[] {
  const nodes: UiNode[] = [];
  if (identity.totp) {
    nodes.push(inputNode("totp", "totp_unlink", "submit", { value: true, label: uiText(1050004) }));
  } else {
    // Kratos puts a new key in the flow's internal context when it lays the flow out.
    flow.totpKey ??= newTotpKey(context, identity);
    const { secret } = flow.totpKey;
    nodes.push(
      textNode("totp", "totp_secret_key", uiText(1050006, { secret }), uiText(1050017)),
      imageNode("totp", "totp_qr", BLANK_PNG, 256, uiText(1050005)),
      inputNode("totp", "totp_code", "text", { required: true, label: uiText(1070006) }),
      inputNode("totp", "method", "submit", { value: "totp", label: uiText(1070003) }),
    );
  }
  if (flow.pendingLookupCodes) {
    const codes = flow.pendingLookupCodes;
    const list = uiText(1050015);
    nodes.push(
      textNode(
        "lookup_secret",
        "lookup_secret_codes",
        {
          ...list,
          text: codes.join(", "),
          context: { secrets_list: codes, secrets: codes.map((secret) => uiText(1050009, { secret })) },
        },
        uiText(1050010),
      ),
      inputNode("lookup_secret", "lookup_secret_confirm", "submit", { value: true, label: uiText(1050011) }),
    );
  } else if (identity.lookup) {
    nodes.push(
      inputNode("lookup_secret", "lookup_secret_reveal", "submit", { value: true, label: uiText(1050007) }),
      inputNode("lookup_secret", "lookup_secret_disable", "submit", { value: true, label: uiText(1050016) }),
    );
  } else {
    nodes.push(
      inputNode("lookup_secret", "lookup_secret_regenerate", "submit", { value: true, label: uiText(1050008) }),
    );
  }
  return nodes;
}

/** A code of the app, at the fake's clock, one step either side. */
const totpMatches = (context: Context, secret: string, code: string) =>
  [-1, 0, 1].some((steps) => totpCode(secret, context.now(), steps) === code);

type Outcome = { done: true } | { done: false; status: 200 | 400 | 500; reason?: string };

const settingsDone = (flow: Flow): Outcome => {
  flow.state = "success";
  flow.messages = [uiText(1050001)];
  return { done: true };
};

const unsupported = (flow: Flow, reason: string): Outcome => {
  flow.messages = [uiText(4000001, { reason })];
  return { done: false, status: 400 };
};

/** A settings update with `method: totp`: pair the flow's key with a right code, or unlink. */
export function updateTotpSettings(
  context: Context,
  flow: Flow,
  session: StoredSession,
  identity: StoredIdentity,
  body: { totp_code?: string; totp_unlink?: boolean },
): Outcome {
  if (identity.totp) {
    if (body.totp_unlink) identity.totp = undefined;
    return settingsDone(flow);
  }
  if (!flow.totpKey)
    return { done: false, status: 500, reason: "Could not find they TOTP key in the internal context." };
  if (!body.totp_code) {
    flow.nodeMessages.totp_code = [uiText(4000002, { property: "totp_code" })];
    return { done: false, status: 400 };
  }
  if (!totpMatches(context, flow.totpKey.secret, body.totp_code)) {
    flow.nodeMessages.totp_code = [uiText(4000008)];
    return { done: false, status: 400 };
  }
  identity.totp = { ...flow.totpKey, createdAt: context.now().toISOString() };
  flow.totpKey = undefined;
  // Pairing proves the app: Kratos adds the method to the session, which becomes aal2.
  context.sessions.addMethod(session, "totp");
  return settingsDone(flow);
}

function newLookupCodes(): string[] {
  return Array.from({ length: LOOKUP_CODES }, () =>
    Array.from({ length: 8 }, () => LOOKUP_ALPHABET[randomInt(LOOKUP_ALPHABET.length)]).join(""),
  );
}

/** A settings update with `method: lookup_secret`: generate (shown, not yet kept), confirm, or disable. */
export function updateLookupSettings(
  context: Context,
  flow: Flow,
  identity: StoredIdentity,
  body: { lookup_secret_regenerate?: boolean; lookup_secret_confirm?: boolean; lookup_secret_disable?: boolean },
): Outcome {
  if (body.lookup_secret_confirm) {
    if (!flow.pendingLookupCodes)
      return unsupported(flow, "You must (re-)generate recovery backup codes before you can save them.");
    const at = context.now().toISOString();
    identity.lookup = {
      codes: flow.pendingLookupCodes.map((code) => ({ code })),
      createdAt: identity.lookup?.createdAt ?? at,
      updatedAt: at,
    };
    flow.pendingLookupCodes = undefined;
    return settingsDone(flow);
  }
  if (body.lookup_secret_regenerate) {
    // Shown in the flow, kept only once confirmed; the flow's state does not change.
    flow.pendingLookupCodes = newLookupCodes();
    return { done: false, status: 200 };
  }
  if (body.lookup_secret_disable) {
    identity.lookup = undefined;
    return settingsDone(flow);
  }
  return unsupported(flow, "this lookup_secret action is not supported by this fake");
}

/**
 * The aal2 login flow's submission: the session of the token gets the factor (aal2, a fresh
 * `authenticated_at`) and keeps its token. Undefined: refused, the reason in the flow's messages
 * (Kratos puts these at the flow, not at a field), for a 400 with the flow.
 */
export function updateSecondFactorLogin(
  context: Context,
  flow: Flow,
  session: StoredSession,
  body: { method: string; totp_code?: string; lookup_secret?: string },
): Reply | undefined {
  const identity = context.identities.get(session.identityId);
  const refuse = (id: number) => {
    flow.messages = [uiText(id)];
    return undefined;
  };
  if (body.method === "totp") {
    if (!identity?.totp) return refuse(4000011);
    if (!totpMatches(context, identity.totp.secret, body.totp_code ?? "")) return refuse(4000008);
    context.sessions.refresh(session, "totp");
  } else if (body.method === "lookup_secret") {
    const codes = identity?.lookup?.codes;
    if (!codes?.length) return refuse(4000014);
    const found = codes.find((code) => code.code === body.lookup_secret);
    if (!found) return refuse(4000016);
    if (found.usedAt) return refuse(4000012);
    found.usedAt = context.now().toISOString();
    if (identity?.lookup) identity.lookup.updatedAt = found.usedAt;
    context.sessions.refresh(session, "lookup_secret");
  } else {
    return refuse(4010002);
  }
  return {
    status: 200,
    body: { session_token: session.token, session: sessionJson(session, context.identities, context.baseUrl) },
  };
}
