import { Outlet } from "@remix-run/react";
import { Sidebar } from "~/components/sidebar";

/** The signed-in pages' layout (SPEC §2 "default"): the sidebar and the page. */
export default function DefaultLayout() {
  return (
    <div className="layout-default">
      <Sidebar />
      <main id="main" className="layout-default__main">
        <Outlet />
      </main>
    </div>
  );
}
