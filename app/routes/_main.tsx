import type { ReactNode } from "react";
import { framedLayout } from "~/components/document/framed-layout";
import { BarFrame } from "~/components/presentational/bar-frame";

const framed = framedLayout(({ children }: { children: ReactNode }) => <BarFrame look="main">{children}</BarFrame>);

/** The public password pages' layout (SPEC §2 "main"): a centred card. */
export default framed.Layout;

/** A password page that failed keeps its frame: the brand and the language switch. */
export const ErrorBoundary = framed.ErrorBoundary;
