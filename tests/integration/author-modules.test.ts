import type { LoaderFunctionArgs, ServerBuild } from "@remix-run/node";
import sharp from "sharp";
import { createElement } from "react";
import { describe, expect, it, vi } from "vitest";
import { VIDEO_MAX_BYTES } from "~/.server/authoring/media.server";
import { db } from "~/.server/db/client.server";
import { rateLimitEvents, trainingDrafts, uploads } from "~/.server/db/schema.server";
import { doorRefusal } from "~/.server/http/door-refusal.server";
import { screenHead } from "~/.server/http/request-screen.server";
import { securityHeaders } from "~/.server/http/security-headers.server";
import { env } from "~/.server/config/env.server";
import { ModulePart } from "~/components/presentational/module-part";
import { servedBuild } from "~/.server/runtime/served-build.server";
import { readDraft } from "~/.server/authoring/drafts.server";
import ModuleEditor, {
  action as moduleAction,
  loader as moduleLoader,
} from "~/routes/_default.author.trainings.$slug.modules.$module._index/route";
import PartEditor, {
  action as partAction,
  loader as partLoader,
} from "~/routes/_default.author.trainings.$slug.modules.$module.parts.$part/route";
import ModulesPage, {
  action as modulesAction,
  loader as modulesLoader,
} from "~/routes/_default.author.trainings.$slug.modules._index";
import { loader as uploadLoader } from "~/routes/uploads.$file";
import { renderPage, type TestMember } from "../support/accounts";
import { buildRequest, callWith, dataOf, getAs, headerOf, ORIGIN, postAs, statusOf } from "../support/http";
import { withRole } from "../support/roles";

vi.mock("~/.server/runtime/lifecycle.server", () => ({ lifecycle: { start: async () => undefined } }));

/**
 * Issue 26 item 2 (and item 8's bounds for it): an author adds, edits, moves and removes a
 * training's modules and parts in its draft; a video part takes an https address or an uploaded
 * file, a poster through the image pipeline and captions checked as WebVTT; uploads are served at
 * /uploads/<id>.<ext> by ranges. Members and coaches get 404 everywhere.
 */
const TRAINING = "tenir-le-cap";
const MODULE = "tenir-ses-engagements";
const MODULES = `/author/trainings/${TRAINING}/modules`;
const MODULE_PAGE = `${MODULES}/${MODULE}`;
const PART_PAGE = (part: string) => `${MODULE_PAGE}/parts/${part}`;

type Routed = (args: LoaderFunctionArgs) => unknown;

const paramsOf = (part?: string) => ({ slug: TRAINING, module: MODULE, ...(part ? { part } : {}) });

const post = (action: Routed, pathname: string, cookie: string, params: Record<string, string>, form: object) =>
  postAs(action, pathname, cookie, form as Record<string, string>, params);

function upload(
  pathname: string,
  cookie: string,
  fields: Record<string, string>,
  file: { bytes: Buffer; name: string; type: string } | null,
) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.set(name, value);
  if (file) form.set("file", new File([new Uint8Array(file.bytes)], file.name, { type: file.type }));
  const request = new Request(new URL(pathname, ORIGIN), {
    method: "POST",
    headers: { Cookie: cookie, Host: "localhost:3000" },
    body: form,
  });
  return callWith(partAction as Routed, request, { params: paramsOf(pathname.split("/").pop()) });
}

async function revision(): Promise<string> {
  return String((await readDraft(TRAINING))!.revision);
}

/** A post of the modules list by `who`, at the draft's current revision unless the form names one. */
async function postModules(who: { cookie: string }, form: Record<string, string>) {
  return post(modulesAction, MODULES, who.cookie, { slug: TRAINING }, { revision: await revision(), ...form });
}

async function draftModule(slug = MODULE) {
  return (await readDraft(TRAINING))!.content.modules.find((module) => module.slug === slug);
}

/** A small MP4's first bytes: an ISO-BMFF "ftyp" box, then anything. */
const mp4 = (size = 4096) =>
  Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from("ftypisom"), Buffer.alloc(12), Buffer.alloc(size - 24, 7)]);

const VTT = "WEBVTT\r\n\r\n00:01.000 --> 00:04.000\r\nBonjour à bord.\r\n";

async function addVideoPart(author: TestMember, slug = "la-video") {
  const answer = await post(moduleAction, MODULE_PAGE, author.cookie, paramsOf(), {
    intent: "addPart",
    revision: await revision(),
    kind: "video",
    titleFr: "La vidéo",
    titleEn: "The video",
    slug,
  });
  expect(statusOf(answer)).toBe(303);
  return slug;
}

describe("the modules pages refuse whoever is neither author nor admin", () => {
  it("a plain member and a coach get 404 from every loader and action, and change nothing", async () => {
    const plain = await withRole("plain@example.com", null);
    const coach = await withRole("coach@example.com", "coach");
    const before = await readDraft(TRAINING);
    const part = "la-force-des-petits-pas";
    for (const visitor of [plain, coach]) {
      const pages: Array<[Routed, string, Record<string, string>]> = [
        [modulesLoader, MODULES, { slug: TRAINING }],
        [moduleLoader, MODULE_PAGE, paramsOf()],
        [partLoader, PART_PAGE(part), paramsOf(part)],
      ];
      for (const [loader, pathname, params] of pages)
        expect(statusOf(await getAs(loader, pathname, visitor.cookie, params)), pathname).toBe(404);
      const rev = String(before!.revision);
      const actions: Array<[Routed, string, Record<string, string>, object]> = [
        [modulesAction, MODULES, { slug: TRAINING }, { intent: "add", revision: rev, titleFr: "Intrus" }],
        [modulesAction, MODULES, { slug: TRAINING }, { intent: "remove", revision: rev, slug: MODULE }],
        [moduleAction, MODULE_PAGE, paramsOf(), { intent: "module", revision: rev, hours: "2", access: "free" }],
        [moduleAction, MODULE_PAGE, paramsOf(), { intent: "removePart", revision: rev, slug: part }],
        [partAction, PART_PAGE(part), paramsOf(part), { intent: "part", revision: rev, titleFr: "Intrus" }],
      ];
      for (const [action, pathname, params, form] of actions)
        expect(statusOf(await post(action, pathname, visitor.cookie, params, form)), pathname).toBe(404);
      const file = { bytes: mp4(), name: "v.mp4", type: "video/mp4" };
      expect(statusOf(await upload(PART_PAGE(part), visitor.cookie, { intent: "video", revision: rev }, file))).toBe(
        404,
      );
    }
    expect((await readDraft(TRAINING))!.revision).toBe(before!.revision);
    expect(await db().select({ id: uploads.id }).from(uploads)).toEqual([]);
  });

  it("a large upload from a member without the role is answered 404 before its body is read", async () => {
    const plain = await withRole("plain@example.com", null);
    const build = servedBuild({
      routes: { part: { id: "part", path: "author/*", module: { action: partAction } } },
    } as unknown as ServerBuild);
    let chunks = 0;
    const body = new ReadableStream<Uint8Array>(
      {
        pull(controller) {
          chunks++;
          controller.enqueue(new Uint8Array(64 * 1024));
          if (chunks > 100) controller.close();
        },
      },
      { highWaterMark: 0 },
    );
    const request = new Request(new URL(PART_PAGE("la-force-des-petits-pas"), ORIGIN), {
      method: "POST",
      headers: {
        Host: "localhost:3000",
        Cookie: plain.cookie,
        "Content-Type": "multipart/form-data; boundary=x",
        "Content-Length": String(20 * 1024 * 1024),
      },
      body,
      duplex: "half",
    } as RequestInit);
    const answer = await callWith(build.routes.part!.module.action as Routed, request, {
      params: paramsOf("la-force-des-petits-pas"),
    });
    expect(statusOf(answer)).toBe(404);
    expect(chunks).toBe(0);
  });

  it("an author over the hour's uploads is refused 429 at the door, before the body is read", async () => {
    const author = await withRole("author@example.com", "author");
    await db()
      .insert(rateLimitEvents)
      .values(Array.from({ length: 60 }, () => ({ bucket: "media-upload", key: author.memberId })));
    const build = servedBuild({
      routes: { part: { id: "part", path: "author/*", module: { action: partAction } } },
    } as unknown as ServerBuild);
    const request = new Request(new URL(PART_PAGE("la-force-des-petits-pas"), ORIGIN), {
      method: "POST",
      headers: {
        Host: "localhost:3000",
        Cookie: author.cookie,
        "Content-Type": "multipart/form-data; boundary=x",
        "Content-Length": String(20 * 1024 * 1024),
      },
      body: new Uint8Array(16),
    });
    const answer = await callWith(build.routes.part!.module.action as Routed, request);
    expect(statusOf(answer)).toBe(429);
    expect(await (answer as Response).text()).toBe(
      "Vous avez envoyé beaucoup de fichiers cette heure-ci : réessayez plus tard.",
    );
  });

  it("the door takes a 25 MB video on a part's page and refuses more, with its own message", async () => {
    const head = (length: number, target = PART_PAGE("la-video")) => ({
      method: "POST",
      target,
      headers: new Headers({
        Host: "localhost:3000",
        "Content-Type": "multipart/form-data; boundary=x",
        "Content-Length": String(length),
      }),
    });
    expect(screenHead(head(VIDEO_MAX_BYTES + 64 * 1024))).toBeNull();
    expect(screenHead(head(40 * 1024 * 1024))).toBe(413);
    // Elsewhere in the author space, a form's 64 KB.
    expect(screenHead(head(1024 * 1024, MODULE_PAGE))).toBe(413);
    const refused = await doorRefusal(413, PART_PAGE("la-video"), "fr");
    expect(await refused.text()).toBe("Ce fichier est trop lourd : une vidéo fait 25 Mo au plus.");
  });

  it("forged training, module and part slugs are 404s", async () => {
    const author = await withRole("author@example.com", "author");
    for (const slug of ["nope", "x".repeat(300)]) {
      expect(statusOf(await getAs(modulesLoader, MODULES, author.cookie, { slug }))).toBe(404);
      expect(statusOf(await getAs(moduleLoader, MODULE_PAGE, author.cookie, { slug: TRAINING, module: slug }))).toBe(
        404,
      );
      expect(statusOf(await getAs(partLoader, PART_PAGE(slug), author.cookie, paramsOf(slug)))).toBe(404);
      const file = { bytes: mp4(), name: "v.mp4", type: "video/mp4" };
      const rev = await revision();
      expect(statusOf(await upload(PART_PAGE(slug), author.cookie, { intent: "video", revision: rev }, file))).toBe(
        404,
      );
      const gone = await post(
        moduleAction,
        `${MODULES}/${slug}`,
        author.cookie,
        { slug: TRAINING, module: slug },
        {
          intent: "module",
          revision: rev,
          hours: "1",
          access: "free",
        },
      );
      expect(statusOf(gone)).toBe(404);
    }
    expect(await db().select({ id: uploads.id }).from(uploads)).toEqual([]);
  });
});

describe("the modules list", () => {
  it("adds a module (its slug from the French title), moves it up, and removes it after a confirmation", async () => {
    const author = await withRole("author@example.com", "author");
    const added = await postModules(author, {
      intent: "add",
      titleFr: "Épreuve n°1 : garder le cap",
      titleEn: "Trial 1",
    });
    expect(statusOf(added)).toBe(303);
    expect(headerOf(added, "Location")).toBe(`${MODULES}?saved=added`);
    const slugs = () => readDraft(TRAINING).then((draft) => draft!.content.modules.map((module) => module.slug));
    expect(await slugs()).toEqual([
      "tenir-ses-engagements",
      "traverser-les-tempetes",
      "appeler-son-equipage",
      "epreuve-n-1-garder-le-cap",
    ]);
    const again = await postModules(author, { intent: "add", titleFr: "Épreuve n°1 — garder le cap" });
    expect(statusOf(again)).toBe(409);
    expect((await dataOf<{ error: Record<string, string[]> }>(again)).error.slug).toEqual(["modules.errors.slugTaken"]);
    const badSlug = await postModules(author, { intent: "add", titleFr: "Autre", slug: "../etc" });
    expect(statusOf(badSlug)).toBe(400);

    const up = await postModules(author, { intent: "move", slug: "epreuve-n-1-garder-le-cap", direction: "up" });
    expect(statusOf(up)).toBe(303);
    expect((await slugs())[2]).toBe("epreuve-n-1-garder-le-cap");
    // The first one cannot go further up: nothing moves.
    await postModules(author, { intent: "move", slug: "tenir-ses-engagements", direction: "up" });
    expect((await slugs())[0]).toBe("tenir-ses-engagements");

    // The confirmation step says members keep their progress.
    const confirm = await getAs(modulesLoader, `${MODULES}?remove=traverser-les-tempetes`, author.cookie, {
      slug: TRAINING,
    });
    const html = await renderPage(ModulesPage, {
      path: `${MODULES}?remove=traverser-les-tempetes`,
      loaderData: await dataOf<object>(confirm),
    });
    expect(html).toContain("Retirer ce module ?");
    expect(html).toContain("gardent leur progression");
    const removed = await postModules(author, { intent: "remove", slug: "traverser-les-tempetes" });
    expect(statusOf(removed)).toBe(303);
    expect(await slugs()).not.toContain("traverser-les-tempetes");
    // The published version still has it: members see no change before publishing.
    expect((await readDraft(TRAINING))!.unpublishedChanges).toBe(true);
  });

  it("refuses a save from a page read before another author's (409, nothing changed)", async () => {
    const author = await withRole("author@example.com", "author");
    const other = await withRole("admin@example.com", "admin");
    const stale = await revision();
    await postModules(other, { intent: "add", revision: stale, titleFr: "D’abord" });
    const before = await readDraft(TRAINING);
    const answer = await postModules(author, { intent: "remove", revision: stale, slug: MODULE });
    expect(statusOf(answer)).toBe(409);
    expect((await readDraft(TRAINING))!.content).toEqual(before!.content);
  });

  it("refuses a 31st module, an unknown intent and forged fields with a 4xx", async () => {
    const author = await withRole("author@example.com", "author");
    const draft = (await readDraft(TRAINING))!;
    const many = Array.from({ length: 30 - draft.content.modules.length }, (_, i) => ({
      ...draft.content.modules[0]!,
      slug: `m-${i}`,
    }));
    await db()
      .update(trainingDrafts)
      .set({ content: { ...draft.content, modules: [...draft.content.modules, ...many] } });
    const full = await postModules(author, { intent: "add", titleFr: "Trente et un" });
    expect(statusOf(full)).toBe(422);
    expect((await readDraft(TRAINING))!.content.modules).toHaveLength(30);
    const forged: object[] = [
      { intent: "drop", revision: await revision() },
      { intent: "move", revision: await revision(), slug: MODULE, direction: "sideways" },
      { intent: "move", revision: "x", slug: MODULE, direction: "up" },
      { intent: "add", revision: await revision(), titleFr: "t".repeat(161) },
      { intent: "remove", revision: await revision(), slug: "s".repeat(65) },
    ];
    for (const form of forged) {
      const status = statusOf(await post(modulesAction, MODULES, author.cookie, { slug: TRAINING }, form));
      expect(status, JSON.stringify(form)).toBeGreaterThanOrEqual(400);
      expect(status).toBeLessThan(500);
    }
    const gone = await postModules(author, { intent: "remove", slug: "absent" });
    expect(statusOf(gone)).toBe(404);
  });
});

describe("a module's editor", () => {
  it("saves titles and summaries in both languages, hours with a comma, access and the coaching call", async () => {
    const author = await withRole("author@example.com", "author");
    const answer = await post(moduleAction, MODULE_PAGE, author.cookie, paramsOf(), {
      intent: "module",
      revision: await revision(),
      titleFr: "Tenir parole",
      titleEn: "Keeping one's word",
      summaryFr: "Résumé",
      summaryEn: "Summary",
      hours: "1,5",
      access: "free",
      coaching: "on",
    });
    expect(statusOf(answer)).toBe(303);
    expect(headerOf(answer, "Location")).toBe(`${MODULE_PAGE}?saved=module`);
    expect(await draftModule()).toMatchObject({
      title: { fr: "Tenir parole", en: "Keeping one's word" },
      summary: { fr: "Résumé", en: "Summary" },
      hours: 1.5,
      access: "free",
      coaching: true,
    });
    const loaded = await dataOf<{ values: { hours: string } }>(
      await getAs(moduleLoader, MODULE_PAGE, author.cookie, paramsOf()),
    );
    expect(loaded.values.hours).toBe("1,5");
    for (const hours of ["0", "100,5", "-1", "abc", "1e2", "", "1.234"]) {
      const refused = await post(moduleAction, MODULE_PAGE, author.cookie, paramsOf(), {
        intent: "module",
        revision: await revision(),
        hours,
        access: "free",
      });
      expect(statusOf(refused), hours).toBe(400);
      expect((await dataOf<{ error: Record<string, string[]> }>(refused)).error.hours).toEqual([
        "modules.errors.hours",
      ]);
    }
    expect((await draftModule())!.hours).toBe(1.5);
  });

  it("adds parts of each kind, moves and removes them; its page links to the quiz with its question count", async () => {
    const author = await withRole("author@example.com", "author");
    await addVideoPart(author);
    const exercise = await post(moduleAction, MODULE_PAGE, author.cookie, paramsOf(), {
      intent: "addPart",
      revision: await revision(),
      kind: "exercise",
      titleFr: "À vous de jouer",
    });
    expect(statusOf(exercise)).toBe(303);
    const parts = async () => (await draftModule())!.parts.map((part) => `${part.slug}:${part.kind}`);
    expect(await parts()).toEqual([
      "la-force-des-petits-pas:text",
      "mon-rituel:exercise",
      "la-video:video",
      "a-vous-de-jouer:exercise",
    ]);
    await post(moduleAction, MODULE_PAGE, author.cookie, paramsOf(), {
      intent: "movePart",
      revision: await revision(),
      slug: "a-vous-de-jouer",
      direction: "up",
    });
    expect((await parts())[2]).toBe("a-vous-de-jouer:exercise");
    await post(moduleAction, MODULE_PAGE, author.cookie, paramsOf(), {
      intent: "removePart",
      revision: await revision(),
      slug: "mon-rituel",
    });
    expect(await parts()).not.toContain("mon-rituel:exercise");
    const kind = await post(moduleAction, MODULE_PAGE, author.cookie, paramsOf(), {
      intent: "addPart",
      revision: await revision(),
      kind: "quiz",
      titleFr: "Non",
    });
    expect(statusOf(kind)).toBe(400);

    const loaderData = await dataOf<object>(
      await getAs(moduleLoader, `${MODULE_PAGE}?removePart=la-video`, author.cookie, paramsOf()),
    );
    const html = await renderPage(ModuleEditor, { path: `${MODULE_PAGE}?removePart=la-video`, loaderData });
    expect(html).toContain(`href="${MODULE_PAGE}/quiz"`);
    expect(html).toContain("Quiz : 3 questions");
    expect(html).toContain("Retirer cette partie ?");
  });
});

describe("a part's editor", () => {
  it("saves paragraphs split on blank lines, and tells a formatting mistake with its line, in French or English", async () => {
    const author = await withRole("author@example.com", "author");
    const part = "la-force-des-petits-pas";
    const saved = await post(partAction, PART_PAGE(part), author.cookie, paramsOf(part), {
      intent: "part",
      revision: await revision(),
      titleFr: "Petits pas",
      titleEn: "Small steps",
      bodyFr: "Premier *paragraphe*.\r\nMême paragraphe.\r\n\r\n\r\n- un\n- deux\n\nTrois [lien](https://exemple.fr).",
      bodyEn: "One.",
    });
    expect(statusOf(saved)).toBe(303);
    const body = (await draftModule())!.parts[0]!.body;
    expect(body.fr).toEqual([
      "Premier *paragraphe*.\nMême paragraphe.",
      "- un\n- deux",
      "Trois [lien](https://exemple.fr).",
    ]);
    expect(body.en).toEqual(["One."]);

    const before = await readDraft(TRAINING);
    const badLink = (lang: "fr" | "en") =>
      callWith(
        partAction as Routed,
        buildRequest(PART_PAGE(part), {
          cookie: author.cookie,
          headers: { "Accept-Language": lang },
          form: {
            intent: "part",
            revision: String(before!.revision),
            titleFr: "Petits pas",
            bodyFr: "Un.\n\nDeux,\nsuite [clic](javascript:alert(1)).",
          },
        }),
        { params: paramsOf(part) },
      );
    const fr = await badLink("fr");
    expect(statusOf(fr)).toBe(422);
    const errors = (await dataOf<{ error: Record<string, string[]> }>(fr)).error.bodyFr;
    expect(errors).toEqual([
      "Ligne 4 : un lien a un texte et une adresse commençant par https://, http:// ou un seul / (pas « javascript:alert(1) »).",
    ]);
    const en = (await dataOf<{ error: Record<string, string[]> }>(await badLink("en"))).error.bodyFr;
    expect(en?.[0]).toMatch(/^Line 4: a link needs a text/);
    expect((await readDraft(TRAINING))!.content).toEqual(before!.content);

    // What a browser without JavaScript shows: the message under the field, the formatting help.
    const loaderData = await dataOf<object>(await getAs(partLoader, PART_PAGE(part), author.cookie, paramsOf(part)));
    const html = await renderPage(PartEditor, {
      path: PART_PAGE(part),
      loaderData,
      actionData: await dataOf<object>(fr),
    });
    expect(html).toContain("Ligne 4 : un lien a un texte");
    expect(html).toContain("Mise en forme");

    const tooMany = Array.from({ length: 51 }, (_, i) => `P${i}`).join("\n\n");
    const long = await post(partAction, PART_PAGE(part), author.cookie, paramsOf(part), {
      intent: "part",
      revision: await revision(),
      bodyFr: tooMany,
      bodyEn: `Court.\n\n${"x".repeat(2001)}`,
    });
    expect(statusOf(long)).toBe(422);
    const longErrors = (await dataOf<{ error: Record<string, string[]> }>(long)).error;
    expect(longErrors.bodyFr).toEqual(["51 paragraphes : 50 au plus."]);
    expect(longErrors.bodyEn).toEqual(["Ligne 3 : ce paragraphe est trop long (2001 caractères, 2000 au plus)."]);
  });

  it("takes a video's https address and transcript, and refuses another scheme", async () => {
    const author = await withRole("author@example.com", "author");
    const part = await addVideoPart(author);
    const form = (src: string) => ({
      intent: "part",
      revision: "0",
      titleFr: "La vidéo",
      src,
      transcriptFr: "Ce qui est dit.",
      transcriptEn: "What is said.",
    });
    for (const src of ["http://videos.example/v.mp4", "javascript:alert(1)", "/uploads/abc.mp4", "//evil/v.mp4"]) {
      const refused = await post(partAction, PART_PAGE(part), author.cookie, paramsOf(part), {
        ...form(src),
        revision: await revision(),
      });
      expect(statusOf(refused), src).toBe(422);
      expect((await dataOf<{ error: Record<string, string[]> }>(refused)).error.src).toEqual([
        "L’adresse d’une vidéo commence par https:// (500 caractères au plus).",
      ]);
    }
    const ok = await post(partAction, PART_PAGE(part), author.cookie, paramsOf(part), {
      ...form("https://videos.example/v.mp4"),
      revision: await revision(),
    });
    expect(statusOf(ok)).toBe(303);
    expect((await draftModule())!.parts.at(-1)!.video).toMatchObject({
      src: "https://videos.example/v.mp4",
      transcript: { fr: ["Ce qui est dit."], en: ["What is said."] },
    });
  });

  it("uploads a video (MP4 or WebM by its bytes), refusing another type or one over 25 MB", async () => {
    const author = await withRole("author@example.com", "author");
    const part = await addVideoPart(author);
    const send = async (bytes: Buffer, name = "v.mp4", type = "video/mp4") =>
      upload(
        PART_PAGE(part),
        author.cookie,
        { intent: "video", form: "video", revision: await revision() },
        {
          bytes,
          name,
          type,
        },
      );
    const notVideo = await send(Buffer.from("<html><script>alert(1)</script></html>"), "v.mp4");
    expect(statusOf(notVideo)).toBe(415);
    expect((await dataOf<{ error: Record<string, string[]> }>(notVideo)).error.file).toEqual([
      "media.errors.notAVideo",
    ]);
    const tooLarge = await send(mp4(VIDEO_MAX_BYTES + 1));
    expect(statusOf(tooLarge)).toBe(413);
    expect(await db().select({ id: uploads.id }).from(uploads)).toEqual([]);
    const missing = await upload(PART_PAGE(part), author.cookie, { intent: "video", revision: await revision() }, null);
    expect(statusOf(missing)).toBe(400);

    const ok = await send(mp4());
    expect(statusOf(ok)).toBe(303);
    expect(headerOf(ok, "Location")).toBe(`${PART_PAGE(part)}?saved=video`);
    const src = (await draftModule())!.parts.at(-1)!.video!.src!;
    expect(src).toMatch(/^\/uploads\/[0-9a-f]{64}\.mp4$/);
    const webm = Buffer.concat([Buffer.from([0x1a, 0x45, 0xdf, 0xa3]), Buffer.alloc(100, 3)]);
    expect(statusOf(await send(webm, "v.webm", "video/webm"))).toBe(303);
    expect((await draftModule())!.parts.at(-1)!.video!.src).toMatch(/\.webm$/);
    // A text form's save keeps an uploaded video.
    const kept = await post(partAction, PART_PAGE(part), author.cookie, paramsOf(part), {
      intent: "part",
      revision: await revision(),
      titleFr: "La vidéo",
    });
    expect(statusOf(kept)).toBe(303);
    expect((await draftModule())!.parts.at(-1)!.video!.src).toMatch(/\.webm$/);
    // A part that is no video takes no file.
    const text = "la-force-des-petits-pas";
    const notVideoPart = await upload(
      PART_PAGE(text),
      author.cookie,
      { intent: "video", revision: await revision() },
      { bytes: mp4(), name: "v.mp4", type: "video/mp4" },
    );
    expect(statusOf(notVideoPart)).toBe(422);
  });

  it("re-encodes a poster to a WebP through the image pipeline, never keeping the uploaded bytes", async () => {
    const author = await withRole("author@example.com", "author");
    const part = await addVideoPart(author);
    const jpeg = await sharp({ create: { width: 2000, height: 1000, channels: 3, background: "#3366cc" } })
      .withMetadata({ exif: { IFD0: { Copyright: "secret-gps" } } })
      .jpeg()
      .toBuffer();
    const answer = await upload(
      PART_PAGE(part),
      author.cookie,
      { intent: "poster", form: "poster", revision: await revision() },
      { bytes: jpeg, name: "p.jpg", type: "image/jpeg" },
    );
    expect(statusOf(answer)).toBe(303);
    const poster = (await draftModule())!.parts.at(-1)!.video!.poster!;
    expect(poster).toMatch(/^\/uploads\/[0-9a-f]{64}\.webp$/);
    const served = (await callWith(uploadLoader as Routed, buildRequest(poster), {
      params: { file: poster.split("/").pop()! },
    })) as Response;
    const bytes = Buffer.from(await served.arrayBuffer());
    expect(served.headers.get("Content-Type")).toBe("image/webp");
    const metadata = await sharp(bytes).metadata();
    expect(metadata).toMatchObject({ format: "webp", width: 1280, height: 640 });
    expect(metadata.exif).toBeUndefined();
    expect(bytes.includes(Buffer.from("secret-gps"))).toBe(false);

    const notImage = await upload(
      PART_PAGE(part),
      author.cookie,
      { intent: "poster", revision: await revision() },
      { bytes: Buffer.from("GIF89a not really"), name: "p.gif", type: "image/gif" },
    );
    expect(statusOf(notImage)).toBe(415);
  });

  it("checks captions as WebVTT on upload, telling each mistake with its line, and keeps them in normal form", async () => {
    const author = await withRole("author@example.com", "author");
    const part = await addVideoPart(author);
    const send = async (text: string, lang: string, acceptLanguage = "fr") => {
      const form = new FormData();
      for (const [name, value] of Object.entries({
        intent: "captions",
        form: `captions-${lang}`,
        lang,
        revision: await revision(),
      }))
        form.set(name, value);
      form.set("file", new File([text], "c.vtt", { type: "text/vtt" }));
      const request = new Request(new URL(PART_PAGE(part), ORIGIN), {
        method: "POST",
        headers: { Cookie: author.cookie, Host: "localhost:3000", "Accept-Language": acceptLanguage },
        body: form,
      });
      return callWith(partAction as Routed, request, { params: paramsOf(part) });
    };
    const broken = await send("WEBVTT\n\n00:01.000 --> 00:04.000\nBonjour <script>alert(1)</script>\n", "fr");
    expect(statusOf(broken)).toBe(422);
    const errors = (await dataOf<{ error: Record<string, string[]> }>(broken)).error.file;
    expect(errors?.[0]).toMatch(/^ligne 4 : balise non autorisée « <script> »/);
    const brokenEn = await send("no header\n", "fr", "en");
    expect((await dataOf<{ error: Record<string, string[]> }>(brokenEn)).error.file?.[0]).toMatch(/^line 1: /);
    expect(await db().select({ id: uploads.id }).from(uploads)).toEqual([]);
    const wrongLang = await send(VTT, "de");
    expect(statusOf(wrongLang)).toBe(400);

    expect(statusOf(await send(VTT, "en"))).toBe(303);
    const captions = (await draftModule())!.parts.at(-1)!.video!.captions;
    expect(captions.fr).toBeUndefined();
    expect(captions.en).toMatch(/^\/uploads\/[0-9a-f]{64}\.vtt$/);
    const served = (await callWith(uploadLoader as Routed, buildRequest(captions.en!), {
      params: { file: captions.en!.split("/").pop()! },
    })) as Response;
    expect(served.headers.get("Content-Type")).toBe("text/vtt; charset=utf-8");
    expect(await served.text()).toBe("WEBVTT\n\n00:00:01.000 --> 00:00:04.000\nBonjour à bord.\n");

    // Removed from the draft again; the upload stays for the versions that may name it.
    const clear = async (which: string, partSlug = part) =>
      post(partAction, PART_PAGE(partSlug), author.cookie, paramsOf(partSlug), {
        intent: "clear",
        revision: await revision(),
        which,
      });
    const cleared = await clear("captions-en");
    expect(statusOf(cleared)).toBe(303);
    expect(headerOf(cleared, "Location")).toBe(`${PART_PAGE(part)}?saved=cleared`);
    expect((await draftModule())!.parts.at(-1)!.video!.captions).toEqual({});
    expect(statusOf(await clear("transcript"))).toBe(400);
    expect(statusOf(await clear("poster", "la-force-des-petits-pas"))).toBe(422);
    expect(await db().select({ id: uploads.id }).from(uploads)).toHaveLength(1);
  });

  it("refuses a stale upload with 409 and leaves the draft as it was", async () => {
    const author = await withRole("author@example.com", "author");
    const part = await addVideoPart(author);
    const stale = String(Number(await revision()) - 1);
    const answer = await upload(
      PART_PAGE(part),
      author.cookie,
      { intent: "video", form: "video", revision: stale },
      { bytes: mp4(), name: "v.mp4", type: "video/mp4" },
    );
    expect(statusOf(answer)).toBe(409);
    expect((await draftModule())!.parts.at(-1)!.video!.src).toBeUndefined();
  });
});

describe("/uploads/<id>.<ext>", () => {
  async function stored() {
    const author = await withRole("author@example.com", "author");
    const part = await addVideoPart(author);
    const bytes = mp4(10_000);
    await upload(
      PART_PAGE(part),
      author.cookie,
      { intent: "video", revision: await revision() },
      { bytes, name: "v.mp4", type: "video/mp4" },
    );
    const src = (await draftModule())!.parts.at(-1)!.video!.src!;
    return { bytes, src, file: src.split("/").pop()! };
  }
  const fetchUpload = (file: string, headers: Record<string, string> = {}, method = "GET") =>
    callWith(uploadLoader as Routed, buildRequest(`/uploads/${file}`, { headers, method }), {
      params: { file },
    }) as Promise<Response>;

  it("serves the whole file to anyone, typed, never sniffed, inline and cached for good", async () => {
    const { bytes, file } = await stored();
    const answer = await fetchUpload(file);
    expect(answer.status).toBe(200);
    expect(answer.headers.get("Content-Type")).toBe("video/mp4");
    expect(answer.headers.get("X-Content-Type-Options")).toBe("nosniff");
    expect(answer.headers.get("Content-Disposition")).toBe("inline");
    expect(answer.headers.get("Cache-Control")).toContain("immutable");
    expect(answer.headers.get("Accept-Ranges")).toBe("bytes");
    expect(answer.headers.get("Content-Length")).toBe("10000");
    expect(Buffer.from(await answer.arrayBuffer()).equals(bytes)).toBe(true);
    const etag = answer.headers.get("ETag")!;
    expect((await fetchUpload(file, { "If-None-Match": etag })).status).toBe(304);
  });

  it("answers a range with 206, a range past the end with 416, and HEAD without a body", async () => {
    const { bytes, file } = await stored();
    const first = await fetchUpload(file, { Range: "bytes=0-9" });
    expect(first.status).toBe(206);
    expect(first.headers.get("Content-Range")).toBe("bytes 0-9/10000");
    expect(first.headers.get("Content-Length")).toBe("10");
    expect(Buffer.from(await first.arrayBuffer()).equals(bytes.subarray(0, 10))).toBe(true);
    const open = await fetchUpload(file, { Range: "bytes=9990-" });
    expect(open.headers.get("Content-Range")).toBe("bytes 9990-9999/10000");
    expect(Buffer.from(await open.arrayBuffer()).equals(bytes.subarray(9990))).toBe(true);
    const suffix = await fetchUpload(file, { Range: "bytes=-4" });
    expect(Buffer.from(await suffix.arrayBuffer()).equals(bytes.subarray(9996))).toBe(true);
    const clamped = await fetchUpload(file, { Range: "bytes=9998-20000" });
    expect(clamped.headers.get("Content-Range")).toBe("bytes 9998-9999/10000");

    const past = await fetchUpload(file, { Range: "bytes=10000-" });
    expect(past.status).toBe(416);
    expect(past.headers.get("Content-Range")).toBe("bytes */10000");
    // A malformed or multiple range: the whole file.
    for (const range of ["bytes=5-2", "bytes=0-1,4-5", "items=0-1"])
      expect((await fetchUpload(file, { Range: range })).status, range).toBe(200);

    const head = await fetchUpload(file, {}, "HEAD");
    expect(head.status).toBe(200);
    expect(head.headers.get("Content-Length")).toBe("10000");
    expect(head.headers.get("X-Content-Type-Options")).toBe("nosniff");
    expect((await head.arrayBuffer()).byteLength).toBe(0);
    const headRange = await fetchUpload(file, { Range: "bytes=0-99" }, "HEAD");
    expect(headRange.status).toBe(206);
  });

  it("answers 404 for an id that does not exist, another extension or a forged name", async () => {
    const { file } = await stored();
    for (const name of [
      `${"0".repeat(64)}.mp4`,
      file.replace(".mp4", ".webm"),
      file.replace(".mp4", ".vtt"),
      "../etc/passwd",
      `${file}x`,
      "x".repeat(500),
    ]) {
      const answer = await fetchUpload(name);
      expect(answer.status, name).toBe(404);
      expect(answer.headers.get("Cache-Control")).toBe("no-store");
    }
  });
});

describe("a member's video part", () => {
  it("plays an uploaded WebM or MP4 with its type, and another site's https file (allowed by the CSP)", async () => {
    const part = (src: string) => ({
      slug: "v",
      kind: "video" as const,
      title: "V",
      body: [],
      read: false,
      video: {
        src,
        poster: `/uploads/${"a".repeat(64)}.webp`,
        captions: `/uploads/${"b".repeat(64)}.vtt`,
        transcript: [],
      },
    });
    const html = (src: string) =>
      renderPage(() => createElement(ModulePart, { part: part(src), videoPath: "/x", firstVideo: true }), {
        path: "/",
        loaderData: {},
      });
    expect(await html(`/uploads/${"c".repeat(64)}.webm`)).toContain('type="video/webm"');
    expect(await html("/media/videos/cap.mp4")).toContain('type="video/mp4"');
    const external = await html("https://videos.example/cap");
    expect(external).toContain('<source src="https://videos.example/cap"/>');
    expect(external).toContain(`poster="/uploads/${"a".repeat(64)}.webp"`);
    expect(external).toContain(`src="/uploads/${"b".repeat(64)}.vtt"`);
    const csp = securityHeaders(env())["Content-Security-Policy"];
    expect(csp).toContain("media-src 'self' https:;");
    expect(csp).toContain("img-src 'self' data:;");
  });
});
