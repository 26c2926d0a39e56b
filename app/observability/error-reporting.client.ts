import { useLocation, useMatches } from "@remix-run/react";
import * as Sentry from "@sentry/remix";
import { useEffect } from "react";
import { reportingOptions, type ReportingConfig } from "./reporting-options";

/** Browser error reporting (SPEC §9); entry.client imports this only when a DSN is configured. */
export function startErrorReporting(config: ReportingConfig) {
  Sentry.init({
    ...reportingOptions(config, window.location.origin),
    integrations: [
      Sentry.browserTracingIntegration({ useEffect, useLocation, useMatches }),
      Sentry.replayIntegration(),
    ],
  });
}
