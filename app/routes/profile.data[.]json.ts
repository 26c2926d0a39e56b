import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireMember } from "~/.server/auth/guard.server";
import { type DataExport, refusedHeaders } from "~/.server/export/contract.server";
import { exportMemberData } from "~/.server/export/data-export.server";
import { localeOf, translator } from "~/.server/i18n/i18n.server";
import { today } from "~/.server/space/overview.server";
import type { Language } from "~/i18n/config";

/** /profile/data.json — "Download my data": the signed-in member's own records as a JSON file. */
export async function loader({ request }: LoaderFunctionArgs) {
  const signedIn = await requireMember(request);
  const outcome = await exportMemberData(signedIn);
  return outcome.ok ? dataFile(outcome.data, signedIn.member.time_zone) : tooManyExports(await localeOf(request));
}

/** The JSON copy as a file to keep: cap-data-YYYY-MM-DD.json, the day in the member's time zone. */
function dataFile(data: DataExport, timeZone: string): Response {
  return new Response(JSON.stringify(data, null, 2), {
    headers: {
      "Content-Type": "application/json; charset=utf-8",
      "Content-Disposition": `attachment; filename="cap-data-${today(timeZone)}.json"`,
      "Cache-Control": "no-store",
    },
  });
}

/** The refusal: a short text in the member's language (the browser shows it in place of a download). */
async function tooManyExports(lang: Language): Promise<Response> {
  const t = await translator(lang, "profile");
  return new Response(t("errors.tooManyExports"), {
    status: 429,
    headers: { ...refusedHeaders, "Content-Type": "text/plain; charset=utf-8" },
  });
}
