import type { ReactNode } from "react";
import type { LoaderFunctionArgs } from "@remix-run/node";
import { Outlet, useLoaderData, useRouteLoaderData } from "@remix-run/react";
import { useEffect } from "react";
import { requireMember } from "~/.server/auth/guard.server";
import { photoUrl } from "~/.server/media/photo.server";
import { memberPagesHandle } from "~/components/document/cacheable-page";
import { ErrorMessage, ErrorPage, useFailure } from "~/components/document/error-page";
import { LegalLinks } from "~/components/document/legal-links";
import { Sidebar } from "~/components/document/sidebar";

/**
 * The signed-in pages' layout (SPEC §2 "default"): the sidebar and the page. Its loader guards the
 * layout's own data; every child route still calls the guard itself.
 */
export const handle = memberPagesHandle;

export async function loader({ request }: LoaderFunctionArgs) {
  const { member, photoId, roles } = await requireMember(request);
  return {
    firstname: member.firstname,
    lastname: member.lastname,
    photoUrl: photoId ? photoUrl(photoId) : null,
    guessTimeZone: !member.time_zone_set,
    // The sidebar links to the spaces of the member's roles (each space still checks the role itself).
    roles,
  };
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

type LayoutMember = {
  firstname: string;
  lastname: string;
  photoUrl: string | null;
  guessTimeZone: boolean;
  roles: readonly string[];
};

function Frame({ member, children }: { member: LayoutMember; children: ReactNode }) {
  return (
    <div className="layout-default">
      {member.guessTimeZone ? <TimeZoneGuess /> : null}
      <Sidebar member={member} />
      <main id="main" className="layout-default__main">
        {children}
        <footer className="page-footer">
          <LegalLinks />
        </footer>
      </main>
    </div>
  );
}

/**
 * With JavaScript, a member who never chose a time zone gets their browser's, once (the server
 * keeps a choice made meanwhile). Without JavaScript, Europe/Paris until they choose on the profile.
 * The zone is read in a worker (public/time-zone.js): reading it costs the page's main thread a long
 * task just after the paint. A plain request, outside Remix's router: a fetcher would revalidate
 * every loader of the page while the member may be submitting a form of it, and a goal posted then
 * was seen not to show (the redirect after it loaded nothing). The next page shows the zone.
 */
function TimeZoneGuess() {
  useEffect(() => {
    if (typeof Worker !== "function") return;
    const worker = new Worker(TIME_ZONE_WORKER);
    worker.onmessage = ({ data: browserZone }: MessageEvent<string>) => {
      worker.terminate();
      if (!browserZone) return;
      const body = new URLSearchParams({ timeZone: browserZone, guess: "1" });
      // Nothing to tell the member if it fails: the guess is tried again on the next page.
      fetch("/profile/time-zone", { method: "POST", body }).catch(() => undefined);
    };
    worker.onerror = () => worker.terminate();
    return () => worker.terminate();
  }, []);
  return null;
}

const TIME_ZONE_WORKER = "/time-zone.js";
