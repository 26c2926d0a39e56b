import { latestBuild } from "~/.server/builds/builds.server";

/** GET /builds/latest.json — { id, timestamp } of the build being served, never cached (SPEC §7). */
export function loader() {
  return Response.json(latestBuild(), { headers: { "Cache-Control": "no-store" } });
}
