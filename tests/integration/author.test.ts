import { readFileSync } from "node:fs";
import path from "node:path";
import type { LoaderFunctionArgs } from "@remix-run/node";
import { createElement } from "react";
import { describe, expect, it } from "vitest";
import { db } from "~/.server/db/client.server";
import { trainings } from "~/.server/db/schema.server";
import { screenRequest } from "~/.server/http/route-screen.server";
import { Sidebar } from "~/components/document/sidebar";
import { loader as layoutLoader } from "~/routes/_default";
import { loader as spaceLoader } from "~/routes/_default.author/route";
import { loader as indexLoader } from "~/routes/_default.author._index";
import CheckPage, { action as checkAction, loader as checkLoader } from "~/routes/_default.author.check";
import { loader as outlineLoader } from "~/routes/_default.author.trainings.$slug._index";
import { loader as listLoader } from "~/routes/_default.author.trainings._index";
import { loader as fileLoader } from "~/routes/author.trainings.$slug.file[.]json";
import { renderPage } from "../support/accounts";
import { buildRequest, callWith, dataOf, getAs, headerOf, ORIGIN, statusOf } from "../support/http";
import { withRole } from "../support/roles";

/**
 * Issue 26, first slice: the author space. Authors and admins reach it; a plain member and a coach
 * get the 404 of an unknown path from every loader and action. It lists the trainings, shows an
 * outline, hands out a training's file as the repository has it, and checks a file, storing nothing.
 */
type Routed = (args: LoaderFunctionArgs) => unknown;

const trainingsFolder = path.join(process.cwd(), "app/content/trainings");
const seededFile = (slug: string) => JSON.parse(readFileSync(path.join(trainingsFolder, `${slug}.json`), "utf8"));

function checkRequest(content: string | Buffer | null, cookie: string, lang: "fr" | "en" = "fr") {
  const form = new FormData();
  if (content !== null)
    form.set(
      "file",
      new File([typeof content === "string" ? content : new Uint8Array(content)], "training.json", {
        type: "application/json",
      }),
    );
  return new Request(new URL("/author/check", ORIGIN), {
    method: "POST",
    headers: { Cookie: cookie, "Accept-Language": lang, Host: "localhost:3000" },
    body: form,
  });
}

function check(content: string | Buffer | null, cookie: string, lang: "fr" | "en" = "fr") {
  return callWith(checkAction, checkRequest(content, cookie, lang));
}

type Line = { slug: string; title: { fr: string; en: string }; kind: string; archived: boolean; modules: number };

describe("the author space refuses whoever is neither author nor admin", () => {
  it("a plain member and a coach get 404 from every /author loader, action and file", async () => {
    const plain = await withRole("plain@example.com", null);
    const coach = await withRole("coach@example.com", "coach");
    const before = await db().select().from(trainings);
    const valid = readFileSync(path.join(trainingsFolder, "capitaine.json"));
    for (const visitor of [plain, coach]) {
      const pages: Array<[Routed, string, Record<string, string>]> = [
        [spaceLoader, "/author", {}],
        [indexLoader, "/author", {}],
        [listLoader, "/author/trainings", {}],
        [outlineLoader, "/author/trainings/capitaine", { slug: "capitaine" }],
        [fileLoader, "/author/trainings/capitaine/file.json", { slug: "capitaine" }],
        [checkLoader, "/author/check", {}],
      ];
      for (const [loader, pathname, params] of pages) {
        expect(statusOf(await getAs(loader, pathname, visitor.cookie, params)), pathname).toBe(404);
      }
      expect(statusOf(await check(valid, visitor.cookie)), "check").toBe(404);
    }
    expect(await db().select().from(trainings)).toEqual(before);
  });

  it("a visitor is sent to sign in", async () => {
    const answer = await callWith(listLoader, buildRequest("/author/trainings"));
    expect(statusOf(answer)).toBe(302);
    expect(headerOf(answer, "Location")).toBe("/home/login?redirect_after=%2Fauthor%2Ftrainings");
  });

  it("the sidebar's Writing link is for authors and admins (the layout hands it their roles)", async () => {
    const author = await withRole("author@example.com", "author");
    expect((await dataOf<{ roles: string[] }>(await getAs(layoutLoader, "/", author.cookie))).roles).toEqual([
      "author",
    ]);
    const sidebarOf = (roles: string[]) =>
      renderPage(() => createElement(Sidebar, { member: { firstname: "A", lastname: "B", photoUrl: null, roles } }), {
        path: "/",
        loaderData: {},
      });
    for (const roles of [["author"], ["admin"], ["coach", "author"]]) {
      expect(await sidebarOf(roles), roles.join()).toContain('href="/author"');
    }
    for (const roles of [[], ["coach"]]) {
      expect(await sidebarOf(roles), roles.join()).not.toContain('href="/author"');
    }
    expect(await sidebarOf(["author"])).toContain(">Rédaction<");
  });
});

describe("the trainings, as an author or an admin sees them", () => {
  it("lists every training and test in the members' order, archived ones too, with both titles", async () => {
    const author = await withRole("author@example.com", "author");
    const admin = await withRole("admin@example.com", "admin");
    const files = ["cap-2024", "capitaine", "gps-de-ma-vie", "j-embarque", "le-point-gps", "tenir-le-cap"].map(
      seededFile,
    );
    const expected = files
      .sort((a, b) => a.order - b.order)
      .map((file) => ({
        slug: file.slug,
        title: file.title,
        kind: file.kind,
        archived: file.archived ?? false,
        modules: file.modules.length,
      }));
    for (const visitor of [author, admin]) {
      const { trainings: lines } = await dataOf<{ trainings: Line[] }>(
        await getAs(listLoader, "/author/trainings", visitor.cookie),
      );
      expect(
        lines.map(({ slug, title, kind, archived, modules }) => ({ slug, title, kind, archived, modules })),
      ).toEqual(expected);
    }
    expect(expected.some((line) => line.archived)).toBe(true);
    expect(headerOf(await getAs(indexLoader, "/author", author.cookie), "Location")).toBe("/author/trainings");
  });

  it("shows a training's outline: modules, parts and quiz questions in both languages; an unknown slug is a 404", async () => {
    const author = await withRole("author@example.com", "author");
    type Outline = { training: { outline: { title: { fr: string }; parts: unknown[]; questions: number }[] } };
    const { training } = await dataOf<Outline>(
      await getAs(outlineLoader, "/author/trainings/capitaine", author.cookie, { slug: "capitaine" }),
    );
    const file = seededFile("capitaine");
    expect(training.outline.map((module) => module.title.fr)).toEqual(
      file.modules.map((module: { title: { fr: string } }) => module.title.fr),
    );
    expect(training.outline[0]!.questions).toBe(file.modules[0].quiz.questions.length);
    for (const slug of ["nope", "x".repeat(65)]) {
      expect(statusOf(await getAs(outlineLoader, `/author/trainings/${slug}`, author.cookie, { slug }))).toBe(404);
      expect(statusOf(await getAs(fileLoader, `/author/trainings/${slug}/file.json`, author.cookie, { slug }))).toBe(
        404,
      );
    }
  });

  it("hands out each training's file as the repository has it, to download and never cached", async () => {
    const admin = await withRole("admin@example.com", "admin");
    for (const slug of ["capitaine", "tenir-le-cap", "cap-2024"]) {
      const answer = (await getAs(fileLoader, `/author/trainings/${slug}/file.json`, admin.cookie, {
        slug,
      })) as Response;
      expect(answer.status).toBe(200);
      expect(answer.headers.get("Content-Disposition")).toBe(`attachment; filename="${slug}.json"`);
      expect(answer.headers.get("Cache-Control")).toBe("no-store");
      expect(JSON.parse(await answer.text())).toEqual(seededFile(slug));
    }
  });
});

describe("checking a training file", () => {
  type Checked = { ok: boolean; title?: string; modules?: number; errors?: { path: string; message: string }[] };

  it("says a valid file is valid, with its counts, in the member's language", async () => {
    const author = await withRole("author@example.com", "author");
    const answer = await check(readFileSync(path.join(trainingsFolder, "capitaine.json")), author.cookie, "en");
    expect(statusOf(answer)).toBe(200);
    expect(await dataOf<Checked>(answer)).toMatchObject({ ok: true, title: "What kind of captain am I?", modules: 1 });
    const loaderData = await dataOf<object>(await getAs(checkLoader, "/author/check", author.cookie));
    const html = await renderPage(CheckPage, {
      path: "/author/check",
      lang: "en",
      loaderData,
      actionData: await dataOf<object>(answer),
    });
    expect(html).toContain("This file is valid: “What kind of captain am I?”, 1 module, 1 part, 8 quiz questions.");
  });

  it("lists a broken file's mistakes with their JSON paths, in French or English, and stores nothing", async () => {
    const author = await withRole("author@example.com", "author");
    const before = await db().select().from(trainings);
    const broken = seededFile("capitaine");
    broken.modules[0].quiz.questions[0].max = 9;
    delete broken.title.en;
    const fr = await check(JSON.stringify(broken), author.cookie, "fr");
    expect(statusOf(fr)).toBe(422);
    const { errors } = await dataOf<Checked>(fr);
    expect(errors).toEqual([
      { path: "title.en", message: "le texte en anglais manque" },
      { path: "modules[0].quiz.questions[0].max", message: "le maximum (9) dépasse le nombre de réponses (4)" },
    ]);
    const en = await dataOf<Checked>(await check(JSON.stringify(broken), author.cookie, "en"));
    expect(en.errors?.[1]?.message).toBe("the maximum (9) is above the number of answers (4)");

    // What a browser without JavaScript shows after the post.
    const loaderData = await dataOf<object>(await getAs(checkLoader, "/author/check", author.cookie));
    const html = await renderPage(CheckPage, {
      path: "/author/check",
      loaderData,
      actionData: await dataOf<object>(fr),
    });
    expect(html).toContain("Ce fichier a 2 erreurs");
    expect(html).toContain("modules[0].quiz.questions[0].max");
    expect(html).toContain("le maximum (9) dépasse le nombre de réponses (4)");
    expect(await db().select().from(trainings)).toEqual(before);
  });

  it("tells a file that is not JSON, and a post without a file, with a 4xx and a message", async () => {
    const author = await withRole("author@example.com", "author");
    const notJson = await check('{\n  "slug": "x",\n  oops\n}', author.cookie);
    expect(statusOf(notJson)).toBe(422);
    expect((await dataOf<Checked>(notJson)).errors).toEqual([
      { path: "", message: "ce n’est pas du JSON valide (ligne 3)" },
    ]);
    const none = await check(null, author.cookie, "en");
    expect(statusOf(none)).toBe(400);
    expect((await dataOf<Checked>(none)).errors).toEqual([{ path: "", message: "Choose a JSON file." }]);
  });

  it("refuses a file over the form limit at the door, with a translated 413, before the action reads it", async () => {
    const oversize = checkRequest(Buffer.alloc(100 * 1024, " "), "", "fr");
    const refused = await screenRequest(oversize, "action").catch((thrown) => thrown as Response);
    expect(refused).toBeInstanceOf(Response);
    expect((refused as Response).status).toBe(413);
    expect(await (refused as Response).text()).toBe("Cet envoi est trop volumineux (64 Ko au plus).");
    // Today's largest file, with the form around it, passes.
    const largest = checkRequest(readFileSync(path.join(trainingsFolder, "j-embarque.json")), "", "fr");
    expect(await screenRequest(largest, "action")).toBeInstanceOf(Request);
  });
});
