import type { Context, Handler } from "./context";
import { errorReply, notFound, sessionInactive } from "./errors";
import { aalRefusal } from "./second-factor";
import { sessionJson, type StoredSession } from "./sessions";

/** whoami, native logout and the "my sessions" endpoints. */

/** A session counts only while its identity exists and is active. */
function currentSession(context: Context, token: string | undefined): StoredSession | undefined {
  const session = context.sessions.byToken(token);
  return session && context.identities.get(session.identityId)?.state === "active" ? session : undefined;
}

export const whoami: Handler = (context, request) => {
  const session = currentSession(context, request.sessionToken);
  if (!session) return sessionInactive();
  return (
    aalRefusal(context, context.whoamiRequiredAal, session) ?? {
      status: 200,
      body: sessionJson(session, context.identities, context.baseUrl),
    }
  );
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

/** Kratos's default page size of GET /sessions (the document's; at most 500, checked by the contract). */
const SESSIONS_PAGE_SIZE = 250;

/**
 * Kratos's keyset pagination: `page_size` items ordered by id, after the session `page_token`
 * names (opaque to clients); a `Link` header gives the first page and, unless this is the last,
 * the next one (`rel="next"`, with its `page_token`).
 */
export const listMySessions: Handler = (context, request) => {
  const current = currentSession(context, request.sessionToken);
  if (!current) return sessionInactive();
  const size = Number(request.query.get("page_size") ?? SESSIONS_PAGE_SIZE);
  const after = request.query.get("page_token");
  const afterId = after ? Buffer.from(after, "base64url").toString() : "";
  const ordered = others(context, current).sort((a, b) => a.id.localeCompare(b.id));
  const page = ordered.filter((session) => session.id > afterId).slice(0, size);
  const link = (token?: string) =>
    `<${context.baseUrl}/sessions?page_size=${size}${token ? `&page_token=${token}` : ""}>`;
  const last = page.at(-1);
  const more = last !== undefined && ordered.at(-1)?.id !== last.id;
  const links = [`${link()}; rel="first"`];
  if (more) links.push(`${link(Buffer.from(last.id).toString("base64url"))}; rel="next"`);
  return {
    status: 200,
    headers: { link: links.join(",") },
    body: page.map((session) => sessionJson(session, context.identities, context.baseUrl)),
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
