import { pino, type DestinationStream, type Logger } from "pino";
import { maskKeyPaths } from "~/observability/key-paths";
import { withoutQueryParameters } from "~/observability/reporting-options";

/**
 * Structured logs: one JSON object a line on stdout. Secrets that could ride along in a logged
 * object (headers, passwords, tokens) are redacted; request lines (http/request-log.server.ts)
 * carry no query string or body.
 */
export function createLogger(destination?: DestinationStream): Logger {
  return pino(
    {
      level: process.env.NODE_ENV === "test" && !destination ? "silent" : "info",
      base: undefined,
      timestamp: pino.stdTimeFunctions.isoTime,
      // A failed query's error names its parameters (emails, names, comments): never logged.
      serializers: { err: loggableError },
      redact: {
        paths: [
          "*.headers.cookie",
          "*.headers.authorization",
          "*.password",
          "*.token",
          "*.cookie",
          "password",
          "token",
          "cookie",
        ],
        censor: "[redacted]",
      },
    },
    destination,
  );
}

export const logger = createLogger();

/** A failed query's message and stack keep its SQL and lose its values; a key path in them is masked. */
function withoutParams(text: unknown) {
  return typeof text === "string" ? withoutQueryParameters(maskKeyPaths(text)) : text;
}

export function loggableError(error: unknown) {
  if (!(error instanceof Error)) return error;
  const code = (error as { code?: unknown }).code ?? (error.cause as { code?: unknown } | undefined)?.code;
  return { type: error.name, message: withoutParams(error.message), stack: withoutParams(error.stack), code };
}
