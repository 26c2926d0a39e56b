import { describe, expect, it } from "vitest";
import { loader as rootLoader } from "~/root";
import { loader as stringsLoader } from "~/routes/i18n.$file";
import { resources } from "~/locales/resources";
import { buildRequest, dataOf } from "../support/http";

/**
 * Issue 14: a page's strings are no longer written into every page; the browser fetches its
 * language's strings once, from a file named by their content, cached for good.
 */
async function hrefsFor(lang: "fr" | "en") {
  const root = await dataOf<{ locale: string; strings: { member: string; staff: string } }>(
    await rootLoader({
      request: buildRequest("/home", { headers: { "Accept-Language": lang } }),
      params: {},
      context: {},
    }),
  );
  expect(root.locale).toBe(lang);
  return root.strings;
}

const hrefFor = async (lang: "fr" | "en") => (await hrefsFor(lang)).member;

function fetchStrings(href: string) {
  const file = href.replace(/^\/i18n\//, "");
  return stringsLoader({ request: buildRequest(href), params: { file }, context: {} });
}

describe("page strings", () => {
  it("are one immutable file per language: the page's language, its namespaces, never the emails'", async () => {
    const fr = await hrefFor("fr");
    const en = await hrefFor("en");
    expect(fr).toMatch(/^\/i18n\/fr\.[0-9a-f]{12}\.json$/);
    expect(en).toMatch(/^\/i18n\/en\.[0-9a-f]{12}\.json$/);

    const answer = fetchStrings(fr);
    expect(answer.status).toBe(200);
    expect(answer.headers.get("Cache-Control")).toBe("public, max-age=31536000, immutable");
    expect(answer.headers.get("Content-Type")).toMatch(/^application\/json/);
    const strings = await answer.json();
    expect(strings.common).toEqual(resources.fr.common);
    expect(strings.profile).toEqual(resources.fr.profile);
    expect(strings).not.toHaveProperty("mail");
    expect((await fetchStrings(en).json()).common).toEqual(resources.en.common);
  });

  it("leave the author and admin spaces' strings out of members' file; the staff's file has every page namespace", async () => {
    const { member, staff } = await hrefsFor("fr");
    expect(staff).toMatch(/^\/i18n\/fr\.[0-9a-f]{12}\.json$/);
    expect(staff).not.toBe(member);
    const memberStrings = await fetchStrings(member).json();
    const staffStrings = await fetchStrings(staff).json();
    expect(memberStrings).not.toHaveProperty("author");
    expect(memberStrings).not.toHaveProperty("admin");
    expect(memberStrings.trainings).toEqual(resources.fr.trainings);
    expect(staffStrings.author).toEqual(resources.fr.author);
    expect(staffStrings.admin).toEqual(resources.fr.admin);
    expect(staffStrings).not.toHaveProperty("mail");
    // A member's first page downloads a third less since the author space.
    expect(JSON.stringify(memberStrings).length).toBeLessThan(0.75 * JSON.stringify(staffStrings).length);
  });

  it("answers 404, not cached, for a file that is not the current one", async () => {
    const fr = await hrefFor("fr");
    for (const stale of [fr.replace(/\.[0-9a-f]{12}\./, ".000000000000."), "/i18n/de.0123456789ab.json", "/i18n/x"]) {
      const answer = fetchStrings(stale);
      expect(answer.status, stale).toBe(404);
      expect(answer.headers.get("Cache-Control")).toBe("no-store");
    }
  });
});
