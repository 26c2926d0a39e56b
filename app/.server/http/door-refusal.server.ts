import type { Language } from "~/i18n/config";
import { translator } from "~/.server/i18n/i18n.server";
import { isMediaUpload, isPhotoUpload, METHODS, type Refusal } from "./request-screen.server";

const refusalKeys: Record<Refusal, string> = {
  400: "error.badRequest",
  403: "error.foreignOrigin",
  405: "error.methodNotAllowed",
  413: "error.tooLarge",
  415: "error.unsupportedType",
};

/**
 * The answer to a request the door refuses (server.ts's or the build's): a short translated
 * message, in the API's error shape under /api/, plain text elsewhere.
 */
export async function doorRefusal(status: Refusal, target: string, language: Language): Promise<Response> {
  // A photo too large for the door says the photo's own limit, not a form's.
  const key =
    status === 413 && isPhotoUpload(target)
      ? "error.photoTooLarge"
      : status === 413 && isMediaUpload(target)
        ? "error.mediaTooLarge"
        : refusalKeys[status];
  const message = (await translator(language, "common"))(key);
  const headers = new Headers({ "Cache-Control": "no-store" });
  if (status === 405) headers.set("Allow", METHODS.join(", "));
  if (target.startsWith("/api/")) return Response.json({ errors: { base: [message] } }, { status, headers });
  headers.set("Content-Type", "text/plain; charset=utf-8");
  return new Response(message, { status, headers });
}
