import { isSignedFor, signatureFor } from "~/.server/secrets/tokens.server";
import { anAdminExists, claimFirstAdmin } from "./roles.server";

/**
 * The first admin of a fresh install without digging: while no admin exists, each start prints
 * one link (as Grafana's and Ghost's first-run setup do) that makes the member signed in with it
 * the first admin. It lasts an hour and serves once: after it, an admin exists and every such
 * link is refused. `npm run roles` and ADMIN_EMAILS keep working beside it.
 */
export const FIRST_ADMIN_LINK_MINUTES = 60;
const PURPOSE = "first-admin";

/** The link's path: its expiry (seconds since 1970) and its signature under SESSION_SECRET. */
export function firstAdminPath(now = new Date()): string {
  const expires = String(Math.floor(now.getTime() / 1000) + FIRST_ADMIN_LINK_MINUTES * 60);
  return `/setup/first-admin/${expires}.${signatureFor(PURPOSE, expires)}`;
}

export type FirstAdminToken = "valid" | "expired" | "forged" | "taken";

/** What a link's token is worth now: signed by this install and unexpired, while no admin exists. */
export async function firstAdminToken(token: string, now = new Date()): Promise<FirstAdminToken> {
  const match = /^(\d{1,12})\.([A-Za-z0-9_-]{43})$/.exec(token);
  if (!match || !isSignedFor(PURPOSE, match[1], match[2])) return "forged";
  if (Number(match[1]) * 1000 <= now.getTime()) return "expired";
  return (await anAdminExists()) ? "taken" : "valid";
}

/** The member becomes the first admin, if the token is still worth it. */
export async function becomeFirstAdmin(token: string, memberId: string, now = new Date()): Promise<FirstAdminToken> {
  const worth = await firstAdminToken(token, now);
  if (worth !== "valid") return worth;
  return (await claimFirstAdmin(memberId)) === "granted" ? "valid" : "taken";
}

/** The start-up line: the link while no admin exists, nothing once one does. */
export async function firstAdminAnnouncement(appUrl: string, now = new Date()): Promise<string | null> {
  if (await anAdminExists()) return null;
  return `No admin yet: sign in, then open ${appUrl}${firstAdminPath(now)} within ${FIRST_ADMIN_LINK_MINUTES} minutes to become the first admin (or npm run roles -- grant <email> admin)`;
}
