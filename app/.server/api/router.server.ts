import { apiNotFound } from "./respond.server";
import type { Handler } from "./endpoint.server";

/** A path in Remix's syntax (`/api/bookings/:id`, a `:name` segment being a parameter) and its handlers. */
export type Routed = { path: string; loader: Handler; action?: Handler };

type Route<E extends Routed> = { endpoint: E; pattern: RegExp; names: string[]; statics: number };

/**
 * The API's router: the one splat route app/routes/api.$.ts hands every /api/ request to the
 * endpoint of app/api/endpoints.ts whose path it names, matched as Remix matched the routes the
 * endpoints used to be. Remix has already chosen, by the method, whether its loader or its action
 * runs (GET and HEAD: the loader, every other method: the action); the endpoint's runs in its
 * place, inside what the build wraps around every loader and action (served-build.server.ts).
 */
export function apiRouter<E extends Routed>(endpoints: E[]) {
  // Static segments beat dynamic ones: of two paths that take the same URL, the one with more
  // static segments is tried first, as Remix ranks its routes.
  const routes = endpoints.map(compile).sort((a, b) => b.statics - a.statics);

  /** The endpoint `pathname` names, with its parameters, or null. */
  function match(pathname: string): { endpoint: E; params: Record<string, string> } | null {
    const path = decodePath(pathname);
    for (const { endpoint, pattern, names } of routes) {
      const found = pattern.exec(path);
      if (found) {
        // A `/` encoded in a segment is one again in its parameter.
        const params = Object.fromEntries(names.map((name, i) => [name, found[i + 1].replace(/%2F/g, "/")]));
        return { endpoint, params };
      }
    }
    return null;
  }

  const serve =
    (kind: "loader" | "action"): Handler =>
    async (args) => {
      const found = match(new URL(args.request.url).pathname);
      if (!found) return apiNotFound(args.request);
      const handler = found.endpoint[kind];
      if (!handler) throw noAction(args.request, found.endpoint.path);
      return handler({ ...args, params: found.params });
    };

  return { match, loader: serve("loader"), action: serve("action") };
}

/**
 * A route's path compiled as Remix compiles it: letters in any case, any number of trailing
 * slashes, a parameter one segment of at least a character.
 */
function compile<E extends Routed>(endpoint: E): Route<E> {
  const names: string[] = [];
  const source = endpoint.path
    .split("/")
    .map((segment) => {
      if (!segment.startsWith(":")) return segment.replace(/[\\.*+^${}|()[\]]/g, "\\$&");
      names.push(segment.slice(1));
      return "([^\\/]+)";
    })
    .join("\\/");
  const segments = endpoint.path.split("/").length - 1;
  return { endpoint, pattern: new RegExp(`^${source}\\/*$`, "i"), names, statics: segments - names.length };
}

/**
 * The path as Remix matches it: each segment decoded, a `/` decoded inside one kept as %2F; a
 * malformed escape leaves the whole path as it came (Remix matches it undecoded, without failing).
 */
function decodePath(pathname: string): string {
  try {
    return pathname
      .split("/")
      .map((segment) => decodeURIComponent(segment).replace(/\//g, "%2F"))
      .join("/");
  } catch {
    return pathname;
  }
}

/**
 * A write to an endpoint without an action: thrown as the error Remix's router throws for a route
 * without one, which Remix reports (handleError) and answers 405 `{"message":"Unexpected Server
 * Error"}` with X-Remix-Error, as it did when the endpoint was a route of its own.
 */
function noAction(request: Request, path: string) {
  const { pathname } = new URL(request.url);
  const error = new Error(
    `You made a ${request.method.toUpperCase()} request to "${pathname}" but did not provide an \`action\` for route "${path}", so there is no way to handle the request.`,
  );
  return { status: 405, statusText: "Method Not Allowed", internal: true, data: error.toString(), error };
}
