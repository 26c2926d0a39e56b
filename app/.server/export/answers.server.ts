import { translator } from "~/.server/i18n/i18n.server";
import type { Language } from "~/i18n/config";
import { today } from "~/.server/space/overview.server";
import { type DataExport, EXPORT_LIMIT } from "./contract.server";

/** The JSON copy as a file to keep: cap-data-YYYY-MM-DD.json, the day in the member's time zone. */
export function dataFile(data: DataExport, timeZone: string): Response {
  return new Response(JSON.stringify(data, null, 2), {
    headers: {
      "Content-Type": "application/json; charset=utf-8",
      "Content-Disposition": `attachment; filename="cap-data-${today(timeZone)}.json"`,
      "Cache-Control": "no-store",
    },
  });
}

/** Headers of every answer refusing a copy: try again once the hour's window has passed. */
export const refusedHeaders = { "Retry-After": String(EXPORT_LIMIT.windowMs / 1000), "Cache-Control": "no-store" };

/** The file link's refusal: a short text in the member's language (the browser shows it in place of a download). */
export async function tooManyExports(lang: Language): Promise<Response> {
  const t = await translator(lang, "profile");
  return new Response(t("errors.tooManyExports"), {
    status: 429,
    headers: { ...refusedHeaders, "Content-Type": "text/plain; charset=utf-8" },
  });
}
