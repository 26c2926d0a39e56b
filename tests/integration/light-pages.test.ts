import { createRequestHandler, type ServerBuild } from "@remix-run/node";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { db } from "~/.server/db/client.server";
import { appUsers } from "~/.server/db/schema.server";
import * as entryServer from "~/entry.server";
import { resources } from "~/locales/resources";
import * as root from "~/root";
import * as signedInLayout from "~/routes/_default";
import * as profile from "~/routes/_default.profile/route";
import * as publicLayout from "~/routes/_home";
import * as comingSoon from "~/routes/_home.coming-soon";
import { type TestMember, verifiedMember } from "../support/accounts";
import { buildRequest, callWith, dataOf, headerOf, statusOf } from "../support/http";

/**
 * Issue 27, target 7: light pages. A browser sending `Save-Data: on`, or a member who chose light
 * pages on their profile, gets documents without any script — no module, no modulepreload, no
 * inline script — and every page still renders whole. The documents come from Remix's own request
 * handler over the app's entry, root, layouts and pages, as a browser receives them.
 */
type Module = Record<string, unknown>;
const pages: [id: string, parentId: string | undefined, path: string | undefined, module: Module][] = [
  ["root", undefined, "", root],
  ["routes/_home", "root", undefined, publicLayout],
  ["routes/_home.coming-soon", "routes/_home", "coming-soon", comingSoon],
  ["routes/_default", "root", undefined, signedInLayout],
  ["routes/_default.profile", "routes/_default", "profile", profile],
];

const build = {
  mode: "production",
  entry: { module: entryServer },
  routes: Object.fromEntries(pages.map(([id, parentId, path, module]) => [id, { id, parentId, path, module }])),
  assets: {
    url: "/build/manifest-test.js",
    version: "test",
    entry: { module: "/build/entry.client-test.js", imports: ["/build/_shared/chunk-test.js"] },
    routes: Object.fromEntries(
      pages.map(([id, parentId, path, module]) => [
        id,
        {
          id,
          parentId,
          path,
          module: `/build/${id}-test.js`,
          imports: [],
          hasLoader: "loader" in module,
          hasAction: "action" in module,
          hasClientLoader: false,
          hasClientAction: false,
          hasErrorBoundary: "ErrorBoundary" in module,
        },
      ]),
    ),
  },
  publicPath: "/build/",
  assetsBuildDirectory: "public/build",
  future: { v3_fetcherPersist: true, v3_relativeSplatPath: true, v3_singleFetch: true },
  isSpaMode: false,
} as unknown as ServerBuild;

const handle = createRequestHandler(build, "production");

function get(path: string, options: { cookie?: string; saveData?: string } = {}) {
  const headers: Record<string, string> = { "Accept-Language": "fr" };
  if (options.saveData) headers["Save-Data"] = options.saveData;
  return handle(buildRequest(path, { cookie: options.cookie, headers }));
}

async function page(path: string, options: { cookie?: string; saveData?: string } = {}) {
  const answer = await get(path, options);
  expect(answer.status, path).toBe(200);
  return { html: await answer.text(), vary: answer.headers.get("Vary") ?? "" };
}

/**
 * Whatever a browser would run or fetch for a script: script elements, the modules announced or
 * imported (the loader of scripts-after-paint.server.ts imports them once the page is painted), and
 * the page's strings, asked for by a preload in the page or by the loader.
 */
function scriptsIn(html: string) {
  return {
    scripts: (html.match(/<script/gi) ?? []).length,
    modules: (html.match(/rel="modulepreload"|"\/build\/[^"]+\.js"/g) ?? []).length,
    stringsPreload: /<link rel="preload"[^>]*as="fetch"|preload\("\/i18n\//.test(html),
    stringsAttribute: html.includes("data-strings="),
  };
}
const NONE = { scripts: 0, modules: 0, stringsPreload: false, stringsAttribute: false };

function choose(member: TestMember, lightPages: "on" | undefined) {
  const form: Record<string, string> = { intent: "lightPages" };
  if (lightPages) form.lightPages = lightPages;
  return callWith(profile.action, buildRequest("/profile", { form, cookie: member.cookie }));
}

async function savedPreference(member: TestMember) {
  const [row] = await db()
    .select({ lightPages: appUsers.lightPages })
    .from(appUsers)
    .where(eq(appUsers.id, member.memberId));
  return row.lightPages;
}

const fr = resources.fr.profile;

describe("light pages for a browser that saves data", () => {
  it("a public page carries its scripts without the header, none with Save-Data: on, and says Vary: Save-Data", async () => {
    const usual = await page("/coming-soon");
    const usualScripts = scriptsIn(usual.html);
    expect(usualScripts.scripts).toBeGreaterThan(0);
    expect(usualScripts.modules).toBeGreaterThan(0);
    expect(usualScripts.stringsPreload).toBe(true);
    expect(usual.vary).toMatch(/\bSave-Data\b/);

    for (const saveData of ["on", "On", " on ", "on; ect=2g"]) {
      const light = await page("/coming-soon", { saveData });
      expect(scriptsIn(light.html), saveData).toEqual(NONE);
      expect(light.vary).toMatch(/\bSave-Data\b/);
      // The page itself is whole: its title, its header and its links.
      expect(light.html).toContain(`<h1>${resources.fr.home.comingSoon.title}</h1>`);
      expect(light.html).toContain('href="/home/login"');
    }
    // Any other value is not a request to save data.
    expect(scriptsIn((await page("/coming-soon", { saveData: "off" })).html).scripts).toBeGreaterThan(0);
  });

  it("the root's data says which, for the browser's header alone and the member's choice", async () => {
    const rootData = async (headers: Record<string, string>) =>
      (await dataOf<{ light: boolean }>(await callWith(root.loader, buildRequest("/coming-soon", { headers })))).light;
    expect(await rootData({})).toBe(false);
    expect(await rootData({ "Save-Data": "on" })).toBe(true);

    const member = await verifiedMember();
    expect(await rootData({ Cookie: member.cookie })).toBe(false);
    await choose(member, "on");
    expect(await rootData({ Cookie: member.cookie })).toBe(true);
    expect(await rootData({ Cookie: member.cookie, "Save-Data": "on" })).toBe(true);
  });

  it("a client navigation's data says Vary: Save-Data too", async () => {
    const answer = await get("/coming-soon.data");
    expect(answer.status).toBe(200);
    expect(answer.headers.get("Vary")).toMatch(/\bSave-Data\b/);
  });
});

describe("light pages chosen on the profile", () => {
  it("are off at first; turned on, the member's pages carry no script; turned off, the scripts are back", async () => {
    const member = await verifiedMember();
    const before = await page("/profile", { cookie: member.cookie });
    expect(scriptsIn(before.html).scripts).toBeGreaterThan(0);
    expect(before.html).toContain(fr.lightPages.isOff);

    const on = await choose(member, "on");
    expect(statusOf(on)).toBe(303);
    expect(headerOf(on, "Location")).toBe("/profile?saved=lightPagesOn");
    expect(await savedPreference(member)).toBe(true);

    const light = await page("/profile?saved=lightPagesOn", { cookie: member.cookie });
    expect(scriptsIn(light.html)).toEqual(NONE);
    expect(light.html).toContain(fr.saved.lightPagesOn);
    expect(light.html).toContain(fr.lightPages.isOn);
    // Every form of the page still posts natively (the light-pages one included, ticked).
    expect(light.html).toMatch(
      /<form[^>]*method="post"[^>]*id="light-pages"|<form[^>]*id="light-pages"[^>]*method="post"/,
    );
    expect(light.html).toMatch(/<input[^>]*name="lightPages"[^>]*checked/);
    // Public pages are light for the member as well.
    expect(scriptsIn((await page("/coming-soon", { cookie: member.cookie })).html)).toEqual(NONE);

    const off = await choose(member, undefined);
    expect(headerOf(off, "Location")).toBe("/profile?saved=lightPagesOff");
    expect(await savedPreference(member)).toBe(false);
    const back = await page("/profile", { cookie: member.cookie });
    expect(scriptsIn(back.html).scripts).toBeGreaterThan(0);
    expect(back.html).toContain(fr.lightPages.isOff);
  });

  it("are one member's choice: another member's pages keep their scripts", async () => {
    const light = await verifiedMember({ email: "legere@example.com" });
    const other = await verifiedMember({ email: "autre@example.com" });
    await choose(light, "on");
    expect(scriptsIn((await page("/profile", { cookie: light.cookie })).html)).toEqual(NONE);
    expect(scriptsIn((await page("/profile", { cookie: other.cookie })).html).scripts).toBeGreaterThan(0);
  });

  it("a value that is not the checkbox's is refused with a message and changes nothing", async () => {
    const member = await verifiedMember();
    const answer = await choose(member, "maybe" as "on");
    expect(statusOf(answer)).toBe(400);
    expect((await dataOf<{ error: Record<string, string[]> }>(answer)).error.lightPages).toEqual([
      "profile:errors.lightPagesInvalid",
    ]);
    expect(await savedPreference(member)).toBe(false);
    expect(fr.errors.lightPagesInvalid).toBeTruthy();
    expect(resources.en.profile.errors.lightPagesInvalid).toBeTruthy();
  });
});
