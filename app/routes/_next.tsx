import type { LoaderFunctionArgs } from "@remix-run/node";
import { Outlet } from "@remix-run/react";
import { ErrorMessage, useFailure } from "~/components/document/error-page";
import { requireMember } from "~/.server/auth/guard.server";
import { BarFrame } from "~/components/presentational/bar-frame";

/**
 * The next-page layout (SPEC §2): a plain bar and the page, for moments that fill the screen (a
 * congratulation, a full video). Signed-in only; each child guards itself too.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireMember(request);
  return null;
}

export default function NextLayout() {
  return (
    <BarFrame>
      <Outlet />
    </BarFrame>
  );
}

/** A full-screen page that failed keeps its bar: the way home and the language switch. */
export function ErrorBoundary() {
  return (
    <BarFrame>
      <ErrorMessage {...useFailure()} />
    </BarFrame>
  );
}
