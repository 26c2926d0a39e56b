import { Outlet } from "@remix-run/react";
import type { ComponentType, ReactNode } from "react";
import { ErrorMessage, useFailure } from "~/components/document/error-page";

/**
 * A layout route's page and its error boundary in the same frame, so a page that failed keeps the
 * layout's header (or bar) and footer around the message.
 */
export function framedLayout(Frame: ComponentType<{ children: ReactNode }>) {
  return {
    Layout() {
      return (
        <Frame>
          <Outlet />
        </Frame>
      );
    },
    ErrorBoundary() {
      return (
        <Frame>
          <ErrorMessage {...useFailure()} />
        </Frame>
      );
    },
  };
}
