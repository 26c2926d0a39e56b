import { eq } from "drizzle-orm";
import type { SignedIn } from "~/.server/accounts/members.server";
import { db } from "~/.server/db/client.server";
import { appUsers } from "~/.server/db/schema.server";
import type { Language } from "~/i18n/config";

/**
 * The language a signed-in member chose, saved to their account: it follows them to another
 * device (set again when they sign in) and every email to them goes out in it, including those
 * queued before (the sender renders them again).
 */
export async function saveLanguage({ member }: SignedIn, lang: Language): Promise<void> {
  if (member.lang === lang) return;
  await db().update(appUsers).set({ lang, updatedAt: new Date() }).where(eq(appUsers.id, member.id));
}
