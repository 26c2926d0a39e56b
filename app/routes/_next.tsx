import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireMember } from "~/.server/auth/guard.server";
import { framedLayout } from "~/components/document/framed-layout";
import { BarFrame } from "~/components/presentational/bar-frame";

/**
 * The next-page layout (SPEC §2): a plain bar and the page, for moments that fill the screen (a
 * congratulation, a full video). Signed-in only; each child guards itself too.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireMember(request);
  return null;
}

const framed = framedLayout(BarFrame);

export default framed.Layout;

/** A full-screen page that failed keeps its bar: the way home and the language switch. */
export const ErrorBoundary = framed.ErrorBoundary;
