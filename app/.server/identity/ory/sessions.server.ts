import { isUuid } from "~/.server/db/uuid.server";
import type { Session } from "../identity.server";
import type { DeviceSession } from "../port.server";
import type { Kratos } from "./kratos.server";
import { call, expectOk, toDeviceSession, toSession, unexpected } from "./mapping.server";

/** Sessions under Ory: who a token is, its devices, signing out. */

/** A device list is bounded, not paged (as the embedded store's): this session and 49 others. */
const MAX_LISTED_SESSIONS = 50;

/** The token's live session as Kratos answers it, or null. */
export async function currentSession({ frontend }: Kratos, token: string) {
  const answer = await call("toSession", frontend.toSession({ xSessionToken: token }));
  if (answer.ok) return answer.data;
  // 401 session_inactive; 403 when the session lacks an assurance level Kratos wants.
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

export async function listSessions(kratos: Kratos, token: string): Promise<DeviceSession[]> {
  const current = await currentSession(kratos, token);
  if (!current) return [];
  // The others (Kratos leaves the current one out): one page, as Kratos takes up to 500 a page.
  const others = await expectOk(
    "listMySessions",
    kratos.frontend.listMySessions({ xSessionToken: token, pageSize: MAX_LISTED_SESSIONS - 1 }),
  );
  return [current, ...others]
    .map(toDeviceSession)
    .sort((a, b) => b.lastSeenAt.getTime() - a.lastSeenAt.getTime())
    .slice(0, MAX_LISTED_SESSIONS);
}

export async function revokeSession({ frontend }: Kratos, token: string, sessionId: string): Promise<boolean> {
  if (!isUuid(sessionId)) return false;
  const answer = await call("disableMySession", frontend.disableMySession({ id: sessionId, xSessionToken: token }));
  if (answer.ok) return true;
  // 404: no such session of this identity; 400: the token's own, which only logout ends.
  if (answer.status === 404 || answer.status === 400) return false;
  throw unexpected("disableMySession", answer);
}
