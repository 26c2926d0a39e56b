import { createCookie } from "@remix-run/node";
import { eq, lt } from "drizzle-orm";
import { env } from "~/.server/config/env.server";
import { db } from "~/.server/db/client.server";
import { registrationDrafts } from "~/.server/db/schema.server";
import { draftFields } from "~/forms/register";

/**
 * The registration draft kept on the server for visitors without JavaScript: what they typed
 * (never the password), found again through a signed cookie when they come back.
 */
const DRAFT_LIFETIME_S = 30 * 24 * 60 * 60;

function draftCookie() {
  const config = env();
  return createCookie("register_draft", {
    // Not "/home/register": with JavaScript the page's data comes from /home/register.data,
    // which that path does not cover.
    path: "/home",
    httpOnly: true,
    sameSite: "lax",
    secure: config.APP_URL.startsWith("https:"),
    secrets: [config.SESSION_SECRET],
    maxAge: DRAFT_LIFETIME_S,
  });
}

export type Draft = Partial<Record<(typeof draftFields)[number], string>>;

async function draftId(request: Request): Promise<string | null> {
  const value = await draftCookie().parse(request.headers.get("Cookie"));
  return typeof value === "string" && /^[0-9a-f-]{36}$/.test(value) ? value : null;
}

export async function loadDraft(request: Request): Promise<Draft> {
  const id = await draftId(request);
  if (!id) return {};
  const [row] = await db()
    .select({ data: registrationDrafts.data })
    .from(registrationDrafts)
    .where(eq(registrationDrafts.id, id));
  return row?.data ?? {};
}

/** Merges `values` into the visitor's draft; answers the Set-Cookie header to send. */
export async function saveDraft(request: Request, values: Record<string, unknown>): Promise<string> {
  const data: Draft = { ...(await loadDraft(request)) };
  for (const field of draftFields) {
    const value = values[field];
    if (typeof value === "string") data[field] = value.slice(0, 200);
  }
  const id = await draftId(request);
  if (id) {
    const updated = await db()
      .update(registrationDrafts)
      .set({ data, updatedAt: new Date() })
      .where(eq(registrationDrafts.id, id))
      .returning({ id: registrationDrafts.id });
    if (updated.length) return draftCookie().serialize(id);
  }
  const [row] = await db().insert(registrationDrafts).values({ data }).returning({ id: registrationDrafts.id });
  // Old drafts of visitors who never came back go.
  await db()
    .delete(registrationDrafts)
    .where(lt(registrationDrafts.updatedAt, new Date(Date.now() - DRAFT_LIFETIME_S * 1000)));
  return draftCookie().serialize(row.id);
}

export async function discardDraft(request: Request): Promise<string> {
  const id = await draftId(request);
  if (id) await db().delete(registrationDrafts).where(eq(registrationDrafts.id, id));
  return draftCookie().serialize("", { maxAge: 0 });
}
