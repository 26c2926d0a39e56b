import { createHash } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { db } from "~/.server/db/client.server";
import { uploads } from "~/.server/db/schema.server";

/**
 * Files authors upload for their trainings, kept in the database so that every app
 * process and instance serves them: /uploads/<id>.<ext>, the id being the SHA-256 of the bytes
 * kept (content-addressed: the same file twice is one row, and an id's answer never changes).
 * Reading one is public, like /media: members watch the videos; only ids that exist answer.
 */
export const uploadTypes = {
  mp4: "video/mp4",
  webm: "video/webm",
  webp: "image/webp",
  vtt: "text/vtt; charset=utf-8",
} as const;
export type UploadExt = keyof typeof uploadTypes;

/** 60 uploads an hour per author (videos, posters and captions alike); peeked at by the door too. */
export const MEDIA_UPLOAD_LIMIT = { bucket: "media-upload", max: 60, windowMs: 60 * 60 * 1000 } as const;

export function uploadUrl(id: string, ext: UploadExt): string {
  return `/uploads/${id}.${ext}`;
}

/** Keeps the bytes (once per content) and answers their URL. */
export async function storeUpload(bytes: Buffer, ext: UploadExt, uploadedBy: string): Promise<string> {
  const sha256 = createHash("sha256").update(bytes).digest("hex");
  await db()
    .insert(uploads)
    .values({ id: sha256, ext, contentType: uploadTypes[ext], size: bytes.length, sha256, bytes, uploadedBy })
    .onConflictDoNothing();
  return uploadUrl(sha256, ext);
}

const FILE = /^([0-9a-f]{64})\.([a-z0-9]{2,5})$/;

export type UploadHead = { id: string; ext: UploadExt; contentType: string; size: number };

/** The upload a file name ("<id>.<ext>") names, without its bytes; null when none (or another extension). */
export async function uploadOfFile(file: string): Promise<UploadHead | null> {
  const match = FILE.exec(file);
  if (!match) return null;
  const [, id, ext] = match;
  const [row] = await db()
    .select({ id: uploads.id, ext: uploads.ext, contentType: uploads.contentType, size: uploads.size })
    .from(uploads)
    .where(eq(uploads.id, id));
  if (!row || row.ext !== ext) return null;
  return { ...row, ext: row.ext as UploadExt };
}

/** Whether a path is an upload that exists ("/uploads/<id>.<ext>"). */
export async function uploadExists(path: string): Promise<boolean> {
  const file = /^\/uploads\/([^/]+)$/.exec(path)?.[1];
  return file ? (await uploadOfFile(file)) !== null : false;
}

/** `length` bytes of an upload from `start` (0-based): read in the database, not the whole file. */
export async function uploadBytes(id: string, start: number, length: number): Promise<Buffer> {
  const [row] = await db()
    .select({ bytes: sql<Buffer>`substring(${uploads.bytes} from ${start + 1} for ${length})` })
    .from(uploads)
    .where(eq(uploads.id, id));
  if (!row) return Buffer.alloc(0);
  const value = row.bytes as Buffer | Uint8Array | string;
  if (Buffer.isBuffer(value)) return value;
  if (typeof value === "string") return Buffer.from(value.replace(/^\\x/, ""), "hex");
  return Buffer.from(value);
}
