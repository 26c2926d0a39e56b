/**
 * What a request must be before any route sees it. Each check
 * answers the status of the refusal, or null: the transport then answers it in a short,
 * translated message (request-handler.server.ts), so no route can be reached with a body,
 * a target or a header it cannot parse.
 */
export type Refusal = 400 | 403 | 405 | 413 | 415;

export const BODY_LIMIT_BYTES = 64 * 1024;
/**
 * The profile photo's form and API take a file: up to 5 MB, checked by the photo service with its
 * own message; the door lets through that and the multipart's overhead, with room to spare so that
 * a slightly larger file gets that message rather than the door's.
 */
export const PHOTO_BODY_LIMIT_BYTES = 8 * 1024 * 1024;
const PHOTO_PATHS = new Set(["/profile/photo", "/api/profile/photo"]);
/**
 * A video part's editor takes an author's video: up to 25 MB, checked by the media
 * service with its own message (authoring/media.server.ts); the door lets through that and the
 * multipart's overhead, and asks who sends it before reading it, as for a photo.
 */
export const MEDIA_BODY_LIMIT_BYTES = 32 * 1024 * 1024;
const MEDIA_PAGE = /^\/author\/trainings\/[^/]+\/modules\/[^/]+\/parts\/[^/]+\/*$/;
export const METHODS = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE"];
const WRITES = new Set(["POST", "PUT", "PATCH", "DELETE"]);
// A host name or an IPv4/IPv6 literal, with an optional port: what a browser sends.
const HOST = /^(?:[a-z0-9](?:[a-z0-9-]{0,62}\.?)*|\[[0-9a-f:.]+\])(?::\d{1,5})?$/i;
const FORM_TYPES = /^(application\/x-www-form-urlencoded|multipart\/form-data)\b/i;
const PHOTO_TYPES = /^(image\/(jpeg|png|webp)|application\/octet-stream)\b/i;

type Head = { method: string; target: string; headers: Headers };

/** A coach's profile pages, whose photo form posts a file there too. */
const COACH_PHOTO_PAGES = /^\/(?:coach\/profile|admin\/coaches\/[^/]+)$/;

/**
 * An author's training file: importing it into a draft or as a new training takes up to
 * TRAINING_FILE_MAX_BYTES, checked by the import with its own message; the door lets through that
 * and the multipart's overhead, and asks who sends it before reading a byte.
 */
export const TRAINING_FILE_MAX_BYTES = 512 * 1024;
export const IMPORT_BODY_LIMIT_BYTES = TRAINING_FILE_MAX_BYTES + 64 * 1024;
const IMPORT_PATHS = /^\/author\/trainings\/(?:[a-z0-9_-]{1,64}\/)?import\/*$/;

/** Whether the target is a training file's import (a draft's, or a new training's), whatever its query. */
export function isTrainingImport(target: string): boolean {
  return IMPORT_PATHS.test(target.split("?")[0]!);
}

/** Whether the target is the photo upload's (page action or API), whatever its query. */
export function isPhotoUpload(target: string): boolean {
  const path = target.split("?")[0]!;
  return PHOTO_PATHS.has(path) || COACH_PHOTO_PAGES.test(path);
}

/** Whether the target is a video part's editor, which takes an author's files. */
export function isMediaUpload(target: string): boolean {
  return MEDIA_PAGE.test(target.split("?")[0]!);
}

/**
 * Whether the door asks who sends this request before reading its body (auth/upload-gate.server.ts):
 * a write to a photo path, a part's media or a training file's import, larger than any form may be.
 */
export function isGatedUpload({ method, target, headers }: Head): boolean {
  if (!WRITES.has(method) || !(isPhotoUpload(target) || isMediaUpload(target) || isTrainingImport(target)))
    return false;
  const declared = headers.get("content-length");
  // No Content-Length (chunked, or a Request made in a test): as large as it may be.
  return declared === null || !(Number(declared) <= BODY_LIMIT_BYTES);
}

/** The most a request to this target may send. */
export function bodyLimitFor(target: string): number {
  if (isMediaUpload(target)) return MEDIA_BODY_LIMIT_BYTES;
  if (isPhotoUpload(target)) return PHOTO_BODY_LIMIT_BYTES;
  return isTrainingImport(target) ? IMPORT_BODY_LIMIT_BYTES : BODY_LIMIT_BYTES;
}

/** Checks made before the body is read: method, target, host headers, size, origin, content type. */
export function screenHead({ method, target, headers }: Head): Refusal | null {
  if (!METHODS.includes(method)) return 405;
  // Absolute-form ("GET http://x/ HTTP/1.1") and "//host" targets are not paths of ours.
  if (!target.startsWith("/") || target.startsWith("//") || !parses(target)) return 400;
  // NUL in a query value would reach a query PostgreSQL refuses.
  if (/%00/.test(target)) return 400;
  const host = headers.get("host");
  if (!host || !HOST.test(host)) return 400;
  const forwardedHost = headers.get("x-forwarded-host");
  if (forwardedHost !== null && !forwardedHost.split(",").every((value) => HOST.test(value.trim()))) return 400;
  const forwardedProto = headers.get("x-forwarded-proto");
  if (forwardedProto !== null && !/^\s*https?\s*(,\s*https?\s*)*$/i.test(forwardedProto)) return 400;
  if (Number(headers.get("content-length") ?? 0) > bodyLimitFor(target)) return 413;
  if (!WRITES.has(method)) return null;

  const api = target.startsWith("/api/");
  if (!acceptsAnyOrigin(target) && !sameOrigin(headers, { required: api && signedInByCookie(headers) })) return 403;
  const type = headers.get("content-type") ?? "";
  const hasBody = headers.has("transfer-encoding") || Number(headers.get("content-length") ?? 0) > 0;
  // The photo's API takes the image's bytes as they are, with no Content-Type (SPEC §7's client
  // for files) or an image's; a cookie-authenticated one still had to show its Origin above.
  if (api && isPhotoUpload(target)) return !type || PHOTO_TYPES.test(type) ? null : 415;
  // The JSON API reads JSON only: a text/plain or form post is what a cross-site page can send.
  if (api) return hasBody && !/^application\/json\b/i.test(type) ? 415 : null;
  // Page actions and resource routes (logout, language) read forms.
  return FORM_TYPES.test(type) ? null : 415;
}

/**
 * Checks made once the body is in hand: a page action's body must be a form it can read, and no
 * text may carry NUL, which PostgreSQL refuses to store (a 500 deep in a query otherwise).
 */
export async function screenBody(
  method: string,
  target: string,
  headers: Headers,
  body: Uint8Array<ArrayBuffer>,
): Promise<Refusal | null> {
  if (!WRITES.has(method)) return null;
  // An image's bytes: the photo service reads them by their magic bytes, NUL and all.
  if (target.startsWith("/api/") && isPhotoUpload(target)) return null;
  if (target.startsWith("/api/")) {
    // JSON writes NUL as \u0000; a raw NUL byte is no valid JSON either.
    const text = new TextDecoder().decode(body);
    return text.includes("\0") || /\\u0000/i.test(text) ? 400 : null;
  }
  try {
    const form = await new Request("http://cap.invalid/", {
      method: "POST",
      headers: { "content-type": headers.get("content-type")! },
      body,
    }).formData();
    for (const value of form.values()) if (typeof value === "string" && value.includes("\0")) return 400;
    return null;
  } catch {
    return 400;
  }
}

/**
 * A target that is a URL whose path decodes: a path that is not even valid percent-encoding
 * (`/coach/agenda/%ZZ/sessions.ics`) names no route, and Express's router would fail on it with
 * a stack trace in the log, as if the server had failed.
 */
function parses(target: string): boolean {
  try {
    const { pathname } = new URL(target, "http://cap.invalid");
    decodeURIComponent(pathname);
    return true;
  } catch {
    return false;
  }
}

/**
 * The Origin of a write, when the browser sends one, names the host the request came to (the same
 * comparison Remix makes before a page action, which would otherwise throw). `null` and foreign
 * origins are refused; a cookie-authenticated API write must carry one.
 */
function sameOrigin(headers: Headers, { required }: { required: boolean }): boolean {
  const origin = headers.get("origin");
  if (origin === null) return !required;
  const host = headers.get("x-forwarded-host")?.split(",")[0]?.trim() || headers.get("host");
  try {
    return origin !== "null" && new URL(origin).host === host;
  } catch {
    return false;
  }
}

/** The session comes from the `token` cookie, not from an Authorization header. */
function signedInByCookie(headers: Headers): boolean {
  if (/^Bearer\s+\S+$/i.test(headers.get("authorization") ?? "")) return false;
  return /(?:^|;\s*)token=/.test(headers.get("cookie") ?? "");
}

/**
 * A one-click unsubscribe (RFC 8058) is posted by the recipient's mail service, whatever its
 * origin; its signed link is its only key, and switching a mail off is all it can do. Its Origin
 * is not passed on (request-handler.server.ts): Remix would refuse a foreign one with a 500.
 */
export function acceptsAnyOrigin(target: string): boolean {
  return target.startsWith("/unsubscribe/");
}
