import { redirect, type ServerBuild } from "@remix-run/node";
import { ruleRedirect } from "~/.server/builds/builds.server";
import { instrumentBuild } from "~/.server/observability/error-reporting.server";
import { lifecycle } from "~/.server/runtime/lifecycle.server";
import { answerOutages } from "./outage.server";
import { withRequestMemo } from "./request-memo.server";
import { wrapHandlers, type HandlerRoute, type RouteHandler } from "./route-handlers.server";
import { screenRequest } from "./route-screen.server";
import { secureAnswers } from "./security-headers.server";

/**
 * What every loader and action of the server build goes through, under server.ts and remix-serve
 * alike (app/server-build.ts), outermost first: the security headers on the Responses it answers,
 * 503 while the database or the identity service is away (outermost but for the headers, so that
 * error reports see the original error), error reports, the door's checks, the redirects of the
 * route rules, the lifecycle started (under remix-serve, by the first request), one memo per request.
 */
export function servedBuild(build: ServerBuild): ServerBuild {
  return secureAnswers(answerOutages(instrumentBuild(wrapHandlers(build, inRequest))));
}

function inRequest(handler: RouteHandler, route: HandlerRoute): RouteHandler {
  return async (args) => {
    const request = await screenRequest(args.request, route.kind);
    if (route.kind === "loader") redirectByRouteRules(request);
    await lifecycle.start();
    return withRequestMemo(() => handler({ ...args, request }), args.context);
  };
}

/** Redirects declared in app/.server/builds/route-rules.server.ts. */
function redirectByRouteRules(request: Request) {
  if (request.method !== "GET" && request.method !== "HEAD") return;
  const { pathname, search } = new URL(request.url);
  const target = ruleRedirect(pathname + search);
  if (target) throw redirect(target, 302);
}
