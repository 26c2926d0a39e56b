import { Outlet } from "@remix-run/react";
import { SiteFooter, SiteHeader } from "~/components/site-header";

/** The public pages' layout (SPEC §2 "home"). */
export default function HomeLayout() {
  return (
    <div className="layout-home">
      <SiteHeader />
      <main id="main" className="layout-home__main">
        <Outlet />
      </main>
      <SiteFooter />
    </div>
  );
}
