import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { securityHeaders } from "~/.server/http/security-headers.server";
import { startServer, type ServerProcess } from "../support/server-process";

/**
 * How the built server routes /api/ requests, pinned as Remix answered them when every endpoint
 * was a route of its own: status, headers and body of a method an endpoint has no handler for, of
 * an unknown path, and of paths in any letter case or with trailing slashes.
 */
let server: ServerProcess;

beforeAll(async () => {
  server = await startServer({});
}, 90_000);

afterAll(async () => {
  await server?.stop();
}, 30_000);

/** Headers that change with every answer or with the transport's framing. */
const VARYING = new Set(["date", "x-request-id", "connection", "keep-alive", "transfer-encoding", "content-length"]);

/** The answer as a caller reads it: status, every header that does not vary, body. */
async function answer(method: string, path: string, options: { json?: unknown } = {}) {
  const response = await fetch(`${server.url}${path}`, {
    method,
    headers: {
      "Accept-Encoding": "identity",
      ...(options.json === undefined ? {} : { "Content-Type": "application/json" }),
    },
    body: options.json === undefined ? undefined : JSON.stringify(options.json),
  });
  const headers = Object.fromEntries([...response.headers].filter(([name]) => !VARYING.has(name)));
  return { status: response.status, statusText: response.statusText, headers, body: await response.text() };
}

/** The security headers both servers send (names as fetch reads them). */
function secured(headers: Record<string, string>) {
  const expected = securityHeaders({ NODE_ENV: "production", APP_URL: server.url, SENTRY_DSN: undefined });
  return {
    ...Object.fromEntries(Object.entries(expected).map(([name, value]) => [name.toLowerCase(), value])),
    vary: "Accept-Encoding",
    ...headers,
  };
}

const apiJson = { "content-type": "application/json" };
const noStore = { "cache-control": "no-store" };
const wrongMethod = JSON.stringify({ errors: { base: ["Cette méthode n’est pas acceptée à cette adresse."] } });
const signedOut = JSON.stringify({ errors: { base: ["Vous devez être connecté·e."] } });

describe("the API's routing on the built server", () => {
  it("answers a write to an endpoint without an action (openapi.json) with Remix's own 405", async () => {
    for (const method of ["POST", "PUT", "PATCH", "DELETE"]) {
      expect(await answer(method, "/api/openapi.json", { json: {} }), method).toEqual({
        status: 405,
        statusText: "Method Not Allowed",
        headers: secured({ "content-type": "application/json; charset=utf-8", "x-remix-error": "yes" }),
        body: JSON.stringify({ message: "Unexpected Server Error" }),
      });
    }
  });

  it("answers the other method of an endpoint with the API's 405", async () => {
    const refused = {
      status: 405,
      statusText: "Method Not Allowed",
      headers: secured({ ...apiJson, ...noStore }),
      body: wrongMethod,
    };
    expect(await answer("GET", "/api/dashboard/login")).toEqual(refused);
    expect(await answer("HEAD", "/api/dashboard/login")).toEqual({ ...refused, body: "" });
    expect(await answer("GET", "/api/trainings/j-embarque/modules/m/parts/p/read")).toEqual(refused);
    expect(await answer("POST", "/api/dashboard/whoami", { json: {} })).toEqual(refused);
    expect(await answer("DELETE", "/api/sessions")).toEqual(refused);
  });

  it("answers an unknown path under /api/ with 404 in the API's shape, whatever the method", async () => {
    for (const [method, path] of [
      ["GET", "/api/nope"],
      ["POST", "/api/nope"],
      ["GET", "/api"],
      ["GET", "/api/"],
      ["GET", "/API/Nope/%41b"],
      // The dot of openapi.json is a dot, not any character.
      ["GET", "/api/openapiXjson"],
      // Empty, extra or missing segments match no endpoint.
      ["GET", "/api/coaches//slots"],
      ["GET", "/api/coaches/claire-moreau/slots/extra"],
      ["GET", "/api//dashboard/whoami"],
      ["POST", "/api/invitations/x"],
      ["GET", "/api/dashboard%2Fwhoami"],
    ]) {
      expect(await answer(method, path, method === "POST" ? { json: {} } : {}), `${method} ${path}`).toEqual({
        status: 404,
        statusText: "Not Found",
        headers: secured(apiJson),
        body: JSON.stringify({ errors: { base: [`Page not found: ${path}`] } }),
      });
    }
  });

  it("takes paths in any letter case and with trailing slashes", async () => {
    const signedOutAnswer = {
      status: 401,
      statusText: "Unauthorized",
      headers: secured({ ...apiJson, ...noStore }),
      body: signedOut,
    };
    for (const path of [
      "/api/dashboard/whoami",
      "/API/Dashboard/WhoAmI",
      "/api/dashboard/whoami/",
      "/api/dashboard/whoami//",
    ]) {
      expect(await answer("GET", path), path).toEqual(signedOutAnswer);
    }
    // The guard's answer is the same at every endpoint, a member's or any session's.
    for (const path of [
      "/api/bookings/",
      "/Api/Coaches/claire-moreau/SLOTS/",
      "/api/coaches/%E2%82%AC/slots",
      "/api/coaches/a%2Fb/slots",
    ]) {
      expect(await answer("GET", path), path).toEqual(signedOutAnswer);
    }
    expect(await answer("POST", "/api/Sessions/REVOKE-OTHERS/", { json: {} })).toEqual(signedOutAnswer);
    for (const path of ["/api/OpenAPI.JSON", "/api/openapi.json/"]) {
      const document = await answer("GET", path);
      expect(document.status, path).toBe(200);
      expect(document.headers, path).toEqual(secured({ ...apiJson, "cache-control": "public, max-age=300" }));
      expect(JSON.parse(document.body).openapi, path).toBe("3.1.0");
    }
    const version = await answer("GET", "/API/debug/data_page/FRONT-VERSION/");
    expect(version).toMatchObject({ status: 200, headers: secured({ ...apiJson, ...noStore }) });
  });
});
