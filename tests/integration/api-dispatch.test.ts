import { describe, expect, it } from "vitest";
import { action, loader } from "~/routes/api.$";
import { verifiedMember } from "../support/accounts";
import { callApi, ORIGIN } from "../support/http";

/**
 * Every /api/ request goes through the one splat route, app/routes/api.$.ts, to the endpoint the
 * API's table names (app/api/endpoints.ts): called here as Remix calls it, its loader for GET and
 * HEAD and its action for the other methods.
 */
async function send(method: string, path: string, options: { token?: string; json?: unknown } = {}) {
  const handler = method === "GET" || method === "HEAD" ? loader : action;
  const params = { "*": new URL(path, ORIGIN).pathname.slice(5) };
  return callApi(handler, path, options.token ?? null, { method, json: options.json, params });
}

const notFound = (path: string) => ({ errors: { base: [`Page not found: ${path}`] } });

describe("the API's splat route", () => {
  it("hands each method to the endpoint's loader or action", async () => {
    const { token } = await verifiedMember();
    expect(await (await send("GET", "/api/goal", { token })).json()).toEqual({ goal: null });
    expect((await send("HEAD", "/api/goal", { token })).status).toBe(200);

    const set = await send("POST", "/api/goal", { token, json: { title: "Courir un semi" } });
    expect((await set.json()).goal.title).toBe("Courir un semi");
    // Remix hands PUT, PATCH and DELETE to the action as well.
    const put = await send("PUT", "/api/goal", { token, json: { title: "Courir un marathon" } });
    expect((await put.json()).goal.title).toBe("Courir un marathon");

    const added = await send("POST", "/api/commitments", { token, json: { title: "Lire" } });
    expect(added.status).toBe(201);
    const { id } = (await added.json()).commitment;
    const patched = await send("PATCH", `/api/commitments/${id}`, { token, json: { title: "Relire" } });
    expect((await patched.json()).commitment).toMatchObject({ id, title: "Relire" });
    const deleted = await send("DELETE", `/api/commitments/${id}/delete`, { token });
    expect(await deleted.json()).toEqual({ success: true });
    expect((await send("GET", `/api/commitments/${id}`, { token })).status).toBe(404);
  });

  it("decodes the parameters it hands the endpoint, and takes a malformed escape without failing", async () => {
    const { token } = await verifiedMember();
    const training = await send("GET", "/api/trainings/j%2Dembarque", { token });
    expect(training.status).toBe(200);
    expect((await training.json()).training.slug).toBe("j-embarque");
    const slots = await send("GET", "/api/coaches/claire%2Dmoreau/slots?tz=Europe/Paris", { token });
    expect(slots.status).toBe(200);
    expect((await slots.json()).coach).toBe("claire-moreau");
    // Undecoded, "%E2%82" names no training: the endpoint's own 404, not the API's unknown path.
    const malformed = await send("GET", "/api/trainings/%E2%82", { token });
    expect(malformed.status).toBe(404);
    expect(await malformed.json()).toEqual({ errors: { base: ["Cette ressource n’existe pas."] } });
  });

  it("takes paths in any letter case and with trailing slashes", async () => {
    const { token } = await verifiedMember();
    const trainings = await send("GET", "/API/Trainings/", { token });
    expect(trainings.status).toBe(200);
    expect((await trainings.json()).trainings.length).toBeGreaterThan(0);
    expect((await send("GET", "/api/GOAL//", { token })).status).toBe(200);
    expect((await send("GET", "/Api/OpenAPI.JSON")).status).toBe(200);
  });

  it("answers a method the endpoint does not take as Remix did", async () => {
    const refused = await send("GET", "/api/dashboard/login");
    expect(refused.status).toBe(405);
    expect(await refused.json()).toEqual({ errors: { base: ["Cette méthode n’est pas acceptée à cette adresse."] } });
    expect((await send("POST", "/api/dashboard/whoami", { json: {} })).status).toBe(405);
    // openapi.json has no action: Remix's router error, which the server answers 405 (api-routing.test.ts).
    await expect(send("POST", "/api/openapi.json", { json: {} })).rejects.toMatchObject({
      status: 405,
      statusText: "Method Not Allowed",
      internal: true,
    });
  });

  it("answers a path no endpoint takes 404 in the API's shape", async () => {
    for (const [method, path] of [
      ["GET", "/api/nope"],
      ["POST", "/api/nope"],
      ["DELETE", "/api/goal/nope"],
      ["GET", "/api/coaches/claire-moreau/slots/extra"],
      ["GET", "/api/coaches//slots"],
    ]) {
      const answer = await send(method, path);
      expect(answer.status, `${method} ${path}`).toBe(404);
      expect(await answer.json(), `${method} ${path}`).toEqual(notFound(path));
    }
  });
});
