import type { NextFunction, Request as ExpressRequest, Response as ExpressResponse } from "express";
import { type AgnosticRouteObject, matchRoutes } from "@remix-run/router";
import { httpDuration, httpRequests } from "~/.server/observability/metrics.server";

/** The build's route manifest, as ServerBuild["routes"] gives it. */
export type RouteManifest = Record<string, { id: string; parentId?: string; path?: string; index?: boolean }>;

/**
 * The route template a path is served by ("/training/:training_slug"), for the metrics' `route`
 * label: Remix's own matching over the build's routes, and the API's endpoints under /api/. A
 * label per template, never per path, so that a caller's paths cannot grow the metrics.
 */
export function routeTemplates(manifest: RouteManifest, apiPaths: string[]): (pathname: string) => string {
  const children = (parentId: string | undefined): AgnosticRouteObject[] =>
    Object.values(manifest)
      .filter((route) => route.parentId === parentId)
      .map((route) =>
        route.index
          ? { id: route.id, path: route.path, index: true }
          : { id: route.id, path: route.path, children: children(route.id) },
      );
  const pages = children(undefined);
  const api = apiPaths.map((path) => ({ id: path, path }));
  return (pathname) => {
    if (pathname.startsWith("/build/")) return "/build/*";
    // Remix's matching warns on the console of a path it cannot decode; the door answers it 400.
    if (!decodable(pathname)) return "undecodable";
    const matches = pathname.startsWith("/api/") ? matchRoutes(api, pathname) : matchRoutes(pages, pathname);
    if (!matches) return "unmatched";
    const template = matches
      .map((match) => match.route.path?.replace(/^\//, ""))
      .filter(Boolean)
      .join("/");
    return `/${template}`;
  };
}

function decodable(pathname: string): boolean {
  try {
    for (const segment of pathname.split("/")) decodeURIComponent(segment);
    return true;
  } catch {
    return false;
  }
}

const METHODS = new Set(["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"]);

/** Counts every answer and its time, by method, route template and status (Express middleware, first in line). */
export function requestMetrics(routeOf: (pathname: string) => string) {
  return (req: ExpressRequest, res: ExpressResponse, next: NextFunction) => {
    const start = process.hrtime.bigint();
    let counted = false;
    const count = () => {
      if (counted) return;
      counted = true;
      const labels = {
        method: METHODS.has(req.method) ? req.method : "other",
        route: routeOf(req.path),
        // A client that left before its answer ended: no status reached it.
        status: res.writableFinished ? String(res.statusCode) : "aborted",
      };
      httpRequests.inc(labels);
      httpDuration.observe(labels, Number(process.hrtime.bigint() - start) / 1e9);
    };
    res.once("finish", count);
    res.once("close", count);
    next();
  };
}
