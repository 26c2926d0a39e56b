import { eq, lt } from "drizzle-orm";
import { db } from "~/.server/db/client.server";
import { registrationDrafts } from "~/.server/db/schema.server";
import { draftFields } from "~/forms/register";

/**
 * The registration draft kept on the server for visitors without JavaScript: what they typed
 * (never the password), under an id the register page keeps in a signed cookie.
 */
export const DRAFT_LIFETIME_S = 30 * 24 * 60 * 60;

export type RegistrationDraft = Partial<Record<(typeof draftFields)[number], string>>;

export async function loadDraft(id: string | null): Promise<RegistrationDraft> {
  if (!id) return {};
  const [row] = await db()
    .select({ data: registrationDrafts.data })
    .from(registrationDrafts)
    .where(eq(registrationDrafts.id, id));
  return row?.data ?? {};
}

/** Merges the draft fields of `values` into draft `id` (a new draft when there is none); answers its id. */
export async function saveDraft(id: string | null, values: Record<string, unknown>): Promise<string> {
  const data: RegistrationDraft = { ...(await loadDraft(id)) };
  for (const field of draftFields) {
    const value = values[field];
    if (typeof value === "string") data[field] = value.slice(0, 200);
  }
  if (id) {
    const updated = await db()
      .update(registrationDrafts)
      .set({ data, updatedAt: new Date() })
      .where(eq(registrationDrafts.id, id))
      .returning({ id: registrationDrafts.id });
    if (updated.length) return id;
  }
  const [row] = await db().insert(registrationDrafts).values({ data }).returning({ id: registrationDrafts.id });
  // Old drafts of visitors who never came back go.
  await db()
    .delete(registrationDrafts)
    .where(lt(registrationDrafts.updatedAt, new Date(Date.now() - DRAFT_LIFETIME_S * 1000)));
  return row.id;
}

export async function discardDraft(id: string | null): Promise<void> {
  if (id) await db().delete(registrationDrafts).where(eq(registrationDrafts.id, id));
}
