import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { db } from "~/.server/db/client.server";
import { mailOutbox } from "~/.server/db/schema.server";
import { openApiDocument } from "~/.server/api/openapi.server";
import { endpoints } from "~/api/endpoints";
import { setBuildVersion } from "~/.server/builds/build-version.server";
import { answerOf, buildRequest } from "../support/http";
import { checkedJson } from "../support/openapi";
import { identityCount } from "../support/identity-backend";
import { endpointAt } from "../support/endpoints";

const loginAction = endpointAt("/api/dashboard/login").action;
const loginGet = endpointAt("/api/dashboard/login").loader;
const recoveryAction = endpointAt("/api/recovery").action;
const registerAction = endpointAt("/api/dashboard/register").action;
const whoamiLoader = endpointAt("/api/dashboard/whoami").loader;
const frontVersionLoader = endpointAt("/api/debug/data_page/front-version").loader;
const openApiLoader = endpointAt("/api/openapi.json").loader;

const context = { clientIp: "203.0.113.7" };

const ana = {
  firstname: "Ana",
  lastname: "Barros",
  birth_date: "1990-02-03",
  email: "ana@example.com",
  password: "correct horse",
};

async function registerApi(user: Record<string, unknown>, query = "", headers: Record<string, string> = {}) {
  const request = buildRequest(`/api/dashboard/register${query}`, { json: { user }, headers });
  return answerOf(registerAction({ request, params: {}, context }));
}

async function loginApi(body: unknown, query = "?locale=fr") {
  const request = buildRequest(`/api/dashboard/login${query}`, { json: body });
  return answerOf(loginAction({ request, params: {}, context }));
}

async function whoamiApi(headers: Record<string, string>) {
  return answerOf(whoamiLoader({ request: buildRequest("/api/dashboard/whoami", { headers }), params: {}, context }));
}

describe("POST /api/dashboard/register", () => {
  it("registers with the defaults of SPEC §9 and answers a token that whoami accepts", async () => {
    const response = await registerApi(ana);
    expect(response.status).toBe(201);
    // SPEC §7: the answer "is used as the token": the JSON string itself, as a client stores it.
    const token = await checkedJson<string>(response, "/api/dashboard/register", "post");
    expect(token).toMatch(/^[\w-]{16,128}$/);
    expect((await whoamiApi({ Cookie: `token=${token}` })).status).toBe(200);

    const me = await whoamiApi({ Authorization: `Bearer ${token}` });
    expect(me.status).toBe(200);
    const body = await checkedJson(me, "/api/dashboard/whoami", "get");
    expect(body.ory.identity.traits).toEqual({ email: "ana@example.com", name: { first: "Ana", last: "Barros" } });
    expect(body.ory.identity.verifiable_addresses[0]).toMatchObject({
      value: "ana@example.com",
      verified: false,
      via: "email",
    });
    expect(body.user).toMatchObject({
      firstname: "Ana",
      lastname: "Barros",
      gender: "female",
      lang: "fr",
      user_type: "adventurer",
      birth_date: "1990-02-03",
    });
    const mails = await db().select().from(mailOutbox).where(eq(mailOutbox.to, "ana@example.com"));
    expect(mails).toHaveLength(1);
  });

  it("registers a caller asking for English with the spec's lang fr, and mails them in English", async () => {
    const response = await registerApi({ ...ana, lang: "fr" }, "", { "Accept-Language": "en" });
    expect(response.status).toBe(201);
    const [mail] = await db().select().from(mailOutbox).where(eq(mailOutbox.to, "ana@example.com"));
    expect(mail.subject).toBe("Your Cap confirmation code");
  });

  it("answers 422 with each field's message in the request's language", async () => {
    const fr = await registerApi({ firstname: "", email: "nope", birth_date: "2020-01-01", password: "short" });
    expect(fr.status).toBe(422);
    const { errors } = await checkedJson(fr, "/api/dashboard/register", "post");
    expect(errors.firstname).toEqual(["Veuillez saisir votre prénom."]);
    expect(errors.lastname).toEqual(["Veuillez saisir votre nom."]);
    expect(errors.email).toEqual(["Adresse e-mail invalide."]);
    expect(errors.birth_date).toEqual(["Vous devez avoir au moins 13 ans."]);
    expect(errors.password).toEqual(["Le mot de passe doit comporter au moins 8 caractères."]);
    expect(errors.base.length).toBeGreaterThan(0);

    const en = await registerApi({ firstname: "" }, "", { "Accept-Language": "en" });
    const english = await checkedJson(en, "/api/dashboard/register", "post");
    expect(english.errors.firstname).toEqual(["Please enter your first name."]);
    expect(english.errors.email).toEqual(["Please enter your email"]);
  });

  it("answers 409 for a taken email and creates nothing more", async () => {
    await registerApi(ana);
    const again = await registerApi({ ...ana, email: "ANA@example.com" });
    expect(again.status).toBe(409);
    const { errors } = await checkedJson(again, "/api/dashboard/register", "post");
    expect(errors.email).toHaveLength(1);
    expect(await identityCount()).toBe(1);
  });

  it("answers 400 for a body that is not JSON", async () => {
    const request = new Request("http://localhost/api/dashboard/register", {
      method: "POST",
      body: "{nope",
      headers: { "Content-Type": "application/json" },
    });
    const response = await answerOf(registerAction({ request, params: {}, context }));
    expect(response.status).toBe(400);
    await checkedJson(response, "/api/dashboard/register", "post");
  });

  it("links the inviter given by invited_id", async () => {
    const inviter = await checkedJson<string>(await registerApi(ana), "/api/dashboard/register", "post");
    const inviterMe = await checkedJson(
      await whoamiApi({ Authorization: `Bearer ${inviter}` }),
      "/api/dashboard/whoami",
      "get",
    );
    const invited = await checkedJson<string>(
      await registerApi({ ...ana, email: "bo@example.com" }, `?invited_id=${inviterMe.user.id}`),
      "/api/dashboard/register",
      "post",
    );
    const me = await checkedJson(
      await whoamiApi({ Authorization: `Bearer ${invited}` }),
      "/api/dashboard/whoami",
      "get",
    );
    expect(me.user.invited_by).toBe(inviterMe.user.id);
  });
});

describe("POST /api/dashboard/login", () => {
  it("answers a token for the right password and 401 with errors.base otherwise", async () => {
    await registerApi(ana);
    const ok = await loginApi({ email: "Ana@Example.com", password: "correct horse" });
    expect(ok.status).toBe(200);
    // SPEC §7: "answer is the token value, stored in the token cookie": a JSON string, the
    // session token itself, which works as that cookie and as a bearer (whichever identity
    // service issued it).
    const token = await checkedJson<string>(ok, "/api/dashboard/login", "post");
    expect(token).toMatch(/^[\w-]{16,128}$/);
    expect((await whoamiApi({ Cookie: `token=${token}` })).status).toBe(200);
    expect((await whoamiApi({ Authorization: `Bearer ${token}` })).status).toBe(200);

    const wrong = await loginApi({ email: "ana@example.com", password: "wrong password" });
    expect(wrong.status).toBe(401);
    expect((await checkedJson(wrong, "/api/dashboard/login", "post")).errors.base).toEqual([
      "Adresse e-mail ou mot de passe incorrect.",
    ]);

    const english = await loginApi({ email: "ana@example.com", password: "wrong password" }, "?locale=en");
    expect((await checkedJson(english, "/api/dashboard/login", "post")).errors.base).toEqual([
      "Wrong email address or password.",
    ]);
  });

  it("answers 429 after five failures for one email", async () => {
    await registerApi(ana);
    for (let i = 0; i < 5; i++)
      expect((await loginApi({ email: "ana@example.com", password: `wrong ${i}` })).status).toBe(401);
    const blocked = await loginApi({ email: "ana@example.com", password: "correct horse" });
    expect(blocked.status).toBe(429);
    await checkedJson(blocked, "/api/dashboard/login", "post");
  });

  it("answers 422 for a missing email and 405 for GET", async () => {
    const missing = await loginApi({ password: "x" });
    expect(missing.status).toBe(422);
    expect((await checkedJson(missing, "/api/dashboard/login", "post")).errors.email).toEqual([
      "Veuillez saisir votre email",
    ]);
    const get = (await loginGet({ request: buildRequest("/api/dashboard/login"), params: {}, context })) as Response;
    expect(get.status).toBe(405);
  });
});

describe("GET /api/dashboard/whoami", () => {
  it("answers 401 without a session or with an unknown token", async () => {
    const none = await whoamiApi({});
    expect(none.status).toBe(401);
    await checkedJson(none, "/api/dashboard/whoami", "get");
    expect((await whoamiApi({ Authorization: "Bearer nope" })).status).toBe(401);
  });
});

describe("POST /api/recovery", () => {
  it("answers the same shape for a known and an unknown email; only the known one gets mail", async () => {
    await registerApi(ana);
    const post = async (email: string) =>
      await answerOf(
        recoveryAction({
          request: buildRequest("/api/recovery", { json: { email } }),
          params: {},
          context,
        }),
      );
    const known = await checkedJson(await post("ana@example.com"), "/api/recovery", "post");
    const unknown = await checkedJson(await post("nobody@example.com"), "/api/recovery", "post");
    expect(known.success).toBe(true);
    expect(unknown.success).toBe(true);
    expect(known.code_id).not.toBe(unknown.code_id);
    expect(await db().select().from(mailOutbox).where(eq(mailOutbox.to, "nobody@example.com"))).toHaveLength(0);
    // The verification email of the registration, then the recovery email.
    expect(await db().select().from(mailOutbox).where(eq(mailOutbox.to, "ana@example.com"))).toHaveLength(2);
  });
});

describe("GET /api/debug/data_page/front-version and /api/openapi.json", () => {
  it("answers the build's version as a string", async () => {
    setBuildVersion("abc123");
    const path = "/api/debug/data_page/front-version";
    const response = await frontVersionLoader({ request: buildRequest(path), params: {}, context: {} });
    expect(await checkedJson(response, path, "get")).toBe("abc123");
  });

  it("publishes an OpenAPI 3.1 document naming every endpoint", async () => {
    const response = await openApiLoader({ request: buildRequest("/api/openapi.json"), params: {}, context: {} });
    const doc = await response.json();
    expect(doc.openapi).toBe("3.1.0");
    expect(Object.keys(doc.paths).sort()).toEqual(Object.keys(openApiDocument(endpoints).paths).sort());
    expect(
      doc.paths["/api/dashboard/register"].post.requestBody.content["application/json"].schema.properties.user.required,
    ).toEqual(expect.arrayContaining(["firstname", "lastname", "birth_date", "email", "password"]));
  });

  it("says which bodies ignore unknown keys, and they do", async () => {
    const doc = openApiDocument(endpoints);
    expect(doc.info.description).toContain("keys an operation does not know are ignored");
    const bodyOf = (path: string) =>
      (doc.paths[path].post as { requestBody: { content: Record<string, { schema: Record<string, unknown> }> } })
        .requestBody.content["application/json"].schema;
    expect(bodyOf("/api/dashboard/login").additionalProperties).toBe(true);
    expect(bodyOf("/api/dashboard/register").additionalProperties).toBe(true);

    const registered = await registerApi({ ...ana, role: "admin" });
    expect(registered.status).toBe(201);
    const signedIn = await loginApi({ email: ana.email, password: ana.password, admin: true });
    expect(signedIn.status).toBe(200);
  });
});
