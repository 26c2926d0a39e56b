import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Links, Meta, Outlet, Scripts, ScrollRestoration, useRouteLoaderData } from "@remix-run/react";
import type { ReactNode } from "react";
import { useTranslation } from "~/i18n/react";
import { currentMember } from "~/.server/auth/guard.server";
import { wantsLightPages } from "~/.server/http/light-pages.server";
import { localeOf } from "~/.server/i18n/i18n.server";
import { pageStringsHrefs } from "~/.server/i18n/page-strings.server";
import { env } from "~/.server/config/env.server";
import { browserReporting } from "~/.server/observability/error-reporting.server";
import { BuildWatch } from "~/builds/build-watch";
import { ErrorReportingConfig } from "~/components/document/error-reporting-config";
import { ErrorPage, useFailure } from "~/components/document/error-page";
import { useNonce } from "~/components/document/nonce";
import { Stylesheet } from "~/components/document/stylesheet";
import { ContentEnd, FirstPaintWaitsForContent } from "~/components/document/whole-first-paint";
import globalStyles from "~/styles/global.css";

export const links: LinksFunction = () => [{ rel: "icon", href: "/favicon.svg", type: "image/svg+xml" }];

export const meta: MetaFunction = () => [{ title: "Cap" }];

export async function loader({ request }: LoaderFunctionArgs) {
  const locale = await localeOf(request);
  // The member is the one the page's own loaders ask for: one whoami per request (guard.server.ts).
  const light = wantsLightPages(request, await currentMember(request));
  return { locale, light, strings: pageStringsHrefs(locale), errorReporting: browserReporting(env()) };
}

export function Layout({ children }: { children: ReactNode }) {
  const data = useRouteLoaderData<typeof loader>("root");
  // The signed-in layout knows the member's roles: authors and admins get the strings of their spaces.
  const space = useRouteLoaderData<{ roles?: readonly string[] }>("routes/_default");
  const staff = space?.roles?.some((role) => role === "author" || role === "admin") ?? false;
  // Light pages (app/.server/http/light-pages.server.ts) carry no script, nor anything fetched for one.
  const scripts = !data?.light;
  const strings = scripts ? data?.strings[staff ? "staff" : "member"] : undefined;
  const { i18n } = useTranslation();
  const nonce = useNonce();
  return (
    // data-strings: where the browser fetches the page's strings before it hydrates (entry.client.tsx).
    <html lang={data?.locale ?? i18n.language} dir="ltr" data-strings={strings}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="color-scheme" content="light" />
        <Stylesheet href={globalStyles} nonce={nonce} />
        <FirstPaintWaitsForContent />
        <Meta />
        <Links />
        {strings ? <link rel="preload" href={strings} as="fetch" crossOrigin="anonymous" /> : null}
      </head>
      <body>
        {children}
        <ContentEnd />
        {scripts ? (
          <>
            <BuildWatch />
            {data?.errorReporting ? <ErrorReportingConfig config={data.errorReporting} /> : null}
            <ScrollRestoration nonce={nonce} />
            <Scripts nonce={nonce} />
          </>
        ) : null}
      </body>
    </html>
  );
}

export default function App() {
  return <Outlet />;
}

/** The generic error page (SPEC §2): the status code, "Page Not Found" for 404, else 500. */
export function ErrorBoundary() {
  return <ErrorPage {...useFailure()} />;
}
