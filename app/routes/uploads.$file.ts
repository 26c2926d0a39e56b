import type { LoaderFunctionArgs } from "@remix-run/node";
import { uploadBytes, uploadOfFile } from "~/.server/media/uploads.server";
import { rangeOf } from "~/.server/http/byte-range.server";
import { translator } from "~/.server/i18n/i18n.server";

/**
 * GET and HEAD /uploads/{id}.{ext} — a file an author uploaded: a video, a poster or
 * captions. Public like /media (members watch them), but only ids that exist answer. The id is the
 * file's SHA-256: the answer never changes, cached for good. Served with its own type, never
 * sniffed, inline (a video, an image or captions: nothing else is ever kept), and by ranges, so
 * that a video can be sought without downloading it whole (206, or 416 for a range past its end).
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const upload = await uploadOfFile(params.file ?? "");
  if (!upload) {
    const t = await translator(request, "common");
    return new Response(t("error.notFound.title"), {
      status: 404,
      headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" },
    });
  }
  const etag = `"${upload.id}"`;
  const headers: Record<string, string> = {
    "Content-Type": upload.contentType,
    // no-transform: a range of the bytes is never compressed on the way.
    "Cache-Control": "public, max-age=31536000, immutable, no-transform",
    ETag: etag,
    "Accept-Ranges": "bytes",
    "X-Content-Type-Options": "nosniff",
    "Content-Disposition": /^(video|image)\/|^text\/vtt\b/.test(upload.contentType) ? "inline" : "attachment",
  };
  if (request.headers.get("if-none-match") === etag) return new Response(null, { status: 304, headers });
  const head = request.method === "HEAD";
  const range = rangeOf(request.headers.get("range"), upload.size);
  // If-Range naming another version: the whole file (this id's bytes never change, so only ours matches).
  const ifRange = request.headers.get("if-range");
  if (range === "unsatisfiable" && (ifRange === null || ifRange === etag))
    return new Response(null, { status: 416, headers: { ...headers, "Content-Range": `bytes */${upload.size}` } });
  if (range && range !== "unsatisfiable" && (ifRange === null || ifRange === etag)) {
    const length = range.end - range.start + 1;
    const body = head ? null : new Uint8Array(await uploadBytes(upload.id, range.start, length));
    return new Response(body, {
      status: 206,
      headers: {
        ...headers,
        "Content-Range": `bytes ${range.start}-${range.end}/${upload.size}`,
        "Content-Length": String(length),
      },
    });
  }
  const body = head ? null : new Uint8Array(await uploadBytes(upload.id, 0, upload.size));
  return new Response(body, { headers: { ...headers, "Content-Length": String(upload.size) } });
}
