import type { ReactNode } from "react";
import { framedLayout } from "~/components/document/framed-layout";
import { SiteFooter, SiteHeader } from "~/components/document/site-header";

function HomeFrame({ children }: { children: ReactNode }) {
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

const framed = framedLayout(HomeFrame);

/** The public pages' layout (SPEC §2 "home"). */
export default framed.Layout;

/** A public page that failed (an unknown survey link, an outage) keeps the site's header and footer. */
export const ErrorBoundary = framed.ErrorBoundary;
