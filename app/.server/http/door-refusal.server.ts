import type { Language } from "~/i18n/config";
import { translator } from "~/.server/i18n/i18n.server";
import {
  BODY_LIMIT_BYTES,
  isMediaUpload,
  isPhotoUpload,
  isTrainingImport,
  METHODS,
  type Refusal,
  TRAINING_FILE_MAX_BYTES,
} from "./request-screen.server";

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
  // A file too large for the door says that file's own limit, not a form's.
  const key =
    status === 413 && isPhotoUpload(target)
      ? "error.photoTooLarge"
      : status === 413 && isMediaUpload(target)
        ? "error.mediaTooLarge"
        : status === 413 && isTrainingImport(target)
          ? "error.importTooLarge"
          : refusalKeys[status];
  const max = (isTrainingImport(target) ? TRAINING_FILE_MAX_BYTES : BODY_LIMIT_BYTES) / 1024;
  const message = (await translator(language, "common"))(key, { max });
  const headers = new Headers({ "Cache-Control": "no-store" });
  if (status === 405) headers.set("Allow", METHODS.join(", "));
  if (target.startsWith("/api/")) return Response.json({ errors: { base: [message] } }, { status, headers });
  headers.set("Content-Type", "text/plain; charset=utf-8");
  return new Response(message, { status, headers });
}
