import { Outlet } from "@remix-run/react";
import type { ReactNode } from "react";
import { ErrorMessage, useFailure } from "~/components/document/error-page";
import { SiteFooter, SiteHeader } from "~/components/document/site-header";

/** The public pages' layout (SPEC §2 "home"). */
export default function HomeLayout() {
  return (
    <Frame>
      <Outlet />
    </Frame>
  );
}

/** A public page that failed (an unknown survey link, an outage) keeps the site's header and footer. */
export function ErrorBoundary() {
  return (
    <Frame>
      <ErrorMessage {...useFailure()} />
    </Frame>
  );
}

function Frame({ children }: { children: ReactNode }) {
  return (
    <div className="layout-home">
      <SiteHeader />
      <main id="main" className="layout-home__main">
        {children}
      </main>
      <SiteFooter />
    </div>
  );
}
