import type { LoaderFunctionArgs } from "@remix-run/node";
import { buildMeta } from "~/.server/builds/builds.server";

/** GET /builds/meta/{buildId}.json — the route rules of that build (SPEC §7). */
export function loader({ params }: LoaderFunctionArgs) {
  const id = /^(.+)\.json$/.exec(params.file ?? "")?.[1];
  const meta = id ? buildMeta(id) : null;
  if (!meta)
    return Response.json({ message: "Unknown build" }, { status: 404, headers: { "Cache-Control": "no-store" } });
  // A build's meta never changes.
  return Response.json(meta, { headers: { "Cache-Control": "public, max-age=31536000, immutable" } });
}
