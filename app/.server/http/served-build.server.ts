import { redirect, type ServerBuild } from "@remix-run/node";
import { answerOutages, type Outages } from "./outage.server";
import { withRequestMemo } from "./request-memo.server";
import { isGatedUpload } from "./request-screen.server";
import { instrumentBuild } from "./route-errors.server";
import { wrapHandlers, type HandlerRoute, type RouteHandler } from "./route-handlers.server";
import { screenRequest } from "./route-screen.server";
import { secureAnswers } from "./security-headers.server";
import { asUnknownPaths } from "./unknown-paths.server";

/**
 * What every loader and action of the server build goes through, under server.ts and remix-serve
 * alike (app/server-build.ts), outermost first: the security headers on the Responses it answers,
 * 503 while the database or the identity service is away (outermost but for the headers, so that
 * error reports see the original error), error reports, the door's checks, the redirects of the
 * route rules, the lifecycle started (under remix-serve, by the first request), one memo per request,
 * and innermost what a caller may not see answering as an unknown path (unknown-paths.server.ts).
 * The domains' pieces come as arguments (runtime/served-build.server.ts assembles them): the door
 * knows no domain.
 */
export function serveBuild(build: ServerBuild, parts: ServedBuildParts): ServerBuild {
  const served: ServerBuild = secureAnswers(
    answerOutages(
      instrumentBuild(
        wrapHandlers(
          asUnknownPaths(build, () => served),
          inRequest(parts),
        ),
      ),
      parts.outages,
    ),
  );
  return served;
}

/** The domains' pieces the door runs, given by the top floor (runtime/served-build.server.ts). */
export type ServedBuildParts = {
  /** What each unavailable service's errors look like: answered 503. */
  outages: Outages;
  /** The lifecycle's start (under remix-serve, the first request starts it). */
  start: () => Promise<unknown>;
  /** Who may send a photo, asked before its body is read (profile/upload-gate.server.ts). */
  admitUpload: (request: Request) => Promise<UploadAdmission>;
  withoutBody: (request: Request) => Request;
  /** Where a route rule sends a URL, if anywhere (builds/route-rules.server.ts). */
  ruleRedirect: (url: string) => string | undefined;
};

export type UploadAdmission =
  | { kind: "guard" }
  | { kind: "refused"; response: Response }
  | { kind: "admitted"; release: () => void };

const inRequest =
  ({ start, admitUpload, withoutBody, ruleRedirect }: ServedBuildParts) =>
  (handler: RouteHandler, route: HandlerRoute): RouteHandler =>
  async (args) => {
    let received = args.request;
    let release: (() => void) | undefined;
    // A photo's body is read only once its sender is known (upload-gate.server.ts), unless
    // server.ts's door asked already (request-handler.server.ts).
    if (route.kind === "action" && gated(received) && !uploadAdmitted(args.context)) {
      await start();
      const admission = await admitUpload(received);
      if (admission.kind === "refused") throw admission.response;
      if (admission.kind === "guard") received = withoutBody(received);
      else release = admission.release;
    }
    try {
      const request = await screenRequest(received, route.kind);
      if (route.kind === "loader") redirectByRouteRules(request, ruleRedirect);
      await start();
      return await withRequestMemo(() => handler({ ...args, request }), args.context);
    } finally {
      release?.();
    }
  };

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
function redirectByRouteRules(request: Request, ruleRedirect: ServedBuildParts["ruleRedirect"]) {
  if (request.method !== "GET" && request.method !== "HEAD") return;
  const { pathname, search } = new URL(request.url);
  const target = ruleRedirect(pathname + search);
  if (target) throw redirect(target, 302);
}
