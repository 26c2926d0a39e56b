import { data, type ServerBuild } from "@remix-run/node";
import { translator } from "~/.server/i18n/i18n.server";
import { logger } from "~/.server/observability/logger.server";
import { loggablePath } from "./request-log.server";
import { wrapHandlers, type RouteHandler } from "./route-handlers.server";

/**
 * A database or an identity service (Kratos) that cannot be reached is a passing outage, not a bug: the
 * loaders and actions of `build` answer it with 503 and a Retry-After, a translated page for pages
 * and the API's error shape under /api/. The member's cookie is left alone: the guard clears it
 * only when whoami answers that the session does not exist.
 */
export const RETRY_AFTER_SECONDS = "10";

/** The services whose outage is answered with 503, by name (as logged): whether an error says it is away. */
export type Outages = Record<string, (error: unknown) => boolean>;

export function answerOutages(build: ServerBuild, outages: Outages): ServerBuild {
  return wrapHandlers(build, (handler, route) =>
    guarded(handler, outages, route.path?.startsWith("api") === true || route.id.startsWith("routes/api.")),
  );
}

function guarded(fn: RouteHandler, outages: Outages, api: boolean): RouteHandler {
  return async (args) => {
    try {
      return await fn(args);
    } catch (error) {
      const away = Object.keys(outages).find((service) => outages[service](error));
      if (!away) throw error;
      logger.warn({ path: loggablePath(new URL(args.request.url).pathname) }, `${away} unavailable: answered 503`);
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
