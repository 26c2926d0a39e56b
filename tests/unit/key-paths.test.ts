import { readdirSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { loggablePath } from "~/.server/http/request-log.server";
import { endpoints } from "~/api/endpoints";
import { maskKeyPaths } from "~/observability/key-paths";
import { scrubEvent } from "~/observability/reporting-options";

/**
 * Every path with a parameter, pages and API alike, either has the parameter masked in the log
 * and in error reports, or is named below as opening nothing by itself (a sign-in and a role stand
 * behind it, or it names public content). A new route with a parameter fails here until it is
 * one or the other.
 */
const NOT_A_KEY: Record<string, string> = {
  "/:*": "the unknown path's splat: whatever was typed, a 404",
  "/api/:*": "the API's splat, each endpoint below",
  "/i18n/:file": "the translation files, public",
  "/builds/meta/:file": "the build's metadata, public",
  "/legal/:page": "the legal pages, public",
  "/author/trainings/:slug/draft.json": "an author's draft: author or admin sign-in",
  "/author/trainings/:slug/file.json": "an author's file: author or admin sign-in",
  "/author/trainings/:slug/history/:number/file.json": "a version's file: author or admin sign-in",
  // Below, the key is masked and what stays is an id that opens nothing without it.
  "/coaching/sessions/:id/earlier/:token": "the session's id, the member's; the offer's token after it is masked",
  "/coach/agenda/:token/sessions/:id": "a session's id, under the agenda's token, masked",
  "/coach/agenda/:token/sessions/:id/move": "a session's id, under the agenda's token, masked",
};
const SIGNED_IN_PREFIXES = ["/admin/", "/author/", "/coach/agenda/sessions/", "/api/"];
const SIGNED_IN_PAGES = [
  "/coaching/:coach_slug",
  "/coaching/:coach_slug/time-zone",
  "/coaching/sessions/:id",
  "/coaching/sessions/:id/prepare",
  "/coaching/sessions/:id/invite.ics",
  "/my_team/:page",
  "/receipts/:number",
  "/training/:training_slug",
  "/training/:training_slug/modules/:module_slug",
  "/training/:training_slug/paid",
  "/training_results/:training_slug/j-embarque",
  "/training_results/:training_slug/my_life_gps",
  "/training/:training_slug/certificate",
  "/training/:training_slug/congratulations",
  "/training/:training_slug/modules/:module_slug/video/:part_slug",
];

/** A route module's URL pattern, by Remix's flat-routes naming (layouts "_x" add no segment). */
function urlOf(file: string): string {
  const name = file.replace(/\.tsx?$/, "");
  const segments = name
    .split(/\.(?![^[]*\])/)
    .filter((segment) => !segment.startsWith("_") || segment === "_index")
    .filter((segment) => segment !== "_index")
    .map((segment) =>
      segment
        .replace(/_$/, "")
        .replace(/\[\.\]/g, ".")
        .replace(/^\$$/, ":*")
        .replace(/^\$/, ":"),
    );
  return `/${segments.join("/")}`;
}

const pages = readdirSync("app/routes").map(urlOf);
const withParameters = [...pages, ...endpoints.map((endpoint) => endpoint.path)].filter((path) => path.includes(":"));
const SAMPLE = "Sample0Key9Value";
const sampleOf = (path: string) =>
  path.replace(/:(\w+|\*)/g, (_all, name: string) => (name === "newPasswordPage" ? `new-password-${SAMPLE}` : SAMPLE));

describe("paths that are keys", () => {
  it("are masked in the request log, or named as opening nothing by themselves", () => {
    expect(withParameters.length).toBeGreaterThan(40);
    const unexplained = withParameters.filter((path) => {
      if (!loggablePath(sampleOf(path)).includes(SAMPLE)) return false;
      if (path in NOT_A_KEY || SIGNED_IN_PAGES.includes(path)) return false;
      return !SIGNED_IN_PREFIXES.some((prefix) => path.startsWith(prefix));
    });
    expect(unexplained).toEqual([]);
  });

  it("mask each link a mail or a page hands out, with its query dropped", () => {
    const keys = {
      "/survey/abcDEF123?x=1": "/survey/[token]",
      "/unsubscribe/7d0c.weekly_digest.c2lnbmF0dXJl": "/unsubscribe/[token]",
      "/coaching/sessions/1b55-e6/earlier/1765000000000.c2ln": "/coaching/sessions/1b55-e6/earlier/[token]",
      "/certificate/Q7Xk2": "/certificate/[id]",
      "/photos/0b5be52e.webp": "/photos/[file]",
      "/coach/agenda/SECRET/sessions.ics": "/coach/agenda/[token]/sessions.ics",
      "/Coach/Session/SECRET/cancel": "/coach/session/[token]/cancel",
      "/setup/first-admin/SECRET": "/setup/first-admin/[token]",
    };
    for (const [path, masked] of Object.entries(keys)) expect(loggablePath(path), path).toBe(masked);
    // The signed-in coach's own session pages name no key and stay readable.
    expect(loggablePath("/coach/agenda/sessions/1b55/move")).toBe("/coach/agenda/sessions/1b55/move");
    expect(loggablePath("/my_team/surveys")).toBe("/my_team/surveys");
  });

  it("are masked inside messages and full URLs, and in error reports", () => {
    expect(maskKeyPaths("GET https://cap.example/unsubscribe/abc.def.ghi failed")).toBe(
      "GET https://cap.example/unsubscribe/[token] failed",
    );
    expect(maskKeyPaths('fetch "/certificate/Q7Xk2"')).toBe('fetch "/certificate/[id]"');
    // Not a key path: a word ending in one, a path that only contains one.
    expect(maskKeyPaths("/my/survey/abc")).toBe("/my/survey/abc");
    const event = scrubEvent({
      request: { url: "https://cap.example/survey/abcDEF123" },
      transaction: "GET /unsubscribe/a.b.c",
      breadcrumbs: [{ message: "navigation to https://cap.example/photos/0b5be52e.webp" }],
    });
    expect(JSON.stringify(event)).not.toMatch(/abcDEF123|a\.b\.c|0b5be52e/);
  });
});
