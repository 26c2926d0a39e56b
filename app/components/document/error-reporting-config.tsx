import type { ReportingConfig } from "~/observability/reporting-options";

export const ERROR_REPORTING_ID = "error-reporting";

/**
 * Written only when error reporting is on: the browser loads its error-reporting code when it
 * finds this block, so pages without a DSN ship none. `<` is escaped so nothing can close the tag.
 */
export function ErrorReportingConfig({ config }: { config: ReportingConfig }) {
  const json = JSON.stringify(config).replace(/</g, "\\u003c");
  // biome-ignore lint/security/noDangerouslySetInnerHtml: JSON data, with "<" escaped so it cannot end the script
  return <script id={ERROR_REPORTING_ID} type="application/json" dangerouslySetInnerHTML={{ __html: json }} />;
}
