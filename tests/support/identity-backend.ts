import { count, eq } from "drizzle-orm";
import { vi } from "vitest";
import { db } from "~/.server/db/client.server";
import { identities, sessions } from "~/.server/db/schema.server";
import { currentKratos, oryPass } from "./ory-identity";

/**
 * What a test needs to see or do behind the identity port, whichever adapter runs: the embedded
 * store's tables, or the fake Kratos's admin API (Ory pass). Tests assert through these, never
 * through one adapter's storage.
 */

async function kratosAdmin(path: string, method = "GET"): Promise<unknown> {
  const answer = await fetch(new URL(path, currentKratos().url), { method });
  if (!answer.ok) throw new Error(`${method} ${path}: ${answer.status}`);
  return answer.status === 204 ? null : answer.json();
}

/** How many live sessions the identity has. */
export async function sessionCount(identityId: string): Promise<number> {
  if (oryPass())
    return ((await kratosAdmin(`/admin/identities/${identityId}/sessions?active=true`)) as unknown[]).length;
  const [row] = await db().select({ n: count() }).from(sessions).where(eq(sessions.identityId, identityId));
  return row.n;
}

/** Every session of the identity ends (another device, an administrator). */
export async function endSessions(identityId: string): Promise<void> {
  if (oryPass()) await kratosAdmin(`/admin/identities/${identityId}/sessions`, "DELETE");
  else await db().delete(sessions).where(eq(sessions.identityId, identityId));
}

/** How many identities exist. */
export async function identityCount(): Promise<number> {
  if (oryPass()) return currentKratos().identities().length;
  const [row] = await db().select({ n: count() }).from(identities);
  return row.n;
}

/**
 * Time passes for the identity service by `ms` (sessions, codes and flows expire): the fake
 * Kratos's clock, or (embedded) the process's Date; `vi.useRealTimers()` puts it back.
 */
export function identityClockForward(ms: number): void {
  const later = new Date(Date.now() + ms);
  if (oryPass()) currentKratos().setNow(later);
  else vi.useFakeTimers({ toFake: ["Date"], now: later });
}

/**
 * How many recovery codes a set holds: ten in the embedded store, twelve in Kratos (its
 * `lookup_secret` method's own number; Cap shows what the service gives).
 */
export const recoveryCodesPerSet = () => (oryPass() ? 12 : 10);
