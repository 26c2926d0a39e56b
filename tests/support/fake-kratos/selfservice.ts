import { sendVerificationCode } from "./codes";
import type { Context, Handler } from "./context";
import { errorReply, notFound, sessionInactive, type Reply } from "./errors";
import { flowJson, type Flow } from "./flows";
import { identityJson, traitErrors } from "./identities";
import { uiText, type UiText } from "./messages";
import {
  aalRefusal,
  secondFactorSettingsNodes,
  updateLookupSettings,
  updateSecondFactorLogin,
  updateTotpSettings,
} from "./second-factor";
import { assuranceLevel, sessionJson } from "./sessions";

/** Registration, login and settings with the `password` method; second factors in ./second-factor. */

const MIN_PASSWORD_LENGTH = 8;
/** Kratos's default hasher is bcrypt, which refuses passwords over 72 bytes (4000033). */
const BCRYPT_MAX_BYTES = 72;

const flowReply = (context: Context, flow: Flow, status = 200): Reply => ({
  status,
  body: flowJson(flow, context.baseUrl),
});

/** Kratos's password policy: minimum length, bcrypt's maximum, and not too similar to the identifier. */
function passwordProblems(password: string, identifier: string): UiText[] {
  const length = [...password].length;
  if (length < MIN_PASSWORD_LENGTH) {
    const message = uiText(4000032, { min_length: MIN_PASSWORD_LENGTH, actual_length: length });
    return [
      { ...message, text: `The password must be at least ${MIN_PASSWORD_LENGTH} characters long, but got ${length}.` },
    ];
  }
  const bytes = Buffer.byteLength(password, "utf8");
  if (bytes > BCRYPT_MAX_BYTES) {
    const message = uiText(4000033, { max_length: BCRYPT_MAX_BYTES, actual_length: bytes });
    return [
      { ...message, text: `The password must be at most ${BCRYPT_MAX_BYTES} characters long, but got ${bytes}.` },
    ];
  }
  const lowered = password.toLowerCase();
  const local = identifier.toLowerCase().split("@")[0];
  if (identifier && (lowered.includes(identifier.toLowerCase()) || (local.length >= 4 && lowered.includes(local))))
    return [uiText(4000031)];
  return [];
}

function flatten(value: unknown, prefix: string, into: Record<string, unknown>): Record<string, unknown> {
  if (value && typeof value === "object" && !Array.isArray(value)) {
    for (const [key, child] of Object.entries(value)) flatten(child, `${prefix}.${key}`, into);
  } else {
    into[prefix] = value;
  }
  return into;
}

export const createRegistrationFlow: Handler = (context, request) => {
  if (context.sessions.byToken(request.sessionToken)) {
    return errorReply(400, "A valid session was detected and thus registration is not possible.", {
      id: "session_already_available",
    });
  }
  return flowReply(context, context.flows.create("registration"));
};

export const getRegistrationFlow: Handler = (context, request) => {
  const flow = context.flows.get("registration", request.query.get("id"));
  if (!flow) return notFound("The registration flow could not be found.");
  return context.flows.isExpired(flow) ? context.flows.expired(flow) : flowReply(context, flow);
};

export const updateRegistrationFlow: Handler = async (context, request) => {
  const flow = context.flows.get("registration", request.query.get("flow"));
  if (!flow) return notFound("The registration flow could not be found.");
  if (context.flows.isExpired(flow)) return context.flows.expired(flow);
  const body = request.body as {
    method: string;
    password?: string;
    traits?: Record<string, unknown>;
    transient_payload?: Record<string, unknown>;
  };
  flow.messages = [];
  flow.nodeMessages = {};
  flow.values = flatten(body.traits ?? {}, "traits", {});
  if (body.method !== "password" || body.password === undefined || !body.traits) {
    flow.messages = [uiText(4000001, { reason: `method "${body.method}" is not supported by this fake` })];
    return flowReply(context, flow, 400);
  }
  for (const problem of traitErrors(body.traits)) {
    const message = problem.missing
      ? uiText(4000002, { property: problem.missing })
      : uiText(4000001, { reason: problem.message });
    flow.nodeMessages[problem.path] = [...(flow.nodeMessages[problem.path] ?? []), message];
  }
  const email = typeof body.traits.email === "string" ? body.traits.email : "";
  const passwordMessages = passwordProblems(body.password, email);
  if (passwordMessages.length > 0) flow.nodeMessages.password = passwordMessages;
  if (Object.keys(flow.nodeMessages).length > 0) return flowReply(context, flow, 400);
  if (context.identities.conflicts(body.traits)) {
    flow.messages = [uiText(4000007)];
    return flowReply(context, flow, 400);
  }

  const identity = context.identities.create({ traits: body.traits });
  await context.identities.setPassword(identity, body.password);
  // Hooks in Cap's order: the verifier, then show_verification_ui, then session.
  const continueWith: unknown[] = [];
  for (const address of identity.verifiable_addresses) {
    const verification = context.flows.create("verification", {
      state: "sent_email",
      values: { email: address.value },
      transientPayload: body.transient_payload,
    });
    await sendVerificationCode(context, verification, identity, address.value);
    continueWith.push({
      action: "show_verification_ui",
      flow: { id: verification.id, verifiable_address: address.value },
    });
  }
  const session = context.sessions.create(identity.id, "password", request.client);
  continueWith.push({ action: "set_ory_session_token", ory_session_token: session.token });
  return {
    status: 200,
    body: {
      identity: identityJson(identity, context.baseUrl),
      session: sessionJson(session, context.identities, context.baseUrl),
      session_token: session.token,
      continue_with: continueWith,
    },
  };
};

export const createLoginFlow: Handler = (context, request) => {
  const session = context.sessions.byToken(request.sessionToken);
  const refresh = request.query.get("refresh") === "true";
  // aal2: the second factor of a session at aal1, which the flow raises (same session, same token).
  if (request.query.get("aal") === "aal2") {
    if (!session) {
      return errorReply(401, "You can not requested a higher AAL (AAL2/AAL3) without an active session.", {
        id: "session_aal1_required",
      });
    }
    if (assuranceLevel(session) === "aal2") {
      return errorReply(400, "A valid session was detected and thus login is not possible.", {
        id: "session_already_available",
      });
    }
    const flow = context.flows.create("login", { requestedAal: "aal2", messages: [uiText(1010004)] });
    return flowReply(context, flow);
  }
  if (session && !refresh) {
    return errorReply(
      400,
      "A valid session was detected and thus login is not possible. Did you forget to set `?refresh=true`?",
      {
        id: "session_already_available",
      },
    );
  }
  const identity = session ? context.identities.get(session.identityId) : undefined;
  const flow = context.flows.create("login", {
    refresh,
    values: identity ? { identifier: identity.identifiers[0] } : {},
  });
  return flowReply(context, flow);
};

export const getLoginFlow: Handler = (context, request) => {
  const flow = context.flows.get("login", request.query.get("id"));
  if (!flow) return notFound("The login flow could not be found.");
  return context.flows.isExpired(flow) ? context.flows.expired(flow) : flowReply(context, flow);
};

export const updateLoginFlow: Handler = async (context, request) => {
  const flow = context.flows.get("login", request.query.get("flow"));
  if (!flow) return notFound("The login flow could not be found.");
  if (context.flows.isExpired(flow)) return context.flows.expired(flow);
  const body = request.body as { method: string; identifier?: string; password?: string };
  flow.messages = [];
  flow.nodeMessages = {};
  if (flow.requestedAal === "aal2") {
    const session = context.sessions.byToken(request.sessionToken);
    if (!session) {
      return errorReply(401, "You can not requested a higher AAL (AAL2/AAL3) without an active session.", {
        id: "session_aal1_required",
      });
    }
    return updateSecondFactorLogin(context, flow, session, body) ?? flowReply(context, flow, 400);
  }
  flow.values = { identifier: body.identifier ?? "" };
  const identity =
    body.method === "password"
      ? await context.identities.checkPassword(body.identifier ?? "", body.password ?? "")
      : undefined;
  if (!identity) {
    flow.messages = [uiText(4000006)];
    return flowReply(context, flow, 400);
  }
  // Kratos refuses an inactive identity's right credentials with its own message.
  if (identity.state === "inactive") {
    flow.messages = [uiText(4010011)];
    return flowReply(context, flow, 400);
  }
  const current = context.sessions.byToken(request.sessionToken);
  // A refresh re-authenticates the same session; credentials of someone else get a fresh session.
  const refreshing = flow.refresh && current?.identityId === identity.id;
  if (refreshing) context.sessions.refresh(current, "password");
  const session = refreshing ? current : context.sessions.create(identity.id, "password", request.client);
  return {
    status: 200,
    body: { session_token: session.token, session: sessionJson(session, context.identities, context.baseUrl) },
  };
};

export const createSettingsFlow: Handler = (context, request) => {
  const session = context.sessions.byToken(request.sessionToken);
  if (!session) return sessionInactive();
  const refused = aalRefusal(context, context.settingsRequiredAal, session);
  if (refused) return refused;
  const flow = context.flows.create("settings", { identityId: session.identityId });
  return settingsReply(context, flow);
};

function settingsReply(context: Context, flow: Flow, status = 200): Reply {
  const identity = context.identities.get(flow.identityId ?? "");
  return {
    status,
    body: flowJson(
      flow,
      context.baseUrl,
      { identity: identity ? identityJson(identity, context.baseUrl) : {} },
      identity ? secondFactorSettingsNodes(context, flow, identity) : [],
    ),
  };
}

function ownSettingsFlow(
  context: Context,
  token: string | undefined,
  id: string | null,
): Reply | { flow: Flow; session: NonNullable<ReturnType<Context["sessions"]["byToken"]>> } {
  const session = context.sessions.byToken(token);
  if (!session) return sessionInactive();
  const flow = context.flows.get("settings", id);
  if (!flow) return notFound("The settings flow could not be found.");
  if (flow.identityId !== session.identityId) {
    return errorReply(403, "Access privileges are missing, invalid, or not sufficient to access this endpoint.", {
      id: "security_identity_mismatch",
    });
  }
  return aalRefusal(context, context.settingsRequiredAal, session) ?? { flow, session };
}

export const getSettingsFlow: Handler = (context, request) => {
  const found = ownSettingsFlow(context, request.sessionToken, request.query.get("id"));
  if ("status" in found) return found;
  return context.flows.isExpired(found.flow) ? context.flows.expired(found.flow) : settingsReply(context, found.flow);
};

export const updateSettingsFlow: Handler = async (context, request) => {
  const found = ownSettingsFlow(context, request.sessionToken, request.query.get("flow"));
  if ("status" in found) return found;
  const { flow, session } = found;
  if (context.flows.isExpired(flow)) return context.flows.expired(flow, { identityId: flow.identityId });
  if (context.now().getTime() - session.authenticatedAt.getTime() > context.privilegedSessionMaxAgeMs) {
    return errorReply(
      403,
      "The login session is too old and thus not allowed to update these fields. Please re-authenticate.",
      {
        id: "session_refresh_required",
        extra: { redirect_browser_to: `${context.baseUrl}/self-service/login/browser?refresh=true` },
      },
    );
  }
  const body = request.body as { method: string; password?: string };
  const identity = context.identities.get(session.identityId);
  flow.messages = [];
  flow.nodeMessages = {};
  if (identity && (body.method === "totp" || body.method === "lookup_secret")) {
    const outcome =
      body.method === "totp"
        ? updateTotpSettings(context, flow, session, identity, request.body)
        : updateLookupSettings(context, flow, identity, request.body);
    if (outcome.done) return settingsReply(context, flow);
    if (outcome.status === 500) return errorReply(500, outcome.reason ?? "The fake failed.");
    return settingsReply(context, flow, outcome.status);
  }
  if (body.method !== "password" || body.password === undefined || !identity) {
    flow.messages = [uiText(4000001, { reason: `method "${body.method}" is not supported by this fake` })];
    return settingsReply(context, flow, 400);
  }
  const problems = passwordProblems(body.password, identity.identifiers[0] ?? "");
  if (problems.length > 0) {
    flow.nodeMessages.password = problems;
    return settingsReply(context, flow, 400);
  }
  await context.identities.setPassword(identity, body.password);
  flow.state = "success";
  flow.messages = [uiText(1050001)];
  return settingsReply(context, flow);
};
