import { existsSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { createRequestHandler, type ServerBuild } from "@remix-run/node";
import { isDatabaseUnavailable } from "~/.server/db/errors.server";
import { isIdentityUnavailable } from "~/.server/identity/identity-service.server";
import { admitUpload, withoutBody } from "~/.server/auth/upload-gate.server";
import { ruleRedirect } from "~/.server/builds/builds.server";
import { serveBuild } from "~/.server/http/served-build.server";

/**
 * The production build's routes (build/index.js, made by `npm run build`) with their source
 * modules, served in this process on the test database through what every request goes through
 * (http/served-build.server.ts; the lifecycle, which tests do not start, left out): a request is
 * answered as a browser would get it, and each route is known by its full path.
 */
export type ServedRoute = { id: string; path: string; page: boolean };

export async function servedRoutes() {
  const built = (await import(pathToFileURL(path.resolve("build/index.js")).href)) as ServerBuild;
  const entries = await Promise.all(
    Object.entries(built.routes).map(async ([id, route]) => [id, { ...route, module: await sourceOf(id) }] as const),
  );
  const build = { ...built, entry: { module: await import("~/entry.server") }, routes: Object.fromEntries(entries) };
  const served = serveBuild(build as unknown as ServerBuild, {
    outages: { database: isDatabaseUnavailable, "identity service": isIdentityUnavailable },
    start: async () => undefined,
    admitUpload,
    withoutBody,
    ruleRedirect,
  });
  const full = (id: string | undefined): string => {
    const route = id ? built.routes[id] : undefined;
    if (!route) return "";
    return [full(route.parentId), route.path ?? ""].filter(Boolean).join("/");
  };
  const routes: ServedRoute[] = Object.entries(built.routes)
    .filter(([, route]) => route.module.loader || route.module.action)
    .map(([id, route]) => ({ id, path: `/${full(id)}`, page: Boolean(route.module.default) }));
  return { routes, handle: createRequestHandler(served, "production") };
}

/** The source module of a route id ("routes/_default.admin" → app/routes/_default.admin/route.tsx). */
async function sourceOf(id: string): Promise<Record<string, unknown>> {
  const base = path.resolve("app", id);
  const file = [".tsx", ".ts", "/route.tsx", "/route.ts"]
    .map((end) => base + end)
    .find((candidate) => existsSync(candidate));
  if (!file) throw new Error(`no source for the route ${id}`);
  return (await import(file)) as Record<string, unknown>;
}
