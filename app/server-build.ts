/**
 * The server build's main module (remix.config.js `server`): build/index.js is this file compiled,
 * what both `node build/server.js` (server.ts, bundled by `npm run build`) and `remix-serve
 * build/index.js` load. It is the build Remix compiled with every loader and action wrapped in
 * what each request goes through (served-build.server.ts), and the lifecycle, which server.ts
 * starts and stops itself (under remix-serve the first request starts it).
 */
import * as compiled from "@remix-run/dev/server-build";
import { servedBuild } from "~/.server/runtime/served-build.server";
import { setBuildVersion } from "~/.server/builds/build-version.server";
import { endpoints } from "~/api/endpoints";

setBuildVersion(compiled.assets.version);

export const { assets, assetsBuildDirectory, entry, future, mode, publicPath, routes } = servedBuild(compiled);
// …and what an outage's errors look like, which server.ts's door answers with 503 too (door-errors.server.ts).
export { outages } from "~/.server/runtime/served-build.server";
export { lifecycle } from "~/.server/runtime/lifecycle.server";
// server.ts's door asks who sends a photo before reading it, with the build's database (upload-gate.server.ts).
export { admitUpload } from "~/.server/auth/upload-gate.server";
// …and the versions of what a signed-in page reads, the member pages' render cache's key (render-cache.server.ts).
export { pageVersions } from "~/.server/auth/page-version.server";
// …and the API's paths, whose templates label the metrics of /api/ requests (request-metrics.server.ts).
export const apiPaths = endpoints.map((endpoint) => endpoint.path);
