import { redirect, type ServerBuild } from "@remix-run/node";
import { ruleRedirect } from "~/.server/builds/builds.server";
import { isDatabaseUnavailable } from "~/.server/db/errors.server";
import { answerOutages } from "~/.server/http/outage.server";
import { withRequestMemo } from "~/.server/http/request-memo.server";
import { wrapHandlers, type HandlerRoute, type RouteHandler } from "~/.server/http/route-handlers.server";
import { screenRequest } from "~/.server/http/route-screen.server";
import { secureAnswers } from "~/.server/http/security-headers.server";
import { isIdentityUnavailable } from "~/.server/identity/identity-service.server";
import { instrumentBuild } from "~/.server/observability/error-reporting.server";
import { lifecycle } from "./lifecycle.server";

/**
 * What every loader and action of the server build goes through, under server.ts and remix-serve
 * alike (app/server-build.ts), outermost first: the security headers on the Responses it answers,
 * 503 while the database or the identity service is away (outermost but for the headers, so that
 * error reports see the original error), error reports, the door's checks, the redirects of the
 * route rules, the lifecycle started (under remix-serve, by the first request), one memo per request.
 * Assembled here, on the top floor: the door's pieces (http/) know no domain.
 */
export function servedBuild(build: ServerBuild): ServerBuild {
  const outages = { database: isDatabaseUnavailable, "identity service": isIdentityUnavailable };
  return secureAnswers(answerOutages(instrumentBuild(wrapHandlers(build, inRequest)), outages));
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
