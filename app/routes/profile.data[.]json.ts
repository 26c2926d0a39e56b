import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireMember } from "~/.server/auth/guard.server";
import { dataFile, tooManyExports } from "~/.server/export/answers.server";
import { exportMemberData } from "~/.server/export/data-export.server";
import { localeOf } from "~/.server/i18n/i18n.server";

/** /profile/data.json — "Download my data": the signed-in member's own records as a JSON file. */
export async function loader({ request }: LoaderFunctionArgs) {
  const signedIn = await requireMember(request);
  const outcome = await exportMemberData(signedIn);
  return outcome.ok ? dataFile(outcome.data, signedIn.member.time_zone) : tooManyExports(await localeOf(request));
}
