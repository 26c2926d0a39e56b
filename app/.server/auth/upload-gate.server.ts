import { whoami } from "~/.server/accounts/members.server";
import { owesSecondFactor } from "~/.server/auth/second-step.server";
import { readToken } from "~/.server/auth/token-cookie.server";
import { isMediaUpload, isTrainingImport } from "~/.server/http/request-screen.server";
import { localeOf, translator } from "~/.server/i18n/i18n.server";
import { isVerified } from "~/.server/identity/identity-service.server";
import { countRecent } from "~/.server/rate-limit/rate-limit.server";
import type { Role } from "~/.server/roles/roles.server";
import { mayAuthor } from "~/roles/may-author";
import { MEDIA_UPLOAD_LIMIT } from "~/.server/media/uploads.server";
import { PHOTO_UPLOAD_LIMIT } from "~/.server/media/photo.server";

/**
 * No work before knowing who asks. The photo's paths (a member's page and API,
 * a coach's profile pages) take up to 8 MB: before a byte of such a body is read, the door asks
 * here, from the request's head alone, who sends it.
 *  - Nobody signed in, an unverified address, a session owing its second factor, or a coach's page
 *    without the role: "guard" — the route gets the request without its body, and its own guard
 *    answers as always (redirect, 401, 404); the body is never kept.
 *  - A member who already sent their 20 photos this hour: 429 at once.
 *  - Otherwise the member waits for one of UPLOADS_AT_ONCE places (reading and decoding a photo),
 *    UPLOAD_WAIT_MS at most, else 503 with Retry-After; the place is given back by `release`.
 * A small body (isGatedUpload, request-screen.server.ts: at most the 64 KB of any form: removing the photo, a coach's text) is not
 * asked about: reading it costs what any other form costs, and its route answers as before.
 */
export type Admission =
  | { kind: "guard" }
  | { kind: "refused"; response: Response }
  | { kind: "admitted"; release: () => void };

export const UPLOADS_AT_ONCE = 2;
export const uploadDoor = { waitMs: 15_000, retryAfterSeconds: 10 };

const COACH_PAGE = /^\/coach\/profile\/*$/;
const ADMIN_PAGE = /^\/admin\/coaches\/[^/]+\/*$/;

/** Whether the roles a member holds let them post to a gated path, beyond being a verified member. */
function mayPost(pathname: string, roles: readonly Role[]): boolean {
  if (COACH_PAGE.test(pathname)) return roles.includes("coach");
  if (ADMIN_PAGE.test(pathname)) return roles.includes("admin");
  // A part's media (their own hourly quota) and a training file's import: the author space's.
  if (isMediaUpload(pathname) || isTrainingImport(pathname)) return mayAuthor(roles);
  return true;
}

export async function admitUpload(request: Request): Promise<Admission> {
  const token = await readToken(request);
  const signedIn = token ? await whoami(token) : null;
  if (!signedIn || !isVerified(signedIn.identity) || owesSecondFactor(request, signedIn)) return { kind: "guard" };
  const pathname = new URL(request.url).pathname;
  if (!mayPost(pathname, signedIn.roles)) return { kind: "guard" };
  const { bucket, max, windowMs } = isMediaUpload(pathname) ? MEDIA_UPLOAD_LIMIT : PHOTO_UPLOAD_LIMIT;
  // A peek: the slot is taken by the photo service once the file is in hand (photo.server.ts).
  // A training file is no photo: an author's imports wait for a place like photos, uncounted.
  if (!isTrainingImport(pathname) && (await countRecent(bucket, signedIn.member.id, windowMs)) >= max) {
    return { kind: "refused", response: await refusal(request, 429) };
  }
  const release = await places.acquire(uploadDoor.waitMs);
  if (!release) return { kind: "refused", response: await refusal(request, 503) };
  return { kind: "admitted", release };
}

/**
 * The request as its route gets it when the guard is to answer: the same head, an empty body (an
 * empty form for a page, nothing for the API), so that a route that read it would find no file.
 */
export function withoutBody(request: Request): Request {
  const headers = new Headers(request.headers);
  headers.set("content-length", "0");
  headers.delete("transfer-encoding");
  const api = new URL(request.url).pathname.startsWith("/api/");
  if (api) headers.delete("content-type");
  else headers.set("content-type", "application/x-www-form-urlencoded");
  // Bytes, not a string: a string would bring a text/plain Content-Type along.
  return new Request(request.url, { method: request.method, headers, body: new Uint8Array(0), signal: request.signal });
}

/** How many uploads are being read and decoded in this process now (for tests). */
export function uploadsInProgress(): number {
  return places.running();
}

async function refusal(request: Request, status: 429 | 503): Promise<Response> {
  const language = await localeOf(request);
  const media = isMediaUpload(new URL(request.url).pathname);
  const message =
    status === 429
      ? media
        ? (await translator(language, "author"))("media.errors.tooManyUploads")
        : (await translator(language, "profile"))("errors.photoTooManyUploads")
      : (await translator(language, "common"))("error.uploadsBusy");
  const headers = new Headers({ "Cache-Control": "no-store" });
  headers.set("Retry-After", String(status === 429 ? 3600 : uploadDoor.retryAfterSeconds));
  if (new URL(request.url).pathname.startsWith("/api/")) {
    return Response.json({ errors: { base: [message], photo: [message] } }, { status, headers });
  }
  headers.set("Content-Type", "text/plain; charset=utf-8");
  return new Response(message, { status, headers });
}

/** At most `max` holders at once; the others queue, each for `waitMs` at most (then null). */
function semaphore(max: number) {
  let running = 0;
  const waiting: Array<() => void> = [];
  const release = () => {
    running--;
    waiting.shift()?.();
  };
  const holder = () => {
    running++;
    let released = false;
    return () => {
      if (released) return;
      released = true;
      release();
    };
  };
  return {
    running: () => running,
    acquire(waitMs: number): Promise<(() => void) | null> {
      if (running < max) return Promise.resolve(holder());
      return new Promise((resolve) => {
        const wake = () => {
          clearTimeout(timer);
          resolve(holder());
        };
        const timer = setTimeout(() => {
          waiting.splice(waiting.indexOf(wake), 1);
          resolve(null);
        }, waitMs);
        waiting.push(wake);
      });
    },
  };
}

const places = semaphore(UPLOADS_AT_ONCE);
