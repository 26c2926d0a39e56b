import { redirect, type ServerBuild } from "@remix-run/node";
import { ruleRedirect } from "~/.server/builds/builds.server";
import { isDatabaseUnavailable } from "~/.server/db/errors.server";
import { answerOutages } from "~/.server/http/outage.server";
import { withRequestMemo } from "~/.server/http/request-memo.server";
import { wrapHandlers, type HandlerRoute, type RouteHandler } from "~/.server/http/route-handlers.server";
import { isGatedUpload } from "~/.server/http/request-screen.server";
import { screenRequest } from "~/.server/http/route-screen.server";
import { secureAnswers } from "~/.server/http/security-headers.server";
import { isIdentityUnavailable } from "~/.server/identity/identity-service.server";
import { admitUpload, withoutBody } from "~/.server/auth/upload-gate.server";
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
    let received = args.request;
    let release: (() => void) | undefined;
    // A photo's body is read only once its sender is known (upload-gate.server.ts), unless
    // server.ts's door asked already (request-handler.server.ts).
    if (route.kind === "action" && gated(received) && !uploadAdmitted(args.context)) {
      await lifecycle.start();
      const admission = await admitUpload(received);
      if (admission.kind === "refused") throw admission.response;
      if (admission.kind === "guard") received = withoutBody(received);
      else release = admission.release;
    }
    try {
      const request = await screenRequest(received, route.kind);
      if (route.kind === "loader") redirectByRouteRules(request);
      await lifecycle.start();
      return await withRequestMemo(() => handler({ ...args, request }), args.context);
    } finally {
      release?.();
    }
  };
}

function gated(request: Request): boolean {
  const { pathname, search } = new URL(request.url);
  return isGatedUpload({ method: request.method, target: pathname + search, headers: request.headers });
}

/** Whether the transport's door asked who sends this upload and admitted it (request-handler.server.ts). */
function uploadAdmitted(context: unknown): boolean {
  return typeof context === "object" && context !== null && UPLOAD_ADMITTED in context;
}
const UPLOAD_ADMITTED = Symbol.for("cap.upload-admitted");

/** Redirects declared in app/.server/builds/route-rules.server.ts. */
function redirectByRouteRules(request: Request) {
  if (request.method !== "GET" && request.method !== "HEAD") return;
  const { pathname, search } = new URL(request.url);
  const target = ruleRedirect(pathname + search);
  if (target) throw redirect(target, 302);
}
