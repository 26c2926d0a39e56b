import type { ActionFunction, LoaderFunction, LoaderFunctionArgs, ServerBuild } from "@remix-run/node";

/**
 * A loader or an action of the server build, and what a wrapper may want to know of its route.
 * Remix v2 has no middleware: what every request must go through wraps each of these instead.
 */
export type RouteHandler = (args: LoaderFunctionArgs) => unknown;
export type HandlerRoute = { id: string; path: string | undefined; kind: "loader" | "action" };

/** The build with every route's loader and action replaced by `wrap(handler, route)`. */
export function wrapHandlers(
  build: ServerBuild,
  wrap: (handler: RouteHandler, route: HandlerRoute) => RouteHandler,
): ServerBuild {
  const routes = Object.fromEntries(
    Object.entries(build.routes).map(([id, route]) => {
      const module = { ...route.module };
      if (module.loader)
        module.loader = wrap(module.loader, { id, path: route.path, kind: "loader" }) as LoaderFunction;
      if (module.action)
        module.action = wrap(module.action, { id, path: route.path, kind: "action" }) as ActionFunction;
      return [id, { ...route, module }];
    }),
  );
  return { ...build, routes };
}
