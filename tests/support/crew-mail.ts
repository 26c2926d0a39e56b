import { eq, like } from "drizzle-orm";
import { db } from "~/.server/db/client.server";
import { invitations, rateLimitEvents } from "~/.server/db/schema.server";

/** Moves an invitation's last email, and every crew email count, to a day ago (what a resend waits for). */
export async function aDayLater(invitationId: string) {
  const dayAgo = new Date(Date.now() - 24 * 60 * 60 * 1000 - 60_000);
  await db().update(invitations).set({ lastSentAt: dayAgo }).where(eq(invitations.id, invitationId));
  await db().update(rateLimitEvents).set({ createdAt: dayAgo }).where(like(rateLimitEvents.bucket, "crew-%"));
}
