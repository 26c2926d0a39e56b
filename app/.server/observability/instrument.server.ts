import { parseEnv } from "~/.server/config/env.server";
import { startErrorReporting } from "~/.server/observability/error-reporting.server";

/**
 * Loaded with `node --import` into each worker before anything else (the supervisor adds it when
 * SENTRY_DSN is set): the SDK traces incoming requests only if it starts before `http` and
 * Express are imported, which an ES module cannot arrange from its own body. server.ts starts it
 * again, which then does nothing.
 */
startErrorReporting(parseEnv(process.env));
