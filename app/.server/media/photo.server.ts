import { randomUUID } from "node:crypto";
import { and, eq, inArray, isNotNull } from "drizzle-orm";
import sharp from "sharp";
import { db } from "~/.server/db/client.server";
import { coachPhotos, crewMembers, memberPhotos } from "~/.server/db/schema.server";
import { isUuid } from "~/.server/db/uuid.server";
import { takeSlots } from "~/.server/rate-limit/rate-limit.server";

/**
 * A member's profile photo. A JPEG, PNG or WebP of up to 5 MB is recognised by
 * its first bytes (never by the name or type the client gives), its header's dimensions are
 * checked before any pixel is decoded, then it is cropped to a 256×256 WebP without its metadata
 * (no EXIF, no GPS) and kept in the database, so every app process serves it. Its URL holds a
 * random id, new at each upload: caches keep a photo for good, and a new one is a new URL.
 */
export const PHOTO_MAX_BYTES = 5 * 1024 * 1024;
export const PHOTO_SIDE = 256;
/** About 40 megapixels (a 7 700×5 200 photo): beyond, the decoder is not even started. */
export const PHOTO_MAX_PIXELS = 40_000_000;
/** 20 uploads an hour per uploader: also peeked at before the body is read (upload-gate.server.ts). */
export const PHOTO_UPLOAD_LIMIT = { bucket: "photo-upload", max: 20, windowMs: 60 * 60 * 1000 } as const;

/** Why an image's bytes make no image. */
export type ImageError = "notAnImage" | "unreadable" | "tooManyPixels";
export type PhotoError = "missing" | "tooLarge" | "notAnImage" | "unreadable" | "tooManyPixels" | "tooManyUploads";
export type PhotoOutcome = { ok: true; url: string } | { ok: false; error: PhotoError };

// One image at a time per process, on one libvips thread, and nothing kept in libvips' cache:
// a burst of uploads queues instead of taking every core and the memory of several decodes.
sharp.concurrency(1);
sharp.cache(false);
let decoding: Promise<unknown> = Promise.resolve();
function oneAtATime<T>(work: () => Promise<T>): Promise<T> {
  const run = decoding.then(work, work);
  decoding = run.catch(() => undefined);
  return run;
}

type Kind = "jpeg" | "png" | "webp";

/** The image format its magic bytes name, or null. */
export function imageKind(bytes: Uint8Array): Kind | null {
  const starts = (offset: number, ...values: number[]) => values.every((value, i) => bytes[offset + i] === value);
  if (starts(0, 0xff, 0xd8, 0xff)) return "jpeg";
  if (starts(0, 0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a)) return "png";
  if (starts(0, 0x52, 0x49, 0x46, 0x46) && starts(8, 0x57, 0x45, 0x42, 0x50)) return "webp"; // RIFF….WEBP
  return null;
}

/** How an image is resized: the photo's square crop, or a poster's frame kept whole. */
export type ImageFrame = { width: number; height: number; fit: "cover" | "inside" };
const PHOTO_FRAME: ImageFrame = { width: PHOTO_SIDE, height: PHOTO_SIDE, fit: "cover" };

/**
 * The one image pipeline of Cap (photos, and the posters of authors' videos): recognised by its
 * magic bytes, its declared size checked before any pixel is decoded, then resized and re-encoded
 * to WebP without its metadata — an uploader's bytes are never served as they came.
 */
export function reencodeImage(bytes: Buffer, frame: ImageFrame): Promise<Buffer | ImageError> {
  return reencode(bytes, frame);
}

/** The upload as a small WebP, or why it cannot be one. */
async function reencode(bytes: Buffer, frame: ImageFrame = PHOTO_FRAME): Promise<Buffer | ImageError> {
  const kind = imageKind(bytes);
  if (!kind) return "notAnImage";
  const options = { limitInputPixels: PHOTO_MAX_PIXELS, failOn: "truncated", sequentialRead: true } as const;
  return oneAtATime(async () => {
    let width: number | undefined;
    let height: number | undefined;
    try {
      // Reads the header only (no pixel limit yet, so that a "decompression bomb" is told apart
      // from a broken file): it is refused below by the size it declares.
      const metadata = await sharp(bytes, { ...options, limitInputPixels: false }).metadata();
      if (metadata.format !== kind) return "unreadable";
      ({ width, height } = metadata);
    } catch {
      return "unreadable";
    }
    if (!width || !height || width * height > PHOTO_MAX_PIXELS) return "tooManyPixels";
    try {
      return await sharp(bytes, options)
        .autoOrient()
        .resize(frame.width, frame.height, {
          fit: frame.fit,
          ...(frame.fit === "cover" ? { position: "attention" } : { withoutEnlargement: true }),
        })
        .webp({ quality: 80 })
        .toBuffer();
    } catch {
      return "unreadable";
    }
  });
}

export function photoUrl(photoId: string): string {
  return `/photos/${photoId}.webp`;
}

/**
 * The upload as the photo to keep (a new random id and its WebP), or why not: the one pipeline of
 * a member's photo and a coach's (coaching/coach-profile.server.ts). `uploaderId` is whose hourly
 * quota it takes.
 */
export async function preparePhoto(
  uploaderId: string,
  bytes: Buffer,
): Promise<{ ok: true; photoId: string; webp: Buffer } | { ok: false; error: PhotoError }> {
  if (bytes.length === 0) return { ok: false, error: "missing" };
  if (bytes.length > PHOTO_MAX_BYTES) return { ok: false, error: "tooLarge" };
  // Taken before decoding, and kept when the file is refused: decoding is what costs.
  const slots = await takeSlots([{ ...PHOTO_UPLOAD_LIMIT, key: uploaderId }]);
  if (!slots) return { ok: false, error: "tooManyUploads" };
  const webp = await reencode(bytes);
  if (typeof webp === "string") return { ok: false, error: webp };
  return { ok: true, photoId: randomUUID(), webp };
}

/** Replaces the member's photo with this upload; its URL is new. */
export async function savePhoto(memberId: string, bytes: Buffer): Promise<PhotoOutcome> {
  const prepared = await preparePhoto(memberId, bytes);
  if (!prepared.ok) return prepared;
  const { photoId, webp } = prepared;
  await db()
    .insert(memberPhotos)
    .values({ memberId, photoId, webp })
    .onConflictDoUpdate({ target: memberPhotos.memberId, set: { photoId, webp, createdAt: new Date() } });
  return { ok: true, url: photoUrl(photoId) };
}

/** Removes the member's own photo (there is no id to give: nobody removes another's). */
export async function removePhoto(memberId: string): Promise<boolean> {
  const removed = await db()
    .delete(memberPhotos)
    .where(eq(memberPhotos.memberId, memberId))
    .returning({ photoId: memberPhotos.photoId });
  return removed.length > 0;
}

/** The URL of the member's photo, or null when they have none. */
export async function photoUrlOf(memberId: string): Promise<string | null> {
  const [row] = await db()
    .select({ photoId: memberPhotos.photoId })
    .from(memberPhotos)
    .where(eq(memberPhotos.memberId, memberId));
  return row ? photoUrl(row.photoId) : null;
}

/** The photos of several members (a coach's agenda), by member id, in one query; none: absent. */
export async function photoUrlsOf(memberIds: string[]): Promise<Map<string, string>> {
  if (memberIds.length === 0) return new Map();
  const rows = await db()
    .select({ memberId: memberPhotos.memberId, photoId: memberPhotos.photoId })
    .from(memberPhotos)
    .where(inArray(memberPhotos.memberId, memberIds));
  return new Map(rows.map((row) => [row.memberId, photoUrl(row.photoId)]));
}

/** The photos of a member's crew who joined, by crew entry id, in one query. */
export async function crewPhotoUrls(memberId: string): Promise<Record<string, string>> {
  const rows = await db()
    .select({ crewId: crewMembers.id, photoId: memberPhotos.photoId })
    .from(crewMembers)
    .innerJoin(memberPhotos, eq(memberPhotos.memberId, crewMembers.joinedMemberId))
    .where(and(eq(crewMembers.memberId, memberId), isNotNull(crewMembers.joinedMemberId)));
  return Object.fromEntries(rows.map((row) => [row.crewId, photoUrl(row.photoId)]));
}

/** The photo a URL names ("<photo id>.webp"), or null. */
export async function photoOfFile(file: string): Promise<{ photoId: string; webp: Buffer } | null> {
  const photoId = /^(.+)\.webp$/.exec(file)?.[1];
  if (!photoId || !isUuid(photoId)) return null;
  // A member's photo, or a coach's own: one lookup by the unique photo id in each.
  const [row] = await db()
    .select({ photoId: memberPhotos.photoId, webp: memberPhotos.webp })
    .from(memberPhotos)
    .where(eq(memberPhotos.photoId, photoId))
    .unionAll(
      db()
        .select({ photoId: coachPhotos.photoId, webp: coachPhotos.webp })
        .from(coachPhotos)
        .where(eq(coachPhotos.photoId, photoId)),
    )
    .limit(1);
  return row ?? null;
}
