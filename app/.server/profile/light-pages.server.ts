import { eq } from "drizzle-orm";
import type { SignedIn } from "~/.server/accounts/members.server";
import { db } from "~/.server/db/client.server";
import { appUsers } from "~/.server/db/schema.server";

/**
 * "Light pages", saved to the member's account: their pages come without any script on every
 * device they sign in on (app/.server/http/light-pages.server.ts decides per request).
 */
export async function saveLightPages({ member, lightPages }: SignedIn, on: boolean): Promise<void> {
  if (lightPages === on) return;
  await db().update(appUsers).set({ lightPages: on, updatedAt: new Date() }).where(eq(appUsers.id, member.id));
}
