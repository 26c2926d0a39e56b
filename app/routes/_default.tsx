import type { LoaderFunctionArgs } from "@remix-run/node";
import { Outlet, useLoaderData } from "@remix-run/react";
import { requireMember } from "~/.server/auth/guard.server";
import { Sidebar } from "~/components/sidebar";

/**
 * The signed-in pages' layout (SPEC §2 "default"): the sidebar and the page. Its loader guards the
 * layout's own data; every child route still calls the guard itself.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const { member } = await requireMember(request);
  return { firstname: member.firstname, lastname: member.lastname };
}

export default function DefaultLayout() {
  const member = useLoaderData<typeof loader>();
  return (
    <div className="layout-default">
      <Sidebar member={member} />
      <main id="main" className="layout-default__main">
        <Outlet />
      </main>
    </div>
  );
}
