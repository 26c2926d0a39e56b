import { readdirSync } from "node:fs";
import type { LoaderFunctionArgs } from "@remix-run/node";
import { describe, expect, it } from "vitest";
import type { Endpoint } from "~/.server/api/endpoint.server";
import { openApiDocument } from "~/.server/api/openapi.server";
import { apiRouter, type Routed } from "~/.server/api/router.server";
import { endpoints } from "~/api/endpoints";

/**
 * The API's router (app/.server/api/router.server.ts) matches as Remix matched the routes the
 * endpoints used to be, and its table (app/api/endpoints.ts) reaches every endpoint, unambiguously.
 */

/** An endpoint at `path` that answers its name, which handler ran, and the parameters it was given. */
function echo(path: string, name: string, { action = true } = {}): Routed {
  const answer = (kind: string) => async (args: LoaderFunctionArgs) =>
    Response.json({ name, kind, params: args.params });
  return action ? { path, loader: answer("loader"), action: answer("action") } : { path, loader: answer("loader") };
}

// The dynamic path first: the order of the table does not decide.
const router = apiRouter([
  echo("/api/sessions/:id", "session"),
  echo("/api/sessions/revoke-others", "revoke-others"),
  echo("/api/coaches/:coach_slug/slots", "slots"),
  echo("/api/invitations/:id/:action", "invitation"),
  echo("/api/openapi.json", "openapi", { action: false }),
]);

const matched = (pathname: string) => {
  const found = router.match(pathname);
  return found && { path: found.endpoint.path, params: found.params };
};

async function run(method: string, path: string) {
  const request = new Request(`http://localhost:3000${path}`, { method });
  const handler = method === "GET" || method === "HEAD" ? router.loader : router.action;
  return (await handler({ request, params: { "*": path.slice(5) }, context: {} })) as Response;
}

describe("the API's router", () => {
  it("decodes each segment as Remix does, a / inside one included, and names the parameters", () => {
    expect(matched("/api/coaches/claire%2Dmoreau/slots")).toEqual({
      path: "/api/coaches/:coach_slug/slots",
      params: { coach_slug: "claire-moreau" },
    });
    expect(matched("/api/coaches/%E2%82%AC%20x/slots")?.params).toEqual({ coach_slug: "€ x" });
    expect(matched("/api/coaches/a%2Fb/slots")?.params).toEqual({ coach_slug: "a/b" });
    expect(matched("/api/invitations/i%3F/accept")?.params).toEqual({ id: "i?", action: "accept" });
  });

  it("matches a path with a malformed escape undecoded, as Remix does, rather than failing", () => {
    expect(matched("/api/coaches/%E2%82/slots")?.params).toEqual({ coach_slug: "%E2%82" });
    // One malformed segment leaves the whole path undecoded.
    expect(matched("/api/invitations/%zz/%41ccept")?.params).toEqual({ id: "%zz", action: "%41ccept" });
  });

  it("takes any letter case and trailing slashes, but no empty or extra segment", () => {
    expect(matched("/API/Sessions/REVOKE-OTHERS")?.path).toBe("/api/sessions/revoke-others");
    expect(matched("/api/openapi.json//")?.path).toBe("/api/openapi.json");
    expect(matched("/Api/Coaches/Claire/SLOTS/")?.params).toEqual({ coach_slug: "Claire" });
    for (const path of [
      "/api/openapiXjson",
      "/api/coaches//slots",
      "/api/coaches/x/slots/more",
      "/api//sessions/x",
      "/api/sessions",
      "/api/sessions%2Frevoke-others",
    ]) {
      expect(matched(path), path).toBeNull();
    }
  });

  it("lets static segments beat dynamic ones", () => {
    expect(matched("/api/sessions/revoke-others")?.path).toBe("/api/sessions/revoke-others");
    expect(matched("/api/sessions/revoke-other")).toEqual({
      path: "/api/sessions/:id",
      params: { id: "revoke-other" },
    });
  });

  it("runs the loader for GET and HEAD, the action for the other methods, with the endpoint's parameters", async () => {
    for (const method of ["GET", "HEAD"]) {
      expect(await (await run(method, "/api/sessions/s1")).json()).toEqual({
        name: "session",
        kind: "loader",
        params: { id: "s1" },
      });
    }
    for (const method of ["POST", "PUT", "PATCH", "DELETE"]) {
      expect(await (await run(method, "/api/invitations/i1/accept")).json()).toEqual({
        name: "invitation",
        kind: "action",
        params: { id: "i1", action: "accept" },
      });
    }
  });

  it("throws Remix's own 405 for a write to an endpoint without an action", async () => {
    await expect(run("PUT", "/api/OpenAPI.json")).rejects.toMatchObject({
      status: 405,
      statusText: "Method Not Allowed",
      internal: true,
      data: 'Error: You made a PUT request to "/api/OpenAPI.json" but did not provide an `action` for route "/api/openapi.json", so there is no way to handle the request.',
    });
  });

  it("answers any other path 404 in the API's shape", async () => {
    for (const method of ["GET", "POST"]) {
      const answer = await run(method, "/api/nope%20x");
      expect(answer.status).toBe(404);
      expect(await answer.json()).toEqual({ errors: { base: ["Page not found: /api/nope%20x"] } });
    }
  });
});

/** A URL of `path` with each parameter filled with a value no static segment has. */
const sample = (path: string) => path.replace(/:(\w+)/g, "value-of-$1");
const segments = (path: string) => path.split("/").slice(1);
const dynamic = (segment: string) => segment.startsWith(":");

/** Whether one URL could match both paths. */
function overlap(a: Endpoint, b: Endpoint): boolean {
  const [left, right] = [segments(a.path), segments(b.path)];
  return (
    left.length === right.length &&
    left.every(
      (segment, i) => dynamic(segment) || dynamic(right[i]) || segment.toLowerCase() === right[i].toLowerCase(),
    )
  );
}

describe("the API's table", () => {
  const table = apiRouter(endpoints);

  it("reaches every endpoint by its own path", () => {
    for (const endpoint of endpoints) {
      expect(table.match(sample(endpoint.path))?.endpoint, endpoint.path).toBe(endpoint);
    }
  });

  it("has no two paths that take the same URL without one having more static segments", () => {
    const statics = (endpoint: Endpoint) => segments(endpoint.path).filter((segment) => !dynamic(segment)).length;
    for (const [i, a] of endpoints.entries()) {
      for (const b of endpoints.slice(i + 1)) {
        if (!overlap(a, b)) continue;
        expect(statics(a), `${a.path} and ${b.path}`).not.toBe(statics(b));
        // The URL both take, static wherever either is: the more static path's.
        const both = segments(a.path).map((segment, k) => (dynamic(segment) ? segments(b.path)[k] : segment));
        const winner = statics(a) > statics(b) ? a : b;
        expect(table.match(sample(`/${both.join("/")}`))?.endpoint, `${a.path} and ${b.path}`).toBe(winner);
      }
    }
  });

  it("serves every path of the OpenAPI document", () => {
    for (const path of Object.keys(openApiDocument(endpoints).paths)) {
      expect(table.match(path.replace(/\{(\w+)\}/g, "value-of-$1")), path).not.toBeNull();
    }
  });

  it("lists every endpoint each module of app/api declares, once, and Remix's route table has no /api/ route but the splat", () => {
    const modules = import.meta.glob<{ endpoint?: Endpoint; endpoints?: Endpoint[] }>(
      ["/app/api/*.ts", "!/app/api/endpoints.ts"],
      { eager: true },
    );
    const declared = Object.values(modules).flatMap((module) => module.endpoints ?? [module.endpoint!]);
    const listed = new Set(endpoints);
    expect(listed.size).toBe(endpoints.length);
    // The list adds the OpenAPI document, which describes the others.
    expect(endpoints.filter((endpoint) => !declared.includes(endpoint)).map((endpoint) => endpoint.path)).toEqual([
      "/api/openapi.json",
    ]);
    for (const endpoint of declared) expect(listed.has(endpoint), endpoint.path).toBe(true);
    expect(readdirSync("app/routes").filter((name) => /^api[.[]/.test(name))).toEqual(["api.$.ts"]);
  });
});
