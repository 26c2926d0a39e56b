import { z } from "zod";
import { reencodeImage } from "~/.server/media/photo.server";
import { takeSlots } from "~/.server/rate-limit/rate-limit.server";
import { checkCaptions } from "~/.server/trainings/captions.server";
import type { Language } from "~/i18n/config";
import type { MediaError } from "./contract.server";
import { revisionField } from "./training-meta.server";
import { MEDIA_UPLOAD_LIMIT, storeUpload } from "~/.server/media/uploads.server";

/**
 * A video part's files as an author uploads them: the video itself (MP4 or
 * WebM, recognised by its first bytes, 25 MB at most — the door refuses a larger body before
 * reading it), its poster (JPEG, PNG or WebP through Cap's one image pipeline: decoded, resized,
 * re-encoded to WebP, never served as sent) and its captions per language (WebVTT, checked line by
 * line and kept in their normal form). Each answers the upload's URL, or why not.
 */
export const VIDEO_MAX_BYTES = 25 * 1024 * 1024;
export const POSTER_MAX_BYTES = 5 * 1024 * 1024;
/** A poster is shown at most this wide (kept whole: "inside", never enlarged). */
export const POSTER_FRAME = { width: 1280, height: 720, fit: "inside" } as const;

export type MediaOutcome = { ok: true; url: string } | { ok: false; error: MediaError; details?: string[] };

/** The video container its magic bytes name: an ISO-BMFF "ftyp" box (MP4) or EBML (WebM). */
export function videoKind(bytes: Uint8Array): "mp4" | "webm" | null {
  const at = (offset: number, ...values: number[]) => values.every((value, i) => bytes[offset + i] === value);
  if (at(4, 0x66, 0x74, 0x79, 0x70)) return "mp4"; // ....ftyp
  if (at(0, 0x1a, 0x45, 0xdf, 0xa3)) return "webm";
  return null;
}

async function slot(uploaderId: string): Promise<boolean> {
  return (await takeSlots([{ ...MEDIA_UPLOAD_LIMIT, key: uploaderId }])) !== null;
}

export async function uploadVideo(uploaderId: string, bytes: Buffer): Promise<MediaOutcome> {
  if (bytes.length === 0) return { ok: false, error: "missing" };
  if (bytes.length > VIDEO_MAX_BYTES) return { ok: false, error: "videoTooLarge" };
  const kind = videoKind(bytes);
  if (!kind) return { ok: false, error: "notAVideo" };
  if (!(await slot(uploaderId))) return { ok: false, error: "tooManyUploads" };
  return { ok: true, url: await storeUpload(bytes, kind, uploaderId) };
}

export async function uploadPoster(uploaderId: string, bytes: Buffer): Promise<MediaOutcome> {
  if (bytes.length === 0) return { ok: false, error: "missing" };
  if (bytes.length > POSTER_MAX_BYTES) return { ok: false, error: "posterTooLarge" };
  // Taken before decoding, and kept when the file is refused: decoding is what costs.
  if (!(await slot(uploaderId))) return { ok: false, error: "tooManyUploads" };
  const webp = await reencodeImage(bytes, POSTER_FRAME);
  if (typeof webp === "string") return { ok: false, error: webp };
  return { ok: true, url: await storeUpload(webp, "webp", uploaderId) };
}

/** Captions in `lang` (the author's language for the messages), each mistake with its line. */
export async function uploadCaptions(uploaderId: string, bytes: Buffer, lang: Language): Promise<MediaOutcome> {
  if (bytes.length === 0) return { ok: false, error: "missing" };
  const checked = checkCaptions(bytes, lang);
  if (!checked.ok) return { ok: false, error: "unreadable", details: checked.errors.map((error) => error.message) };
  if (!(await slot(uploaderId))) return { ok: false, error: "tooManyUploads" };
  return { ok: true, url: await storeUpload(Buffer.from(checked.text, "utf8"), "vtt", uploaderId) };
}

/** An upload form: the draft revision, the file, and for captions their language. */
export const mediaSchema = z.object({
  revision: revisionField,
  file: z.instanceof(File, { message: "media.errors.missing" }).refine((file) => file.size > 0, "media.errors.missing"),
  lang: z.enum(["fr", "en"], { message: "media.errors.lang" }).optional(),
});
