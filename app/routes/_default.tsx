import type { ReactNode } from "react";
import type { LoaderFunctionArgs } from "@remix-run/node";
import { Outlet, useLoaderData, useRouteLoaderData } from "@remix-run/react";
import { requireMember } from "~/.server/auth/guard.server";
import { ErrorMessage, ErrorPage, useFailure } from "~/components/error-page";
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
  return (
    <Frame member={useLoaderData<typeof loader>()}>
      <Outlet />
    </Frame>
  );
}

/** A signed-in page that failed (a 404, an outage) keeps the sidebar, when the layout's own data came. */
export function ErrorBoundary() {
  const member = useRouteLoaderData<typeof loader>("routes/_default");
  const failure = useFailure();
  if (!member) return <ErrorPage {...failure} />;
  return (
    <Frame member={member}>
      <ErrorMessage {...failure} />
    </Frame>
  );
}

function Frame({ member, children }: { member: { firstname: string; lastname: string }; children: ReactNode }) {
  return (
    <div className="layout-default">
      <Sidebar member={member} />
      <main id="main" className="layout-default__main">
        {children}
      </main>
    </div>
  );
}
