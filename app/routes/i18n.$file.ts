import type { LoaderFunctionArgs } from "@remix-run/node";
import { pageStringsFile } from "~/.server/i18n/page-strings.server";

/** GET /i18n/{language}.{hash}.json: a language's page strings; the name changes with the content. */
export function loader({ params }: LoaderFunctionArgs) {
  const json = pageStringsFile(params.file ?? "");
  if (json === null) return new Response("Not found", { status: 404, headers: { "Cache-Control": "no-store" } });
  return new Response(json, {
    headers: {
      "Content-Type": "application/json; charset=utf-8",
      "Cache-Control": "public, max-age=31536000, immutable",
    },
  });
}
