import { statSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { buildVersion } from "./build-version.server";
import { ruleTarget, type RouteRules } from "~/builds/route-rules";
import { routeRules } from "./route-rules.server";

/**
 * The builds this server publishes (SPEC §7): /builds/latest.json, polled by the browser to offer
 * a reload, and /builds/meta/{buildId}.json with the route rules of that build.
 */
export type Build = { id: string; timestamp: number };
export type BuildMeta = Build & { routeRules: RouteRules };

// This module is bundled into the server build: its file's time is the time of the build.
const builtAt = Math.round(statSync(fileURLToPath(import.meta.url)).mtimeMs);

export function latestBuild(): Build {
  return { id: buildVersion(), timestamp: builtAt };
}

/** The meta of the build being served; an older or unknown id has none (null). */
export function buildMeta(id: string): BuildMeta | null {
  const latest = latestBuild();
  return id === latest.id ? { ...latest, routeRules } : null;
}

/** Where a GET of `url` (path and query) is redirected by the rules, if anywhere. */
export function ruleRedirect(url: string, rules: RouteRules = routeRules): string | undefined {
  const { pathname, search } = new URL(url, "http://cap.invalid");
  return ruleTarget(rules, pathname, search);
}
