import { createRequestHandler, data, type ActionFunction, type ServerBuild } from "@remix-run/node";

/**
 * A path a caller may not see answers as a path no route has, whatever the method: the staff spaces
 * must not show that they exist. Two things Remix does before any guard runs would show it:
 *  - a POST (any method but GET and HEAD) to a route without an action is refused 405 before
 *    its loader runs: such a route gets an action that runs the loader first (its guard, with its
 *    404 or its sign-in redirect) and refuses the method only to whom the loader lets through;
 *  - a route without a page (a download, an index that redirects) answers a thrown 404 as a bare
 *    JSON error: it answers the unknown path's page instead, rendered by the route of every
 *    unmatched path (routes/$.tsx) under the same root.
 * `served` is the build as it is finally served (every wrapper on), read at request time.
 */
export function asUnknownPaths(build: ServerBuild, served: () => ServerBuild): ServerBuild {
  const unknownPath = unknownPathPage(served);
  const routes = Object.fromEntries(
    Object.entries(build.routes).map(([id, route]) => {
      const module = { ...route.module };
      if (module.loader && !module.action) module.action = loaderFirst(module.loader);
      if (!module.default) {
        if (module.loader) module.loader = unknownOn404(module.loader, unknownPath);
        if (module.action) module.action = unknownOn404(module.action, unknownPath);
      }
      return [id, { ...route, module }];
    }),
  );
  return { ...build, routes };
}

type Handler = ActionFunction;

function loaderFirst(loader: Handler): Handler {
  return async (args) => {
    await loader(args);
    throw data(null, { status: 405, headers: { Allow: "GET, HEAD" } });
  };
}

function unknownOn404(
  handler: Handler,
  unknownPath: (request: Request, context: unknown) => Promise<Response> | null,
): Handler {
  return async (args) => {
    try {
      return await handler(args);
    } catch (error) {
      const page = isThrown404(error) ? unknownPath(args.request, args.context) : null;
      if (page) return page;
      throw error;
    }
  };
}

/** What notFound() (not-found.server.ts) throws: data() with a 404. */
function isThrown404(error: unknown): boolean {
  if (typeof error !== "object" || error === null) return false;
  const thrown = error as { type?: string; init?: { status?: number } | null };
  return thrown.type === "DataWithResponseInit" && thrown.init?.status === 404;
}

/**
 * The page of an unknown path, from the served build where every route but the root and its
 * catch-all (routes/$.tsx) matches nothing: the modules stay, for the document to render. A build
 * without a catch-all or a document to render (a few routes, as some tests serve) has no such
 * page: null, and the route's own 404 stands.
 */
function unknownPathPage(served: () => ServerBuild) {
  let handle: ReturnType<typeof createRequestHandler> | undefined;
  return (request: Request, context: unknown): Promise<Response> | null => {
    if (!handle) {
      const build = served();
      if (!build.assets?.routes || !Object.values(build.routes).some((route) => route.path === "*")) return null;
      const kept = (id: string) => id === "root" || build.routes[id]?.path === "*";
      const unmatched = <Route extends { index?: boolean; path?: string }>(routes: Record<string, Route>) =>
        Object.fromEntries(
          Object.entries(routes).map(([id, route]) => [
            id,
            kept(id) ? route : { ...route, index: false, path: UNMATCHED },
          ]),
        );
      // The server's matching (routes) and the document's (the assets' manifest) alike.
      const assets = { ...build.assets, routes: unmatched(build.assets.routes) };
      handle = createRequestHandler({ ...build, routes: unmatched(build.routes), assets });
    }
    // The body (if any) was the refused route's: the unknown path reads none.
    const bare = new Request(request.url, { method: request.method, headers: request.headers });
    return handle(bare, context as Parameters<typeof handle>[1]);
  };
}

// No request path holds a NUL (the door refuses %00): a route at this path is never matched.
const UNMATCHED = "\0";
