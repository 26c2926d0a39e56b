import { describe, expect, it } from "vitest";
import { z } from "zod";
import { defineEndpoint, getEndpoint, operation, postEndpoint } from "~/.server/api/endpoint.server";
import { apiAnswer } from "~/.server/api/respond.server";
import { successAnswer } from "~/.server/contract/operation.server";
import { refusals } from "~/.server/contract/refusal-table.server";

/**
 * An endpoint declared in app/api (app/.server/api/endpoint.server.ts): /api/openapi.json lists
 * the failures of the parts it is made of, and those parts answer them before its handler runs.
 */
const ok = { status: 200, schema: successAnswer, description: "Done" };
const table = refusals("auth", {
  taken: { status: 409, field: "email", message: "errors.emailTaken" },
  // The API answers this one with its own status.
  tooMany: { status: 429, field: null, message: "errors.tooManyAttempts", api: { status: 400 } },
});

function call(handler: (args: never) => Promise<Response>, path: string, init: RequestInit = {}) {
  return handler({ request: new Request(`http://localhost:3000${path}`, init), params: {}, context: {} } as never);
}

describe("an API endpoint's declaration", () => {
  it("documents no failure for an operation anyone may call that reads nothing", () => {
    const open = getEndpoint("/api/open", { summary: "Open", guard: "none", ok, handler: async () => apiAnswer({}) });
    expect(open.described.get).toMatchObject({ failures: [], security: false, pathParameters: [] });
    expect(open.described.post).toBeUndefined();
  });

  it("documents the guard's, the body's, the table's and the path parameter's statuses, each once", () => {
    const endpoint = postEndpoint("/api/things/:id", {
      summary: "Change a thing",
      body: z.object({ name: z.string() }),
      refusals: table,
      ok,
      handler: async () => apiAnswer({ success: true }),
    });
    expect(endpoint.described.post).toMatchObject({
      failures: [400, 401, 403, 404, 409, 422],
      security: true,
      pathParameters: ["id"],
    });
  });

  it("documents a session guard's 401 and a paged list's 422", () => {
    const list = getEndpoint("/api/list", {
      summary: "A list",
      guard: "session",
      page: 20,
      ok,
      handler: async () => apiAnswer({ success: true }),
    });
    expect(list.described.get?.failures).toEqual([401, 422]);
  });

  it("runs the member guard before the handler, and answers a method it does not take 405", async () => {
    let ran = false;
    const endpoint = defineEndpoint("/api/guarded", {
      post: operation({
        summary: "Guarded",
        ok,
        handler: async () => {
          ran = true;
          return apiAnswer({ success: true });
        },
      }),
    });
    const refused = await call(endpoint.action!, "/api/guarded", { method: "POST" });
    expect(refused.status).toBe(401);
    expect(Object.keys((await refused.json()).errors)).toEqual(["base"]);
    expect(ran).toBe(false);
    expect((await call(endpoint.loader, "/api/guarded")).status).toBe(405);
  });

  it("refuses with the table's API status and its field in snake_case", async () => {
    const endpoint = getEndpoint("/api/refusing/:code", {
      summary: "Refusing",
      guard: "none",
      refusals: table,
      ok,
      handler: async ({ request, refuse }) =>
        refuse(new URL(request.url).pathname.endsWith("taken") ? "taken" : "tooMany"),
    });
    const taken = await call(endpoint.loader, "/api/refusing/taken");
    expect(taken.status).toBe(409);
    expect(Object.keys((await taken.json()).errors)).toEqual(["base", "email"]);
    expect((await call(endpoint.loader, "/api/refusing/tooMany")).status).toBe(400);
  });

  it("answers a body that is not JSON 400 and one that breaks the schema 422, from the handler's call", async () => {
    const endpoint = postEndpoint("/api/named", {
      summary: "Named",
      guard: "none",
      body: z.object({ name: z.string({ required_error: "errors.invalidRequest" }) }),
      ok,
      handler: async ({ body }) => apiAnswer(await body()),
    });
    const post = (body: string) => call(endpoint.action!, "/api/named", { method: "POST", body });
    expect((await post("not json")).status).toBe(400);
    expect((await post("{}")).status).toBe(422);
    expect(await (await post('{"name":"Ana"}')).json()).toEqual({ name: "Ana" });
  });
});
