import { ruleRedirect } from "~/.server/builds/builds.server";
import { isDatabaseUnavailable } from "~/.server/db/errors.server";
import { serveBuild } from "~/.server/http/served-build.server";
import { isIdentityUnavailable } from "~/.server/identity/identity-service.server";
import { admitUpload, withoutBody } from "~/.server/auth/upload-gate.server";
import { lifecycle } from "./lifecycle.server";

/**
 * The server build as it is served, under server.ts and remix-serve alike (app/server-build.ts):
 * the door of http/served-build.server.ts, given the domains' pieces it runs.
 */
/** What each unavailable service's errors look like: answered 503, in the build and at the door. */
export const outages = { database: isDatabaseUnavailable, "identity service": isIdentityUnavailable };

export function servedBuild(build: Parameters<typeof serveBuild>[0]) {
  return serveBuild(build, {
    outages,
    start: () => lifecycle.start(),
    admitUpload,
    withoutBody,
    ruleRedirect,
  });
}
