import type { Context, Handler } from "./context";
import { errorReply, notFound, sessionInactive } from "./errors";
import { sessionJson, type StoredSession } from "./sessions";

/** whoami, native logout and the "my sessions" endpoints. */

/** A session counts only while its identity exists and is active. */
function currentSession(context: Context, token: string | undefined): StoredSession | undefined {
  const session = context.sessions.byToken(token);
  return session && context.identities.get(session.identityId)?.state === "active" ? session : undefined;
}

export const whoami: Handler = (context, request) => {
  const session = currentSession(context, request.sessionToken);
  return session ? { status: 200, body: sessionJson(session, context.identities, context.baseUrl) } : sessionInactive();
};

export const performNativeLogout: Handler = (context, request) => {
  const session = context.sessions.byToken((request.body as { session_token: string }).session_token);
  // The document lists only 204/400 (plus default); Kratos sends 403 for an unknown token.
  if (!session)
    return errorReply(403, "The provided Ory Session Token could not be found, is invalid, or otherwise malformed.");
  context.sessions.revoke(session);
  return { status: 204 };
};

const others = (context: Context, current: StoredSession) =>
  context.sessions.ofIdentity(current.identityId).filter((session) => session.id !== current.id);

export const listMySessions: Handler = (context, request) => {
  const current = currentSession(context, request.sessionToken);
  if (!current) return sessionInactive();
  return {
    status: 200,
    body: others(context, current).map((session) => sessionJson(session, context.identities, context.baseUrl)),
  };
};

export const disableMyOtherSessions: Handler = (context, request) => {
  const current = currentSession(context, request.sessionToken);
  if (!current) return sessionInactive();
  const revoked = others(context, current);
  for (const session of revoked) context.sessions.revoke(session);
  return { status: 200, body: { count: revoked.length } };
};

export const disableMySession: Handler = (context, request) => {
  const current = currentSession(context, request.sessionToken);
  if (!current) return sessionInactive();
  const id = request.pathParams.id;
  if (id === current.id)
    return errorReply(400, "You can not revoke the current session. Please use the logout endpoints instead.");
  const target = context.sessions.get(id);
  if (!target || target.identityId !== current.identityId || !context.sessions.isActive(target))
    return notFound("Unable to locate the resource");
  context.sessions.revoke(target);
  return { status: 204 };
};
