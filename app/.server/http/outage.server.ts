import { data, type ServerBuild } from "@remix-run/node";
import { isDatabaseUnavailable } from "~/.server/db/errors.server";
import { isIdentityUnavailable } from "~/.server/identity/identity-service.server";
import { translator } from "~/.server/i18n/i18n.server";
import { logger } from "~/.server/observability/logger.server";
import { wrapHandlers, type RouteHandler } from "./route-handlers.server";

/**
 * A database or an identity service (Kratos) that cannot be reached is a passing outage, not a bug: the
 * loaders and actions of `build` answer it with 503 and a Retry-After, a translated page for pages
 * and the API's error shape under /api/. The member's cookie is left alone: the guard clears it
 * only when whoami answers that the session does not exist.
 */
export const RETRY_AFTER_SECONDS = "10";

export function answerOutages(build: ServerBuild): ServerBuild {
  return wrapHandlers(build, (handler, route) =>
    guarded(handler, route.path?.startsWith("api") === true || route.id.startsWith("routes/api.")),
  );
}

function guarded(fn: RouteHandler, api: boolean): RouteHandler {
  return async (args) => {
    try {
      return await fn(args);
    } catch (error) {
      const away = isDatabaseUnavailable(error) ? "database" : isIdentityUnavailable(error) ? "identity service" : null;
      if (!away) throw error;
      logger.warn({ path: new URL(args.request.url).pathname }, `${away} unavailable: answered 503`);
      throw await unavailableAnswer(args.request, api);
    }
  };
}

/** The 503 a request gets while the database is away. */
export async function unavailableAnswer(request: Request, api: boolean) {
  const t = await translator(request, "common");
  const headers = { "Retry-After": RETRY_AFTER_SECONDS, "Cache-Control": "no-store" };
  const message = t("error.unavailable.message");
  if (api) return Response.json({ errors: { base: [message] } }, { status: 503, headers });
  return data({ message }, { status: 503, headers });
}
