import type { Session as KratosSession } from "@ory/client";
import { isUuid } from "~/.server/db/uuid.server";
import type { Window } from "~/.server/paging/paging.server";
import type { Session } from "../identity.server";
import type { DeviceSession } from "../port.server";
import type { Kratos } from "./kratos.server";
import { call, errorId, expectOk, nextPageToken, toDeviceSession, toSession, unexpected } from "./mapping.server";

/** Sessions under Ory: who a token is, its devices, signing out. */

/**
 * The member's other sessions are read through Kratos's pages of GET /sessions, the largest it
 * serves, up to a bound (10,000 devices) that no member reaches by signing in.
 */
const KRATOS_SESSIONS_PAGE_SIZE = 500;
const MAX_KRATOS_SESSION_PAGES = 20;

/** The token's live session as Kratos answers it, or null. */
export async function currentSession({ frontend }: Kratos, token: string) {
  const answer = await call("toSession", frontend.toSession({ xSessionToken: token }));
  if (answer.ok) return answer.data;
  // Kratos asks whoami for aal2 itself: every member with two-factor sign-in would look signed out
  // after their password, and sign in again forever. Cap's guard asks the second factor instead.
  if (answer.status === 403 && errorId(answer.body) === "session_aal2_required")
    throw new Error("Kratos wants aal2 of whoami: set session.whoami.required_aal: aal1 (docs/operations.md)");
  // 401 session_inactive: no session (any more).
  if (answer.status === 401 || answer.status === 403) return null;
  throw unexpected("toSession", answer);
}

export async function whoami(kratos: Kratos, token: string): Promise<Session | null> {
  const session = await currentSession(kratos, token);
  return session && toSession(session, token);
}

export async function logout({ frontend }: Kratos, token: string): Promise<boolean> {
  const answer = await call(
    "performNativeLogout",
    frontend.performNativeLogout({ performNativeLogoutBody: { session_token: token } }),
  );
  if (answer.ok) return true;
  if (answer.status === 401 || answer.status === 403) return false;
  throw unexpected("performNativeLogout", answer);
}

/** Ends every session of the token's identity but the token's own; how many ended. */
export async function endOtherSessions({ frontend }: Kratos, token: string): Promise<number> {
  const ended = await expectOk("disableMyOtherSessions", frontend.disableMyOtherSessions({ xSessionToken: token }));
  return ended.count ?? 0;
}

/** The token's identity's other live sessions, page after page (Kratos's `page_token` in its Link header). */
async function otherSessions({ frontend, sessionsPageSize }: Kratos, token: string): Promise<KratosSession[]> {
  const pageSize = sessionsPageSize ?? KRATOS_SESSIONS_PAGE_SIZE;
  const sessions: KratosSession[] = [];
  let pageToken: string | undefined;
  for (let read = 0; read < MAX_KRATOS_SESSION_PAGES; read++) {
    const page = await expectOk(
      "listMySessions",
      frontend
        .listMySessions({ xSessionToken: token, pageSize, pageToken })
        .then((answer) => ({ data: { sessions: answer.data, next: nextPageToken(answer.headers.link) } })),
    );
    sessions.push(...page.sessions);
    if (!page.next) break;
    pageToken = page.next;
  }
  return sessions;
}

/** A window of the identity's live sessions, the token's first, then the most recently seen; and how many in all. */
export async function listSessions(
  kratos: Kratos,
  token: string,
  window: Window,
): Promise<{ sessions: DeviceSession[]; total: number }> {
  const current = await currentSession(kratos, token);
  if (!current) return { sessions: [], total: 0 };
  // Kratos leaves the current one out and keeps its own order: all of them, sorted here.
  const others = (await otherSessions(kratos, token))
    .map(toDeviceSession)
    .sort((a, b) => b.lastSeenAt.getTime() - a.lastSeenAt.getTime());
  const all = [toDeviceSession(current), ...others];
  return { sessions: all.slice(window.offset, window.offset + window.limit), total: all.length };
}

export async function revokeSession({ frontend }: Kratos, token: string, sessionId: string): Promise<boolean> {
  if (!isUuid(sessionId)) return false;
  const answer = await call("disableMySession", frontend.disableMySession({ id: sessionId, xSessionToken: token }));
  if (answer.ok) return true;
  // 404: no such session of this identity; 400: the token's own, which only logout ends.
  if (answer.status === 404 || answer.status === 400) return false;
  throw unexpected("disableMySession", answer);
}
