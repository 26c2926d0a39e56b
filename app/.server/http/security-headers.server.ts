import type { ServerBuild } from "@remix-run/node";
import { env, type Env } from "~/.server/config/env.server";
import { reportingOrigin } from "~/.server/observability/error-reporting.server";
import { wrapHandlers, type RouteHandler } from "./route-handlers.server";

/**
 * The security headers of every answer. The build sets them itself — pages in entry.server (with
 * the nonce their scripts carry), data requests there too, and every Response a loader or action
 * answers here — so that server.ts and remix-serve send the same ones; server.ts sets them also on
 * what it answers without the build (static files, the door's refusals).
 */
type HeaderSettings = Pick<Env, "NODE_ENV" | "APP_URL" | "SENTRY_DSN"> &
  Partial<Pick<Env, "STRIPE_SECRET_KEY" | "STRIPE_API_BASE">>;

/**
 * What a page's inline scripts and stylesheet are allowed by: this response's nonce, or, for a
 * page the render cache keeps for every visitor (render-cache.server.ts), the hashes of their text.
 */
export type InlineSources = string | { scriptHashes: readonly string[]; styleHashes: readonly string[] };

export function securityHeaders(config: HeaderSettings, inline?: InlineSources): Record<string, string> {
  return {
    "Content-Security-Policy": contentSecurityPolicy(config, inline),
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "strict-origin-when-cross-origin",
    "X-Frame-Options": "DENY",
    // A page Cap opens in another window (or one that opens Cap) gets no handle on it.
    "Cross-Origin-Opener-Policy": "same-origin",
    "Permissions-Policy": "camera=(), microphone=(), geolocation=()",
    ...(config.APP_URL.startsWith("https:")
      ? { "Strict-Transport-Security": "max-age=31536000; includeSubDomains" }
      : {}),
  };
}

/** `response` with the security headers (a new Response: some, such as Response.redirect's, are immutable). */
export function withSecurityHeaders(response: Response): Response {
  const headers = new Headers(response.headers);
  for (const [name, value] of Object.entries(securityHeaders(env()))) headers.set(name, value);
  return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
}

/** The build with every Response its loaders and actions answer or throw carrying the security headers. */
export function secureAnswers(build: ServerBuild): ServerBuild {
  return wrapHandlers(build, secured);
}

function secured(fn: RouteHandler): RouteHandler {
  return async (args) => {
    let answer: unknown;
    try {
      answer = await fn(args);
    } catch (error) {
      throw error instanceof Response ? withSecurityHeaders(error) : error;
    }
    return answer instanceof Response ? withSecurityHeaders(answer) : answer;
  };
}

function contentSecurityPolicy(config: HeaderSettings, inline: InlineSources | undefined) {
  const sources = (hashes: readonly string[]) => hashes.map((hash) => ` 'sha256-${hash}'`).join("");
  const scripts = typeof inline === "string" ? ` 'nonce-${inline}'` : inline ? sources(inline.scriptHashes) : "";
  const styles = typeof inline === "string" ? ` 'nonce-${inline}'` : inline ? sources(inline.styleHashes) : "";
  const devSockets = config.NODE_ENV === "production" ? "" : " ws: http://localhost:*";
  // The browser sends its error reports to the DSN's origin.
  const reportsOrigin = reportingOrigin(config);
  const reports = reportsOrigin ? ` ${reportsOrigin}` : "";
  return [
    "default-src 'self'",
    `script-src 'self'${scripts}`,
    // The page's stylesheet is written into it (app/components/document/stylesheet.tsx) with the nonce.
    `style-src 'self'${styles}`,
    "img-src 'self' data:",
    "font-src 'self'",
    `connect-src 'self'${reports}${devSockets}`,
    // An author's video may be an https:// address of a video host's file.
    "media-src 'self' https:",
    // Session replay compresses in a worker it starts from a blob: only with reporting on.
    ...(reportsOrigin ? ["worker-src 'self' blob:"] : []),
    "object-src 'none'",
    "base-uri 'self'",
    `form-action 'self'${checkoutOrigin(config)}`,
    "frame-ancestors 'none'",
  ].join("; ");
}

/**
 * "Acheter" posts to Cap, which answers a redirect to Stripe Checkout: browsers hold a form's
 * redirect to form-action too, so Checkout's origin is allowed while payments are on (the API
 * base's when a test points Stripe elsewhere: its fake serves Checkout's page there).
 */
function checkoutOrigin(config: HeaderSettings): string {
  if (!config.STRIPE_SECRET_KEY) return "";
  return ` ${config.STRIPE_API_BASE ? new URL(config.STRIPE_API_BASE).origin : "https://checkout.stripe.com"}`;
}
