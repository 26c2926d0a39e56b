import type { Context, Handler } from "./context";
import { errorReply, notFound, type Reply } from "./errors";
import { flowJson, newCode, type Flow } from "./flows";
import { identityJson, type StoredIdentity } from "./identities";
import { uiText } from "./messages";

/** Recovery and verification with the `code` method. */

const issueCode = (context: Context, flow: Flow, identity: StoredIdentity, address: string) => {
  flow.code = {
    value: newCode(),
    expiresAt: new Date(context.now().getTime() + context.codeLifespanMs),
    identityId: identity.id,
    address,
    used: false,
  };
  return flow.code.value;
};

const expiresInMinutes = (context: Context) => Math.round(context.codeLifespanMs / 60_000);

/** Also used by registration's verification hook. */
export async function sendVerificationCode(
  context: Context,
  flow: Flow,
  identity: StoredIdentity,
  address: string,
): Promise<void> {
  const code = issueCode(context, flow, identity, address);
  const verifiable = identity.verifiable_addresses.find((candidate) => candidate.value === address);
  if (verifiable && verifiable.status === "pending") verifiable.status = "sent";
  await context.courier.send(address, "verification_code_valid", {
    to: address,
    verification_code: code,
    verification_url: `${context.baseUrl}/self-service/verification?code=${code}&flow=${flow.id}`,
    identity: identityJson(identity, context.baseUrl),
    request_url: `${context.baseUrl}/self-service/verification/api`,
    transient_payload: flow.transientPayload ?? {},
    expires_in_minutes: expiresInMinutes(context),
  });
}

const flowReply = (context: Context, flow: Flow, status = 200): Reply => ({
  status,
  body: flowJson(flow, context.baseUrl),
});

function getFlow(kind: "recovery" | "verification"): Handler {
  return (context, request) => {
    const flow = context.flows.get(kind, request.query.get("id"));
    if (!flow) return notFound(`The ${kind} flow could not be found.`);
    if (context.flows.isExpired(flow)) return context.flows.expired(flow);
    return flowReply(context, flow);
  };
}

export const createRecoveryFlow: Handler = (context, request) => {
  if (context.sessions.byToken(request.sessionToken)) {
    return errorReply(400, "A valid session was detected and thus recovery is not possible.", {
      id: "session_already_available",
    });
  }
  return flowReply(context, context.flows.create("recovery"));
};

export const getRecoveryFlow = getFlow("recovery");

/**
 * Kratos answers a recovery flow that can't go on (too many codes, already completed) with a new
 * flow. The notes describe an `errorGeneric` 400, but the document declares `recoveryFlow` for 400,
 * so the fake answers the new flow and points at it through `continue_with`.
 */
function retryRecovery(context: Context, messageId?: number): Reply {
  const replacement = context.flows.create("recovery");
  if (messageId) replacement.messages = [uiText(messageId)];
  replacement.continueWith = [{ action: "show_recovery_ui", flow: { id: replacement.id } }];
  return flowReply(context, replacement, 400);
}

/** A recovery or verification flow's posted body (an address, or a code); the flow's last messages are cleared. */
function takeCodeBody(flow: Flow, posted: unknown) {
  const body = posted as { method: string; email?: string; code?: string; transient_payload?: Record<string, unknown> };
  flow.messages = [];
  flow.nodeMessages = {};
  if (body.transient_payload) flow.transientPayload = body.transient_payload;
  return body;
}

export const updateRecoveryFlow: Handler = async (context, request) => {
  const flow = context.flows.get("recovery", request.query.get("flow"));
  if (!flow) return notFound("The recovery flow could not be found.");
  if (context.flows.isExpired(flow)) return context.flows.expired(flow);
  if (flow.state === "passed_challenge") return retryRecovery(context, 4060001);
  const body = takeCodeBody(flow, request.body);

  if (body.email !== undefined) {
    // A new address (or a resend) replaces the flow's code. Unknown addresses get the same answer and no mail.
    const email = body.email.trim().toLowerCase();
    flow.state = "sent_email";
    flow.values = { email };
    flow.code = undefined;
    const identity = context.identities.byRecoveryAddress(email);
    if (identity) {
      const code = issueCode(context, flow, identity, email);
      await context.courier.send(email, "recovery_code_valid", {
        to: email,
        recovery_code: code,
        identity: identityJson(identity, context.baseUrl),
        request_url: `${context.baseUrl}/self-service/recovery/api`,
        transient_payload: flow.transientPayload ?? {},
        expires_in_minutes: expiresInMinutes(context),
      });
    }
    flow.messages = [uiText(1060003)];
    return flowReply(context, flow);
  }

  flow.submitCount += 1;
  if (flow.submitCount > context.maxCodeSubmissions) return retryRecovery(context);
  const code = flow.code;
  // Wrong, used and expired codes look the same: 200 with 4060006.
  if (!code || code.used || code.expiresAt <= context.now() || code.value !== body.code) {
    flow.messages = [uiText(4060006)];
    return flowReply(context, flow);
  }
  const identity = context.identities.get(code.identityId);
  if (!identity) {
    flow.messages = [uiText(4060006)];
    return flowReply(context, flow);
  }
  code.used = true;
  context.identities.markVerified(identity, code.address);
  const session = context.sessions.create(identity.id, "code_recovery", request.client);
  const settings = context.flows.create("settings", { identityId: identity.id });
  const privilegedUntil = new Date(session.authenticatedAt.getTime() + context.privilegedSessionMaxAgeMs);
  const minutes = (context.privilegedSessionMaxAgeMs / 60_000).toFixed(2);
  const recovered = uiText(1060001, {
    privilegedSessionExpiresAt: privilegedUntil.toISOString(),
    privileged_session_expires_at: privilegedUntil.toISOString(),
    privileged_session_expires_at_unix: Math.floor(privilegedUntil.getTime() / 1000),
  });
  settings.messages = [{ ...recovered, text: recovered.text.replace("1.00", minutes) }];
  flow.state = "passed_challenge";
  flow.continueWith = [
    { action: "set_ory_session_token", ory_session_token: session.token },
    { action: "show_settings_ui", flow: { id: settings.id } },
  ];
  return flowReply(context, flow);
};

export const createVerificationFlow: Handler = (context) => flowReply(context, context.flows.create("verification"));

export const getVerificationFlow = getFlow("verification");

const flowReplaced = () =>
  errorReply(410, "The request was already completed successfully and can not be retried.", {
    id: "self_service_flow_replaced",
    message: "The requested resource is no longer available",
  });

export const updateVerificationFlow: Handler = async (context, request) => {
  const flow = context.flows.get("verification", request.query.get("flow"));
  if (!flow) return notFound("The verification flow could not be found.");
  if (context.flows.isExpired(flow)) return context.flows.expired(flow);
  if (flow.state === "passed_challenge") return flowReplaced();
  const body = takeCodeBody(flow, request.body);

  if (body.email !== undefined && body.code === undefined) {
    const email = body.email.trim().toLowerCase();
    flow.state = "sent_email";
    flow.values = { email };
    flow.code = undefined;
    const found = context.identities.byVerifiableAddress(email);
    if (found) await sendVerificationCode(context, flow, found.identity, email);
    flow.messages = [uiText(1080003)];
    return flowReply(context, flow);
  }

  flow.submitCount += 1;
  if (flow.submitCount > context.maxCodeSubmissions) return flowReplaced();
  const code = flow.code;
  if (code && code.value === body.code && code.expiresAt <= context.now()) return context.flows.expired(flow);
  if (!code || code.used || code.value !== body.code) {
    flow.messages = [uiText(4070006)];
    return flowReply(context, flow);
  }
  const identity = context.identities.get(code.identityId);
  if (identity) context.identities.markVerified(identity, code.address);
  code.used = true;
  flow.state = "passed_challenge";
  flow.messages = [uiText(1080002)];
  return flowReply(context, flow);
};
