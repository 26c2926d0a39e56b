import { describe, expect, it } from "vitest";
import { languageCookie } from "~/.server/i18n/i18n.server";
import { databaseIsHealthy } from "~/.server/db/client.server";
import { loader as rootLoader } from "~/root";
import { action as languageAction } from "~/routes/language";
import { loader as notFoundLoader } from "~/routes/$";
import { loader as apiNotFoundLoader } from "~/routes/api.$";
import { buildRequest, call, cookiesOf, dataOf, headerOf, statusOf } from "../support/http";

describe("language", () => {
  it("is French by default, then Accept-Language, then the lng cookie", async () => {
    expect(await rootLoader({ request: buildRequest("/home"), params: {}, context: {} })).toMatchObject({
      locale: "fr",
    });
    const english = buildRequest("/home", { headers: { "Accept-Language": "en-GB,en;q=0.9" } });
    expect(await rootLoader({ request: english, params: {}, context: {} })).toMatchObject({ locale: "en" });
    const german = buildRequest("/home", { headers: { "Accept-Language": "de" } });
    expect(await rootLoader({ request: german, params: {}, context: {} })).toMatchObject({ locale: "fr" });
    const chosen = (await languageCookie.serialize("fr")).split(";")[0];
    const cookie = buildRequest("/home", { headers: { "Accept-Language": "en" }, cookie: chosen });
    expect(await rootLoader({ request: cookie, params: {}, context: {} })).toMatchObject({ locale: "fr" });
  });

  it("switching sets the cookie and goes back to the same page", async () => {
    const answer = await call(
      languageAction,
      buildRequest("/language", { form: { lng: "en", redirectTo: "/home/who-are-you?x=1" } }),
    );
    expect(statusOf(answer)).toBe(303);
    expect(headerOf(answer, "Location")).toBe("/home/who-are-you?x=1");
    const setCookie = headerOf(answer, "Set-Cookie") ?? "";
    expect(setCookie).toMatch(/^lng=/);
    expect(setCookie).toMatch(/HttpOnly/i);
    expect(setCookie).toMatch(/SameSite=Lax/i);
    const next = buildRequest("/home", { cookie: cookiesOf(answer) });
    expect(await rootLoader({ request: next, params: {}, context: {} })).toMatchObject({ locale: "en" });
  });

  it("never sends the visitor to another origin, and ignores an unknown language", async () => {
    const external = await call(
      languageAction,
      buildRequest("/language", { form: { lng: "en", redirectTo: "//evil.example" } }),
    );
    expect(headerOf(external, "Location")).toBe("/");
    const unknown = await call(languageAction, buildRequest("/language", { form: { lng: "de", redirectTo: "/home" } }));
    expect(headerOf(unknown, "Location")).toBe("/home");
    expect(headerOf(unknown, "Set-Cookie")).toBeNull();
  });
});

describe("unknown paths", () => {
  it("answer 404 with Page not found: {path}", async () => {
    const answer = await call(notFoundLoader, buildRequest("/nope"));
    expect(statusOf(answer)).toBe(404);
    expect(await dataOf(answer)).toEqual({ message: "Page not found: /nope", path: "/nope" });
  });

  it("under /api/ answer the API's JSON error shape", async () => {
    const answer = await call(apiNotFoundLoader, buildRequest("/api/nope"));
    expect(statusOf(answer)).toBe(404);
    expect(await dataOf(answer)).toEqual({ errors: { base: ["Page not found: /api/nope"] } });
  });
});

describe("database", () => {
  it("answers the health query", async () => {
    expect(await databaseIsHealthy()).toBe(true);
  });
});
