import type { LoaderFunctionArgs } from "@remix-run/node";
import { translator } from "~/.server/i18n/i18n.server";
import { photoOfFile } from "~/.server/media/photo.server";

/**
 * GET /photos/{photo id}.webp — a member's profile photo. The random id is the only key (the
 * coach, who has no account, is shown it too), and a new upload gets a new one: the answer never
 * changes, so it is cached for good. A removed or replaced photo's id answers 404.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const photo = await photoOfFile(params.file ?? "");
  if (!photo) {
    const t = await translator(request, "common");
    return new Response(t("error.notFound.title"), {
      status: 404,
      headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" },
    });
  }
  const etag = `"${photo.photoId}"`;
  const headers = {
    "Content-Type": "image/webp",
    "Cache-Control": "private, max-age=31536000, immutable",
    ETag: etag,
    "X-Content-Type-Options": "nosniff",
    "Content-Disposition": "inline",
  };
  if (request.headers.get("if-none-match") === etag) return new Response(null, { status: 304, headers });
  return new Response(new Uint8Array(photo.webp), {
    headers: { ...headers, "Content-Length": String(photo.webp.length) },
  });
}
