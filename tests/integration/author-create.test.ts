import { readFileSync } from "node:fs";
import path from "node:path";
import type { LoaderFunctionArgs } from "@remix-run/node";
import { and, eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { db } from "~/.server/db/client.server";
import {
  auditEvents,
  partReads,
  trainingDrafts,
  trainingModules,
  trainingVersions,
  trainings,
} from "~/.server/db/schema.server";
import {
  bodyLimitFor,
  BODY_LIMIT_BYTES,
  IMPORT_BODY_LIMIT_BYTES,
  isGatedUpload,
} from "~/.server/http/request-screen.server";
import { screenRequest } from "~/.server/http/route-screen.server";
import { admitUpload } from "~/.server/auth/upload-gate.server";
import { readDraft } from "~/.server/authoring/drafts.server";
import { markPartRead } from "~/.server/trainings/progress.server";
import { trainingFileBounds } from "~/.server/trainings/training-file.server";
import { draftContent } from "~/content/training-schema";
import { loader as oldTrainingsLoader } from "~/routes/_default.old_trainings";
import { loader as trainingLoader } from "~/routes/_default.training.$training_slug._index";
import { loader as moduleLoader } from "~/routes/_default.training.$training_slug.modules.$module_slug";
import { loader as trainingsLoader } from "~/routes/_default.trainings._index";
import ImportDraftPage, {
  action as importDraftAction,
  loader as importDraftLoader,
} from "~/routes/_default.author.trainings.$slug.import";
import ModulePreview, { loader as modulePreviewLoader } from "~/routes/_default.author.trainings.$slug.preview.$module";
import TrainingPreview, { loader as previewLoader } from "~/routes/_default.author.trainings.$slug.preview._index";
import RetirePage, {
  action as retireAction,
  loader as retireLoader,
} from "~/routes/_default.author.trainings.$slug.retire";
import { action as importNewAction, loader as importNewLoader } from "~/routes/_default.author.trainings.import";
import NewPage, { action as newAction, loader as newLoader } from "~/routes/_default.author.trainings.new";
import { loader as draftFileLoader } from "~/routes/author.trainings.$slug.draft[.]json";
import Overview, { loader as overviewLoader } from "~/routes/_default.author.trainings.$slug._index";
import AuthorTrainings, { loader as listLoader } from "~/routes/_default.author.trainings._index";
import { renderPage, type TestMember } from "../support/accounts";
import { callWith, dataOf, getAs, headerOf, ORIGIN, postAs, statusOf } from "../support/http";
import { withRole } from "../support/roles";

/**
 * Issue 26 items 1 (create, retire), 4 (preview) and 7 (import, export): every page refuses a
 * plain member and a coach with a 404; each bad post changes nothing.
 */
type Routed = (args: LoaderFunctionArgs) => unknown;

const trainingsFolder = path.join(process.cwd(), "app/content/trainings");
const fileBytes = (slug: string) => readFileSync(path.join(trainingsFolder, `${slug}.json`));
const fileOf = (slug: string) => JSON.parse(fileBytes(slug).toString("utf8"));

function fileRequest(
  pathname: string,
  content: string | Uint8Array | null,
  cookie: string,
  extra: Record<string, string> = {},
) {
  const form = new FormData();
  for (const [name, value] of Object.entries(extra)) form.set(name, value);
  if (content !== null)
    form.set(
      "file",
      new File([typeof content === "string" ? content : new Uint8Array(content)], "training.json", {
        type: "application/json",
      }),
    );
  return new Request(new URL(pathname, ORIGIN), {
    method: "POST",
    headers: { Cookie: cookie, "Accept-Language": "fr", Host: "localhost:3000", Origin: ORIGIN },
    body: form,
  });
}

const everything = () =>
  Promise.all([
    db().select().from(trainings),
    db().select().from(trainingDrafts),
    db().select().from(trainingVersions),
  ]);

describe("the create, retire, preview and import pages refuse whoever is neither author nor admin", () => {
  it("a plain member and a coach get 404 from every loader and action, and nothing changes", async () => {
    const plain = await withRole("plain@example.com", null);
    const coach = await withRole("coach@example.com", "coach");
    const before = await everything();
    const slug = { slug: "j-embarque" };
    for (const visitor of [plain, coach]) {
      const pages: Array<[Routed, string, Record<string, string>]> = [
        [newLoader, "/author/trainings/new", {}],
        [importNewLoader, "/author/trainings/import", {}],
        [importDraftLoader, "/author/trainings/j-embarque/import", slug],
        [retireLoader, "/author/trainings/j-embarque/retire", slug],
        [previewLoader, "/author/trainings/j-embarque/preview", slug],
        [
          modulePreviewLoader,
          "/author/trainings/j-embarque/preview/prendre-la-barre",
          { ...slug, module: "prendre-la-barre" },
        ],
        [draftFileLoader, "/author/trainings/j-embarque/draft.json", slug],
      ];
      for (const [loader, pathname, params] of pages)
        expect(statusOf(await getAs(loader, pathname, visitor.cookie, params)), pathname).toBe(404);
      const form = { kind: "training", slug: "volee", titleFr: "Volée", titleEn: "Flight", access: "free" };
      expect(statusOf(await postAs(newAction, "/author/trainings/new", visitor.cookie, form))).toBe(404);
      const retire = { intent: "retire", revision: "1" };
      expect(
        statusOf(await postAs(retireAction, "/author/trainings/j-embarque/retire", visitor.cookie, retire, slug)),
      ).toBe(404);
      const file = fileBytes("j-embarque");
      const intoDraft = fileRequest("/author/trainings/j-embarque/import", file, visitor.cookie, { revision: "1" });
      expect(statusOf(await callWith(importDraftAction, intoDraft, { params: slug }))).toBe(404);
      const asNew = fileRequest("/author/trainings/import", file, visitor.cookie);
      expect(statusOf(await callWith(importNewAction, asNew))).toBe(404);
    }
    expect(await everything()).toEqual(before);
  });
});

describe("the ways in", () => {
  it("the list offers a new training and an import; a training's overview its import, its draft's file and retiring", async () => {
    const author = await withRole("author@example.com", "author");
    const list = await renderPage(AuthorTrainings, {
      path: "/author/trainings",
      loaderData: await dataOf<object>(await getAs(listLoader, "/author/trainings", author.cookie)),
    });
    expect(list).toContain('href="/author/trainings/new"');
    expect(list).toContain('href="/author/trainings/import"');
    const overview = await renderPage(Overview, {
      path: "/author/trainings/cap-2024",
      loaderData: await dataOf<object>(
        await getAs(overviewLoader, "/author/trainings/cap-2024", author.cookie, { slug: "cap-2024" }),
      ),
    });
    expect(overview).toContain('href="/author/trainings/cap-2024/import"');
    expect(overview).toContain('href="/author/trainings/cap-2024/draft.json"');
    expect(overview).toContain('href="/author/trainings/cap-2024/retire"');
    // Cap 2024 is archived in the seed: its overview offers to put it back online.
    expect(overview).toContain("Remettre la formation en ligne");
  });
});

describe("creating a training", () => {
  it("creates an empty draft after the last training, then opens the editor; members see nothing of it", async () => {
    const author = await withRole("author@example.com", "author");
    const member = await withRole("member@example.com", null);
    const answer = await postAs(newAction, "/author/trainings/new", author.cookie, {
      kind: "test",
      slug: "",
      titleFr: "Été à bord",
      titleEn: "Summer aboard",
      access: "payable",
    });
    expect(statusOf(answer)).toBe(303);
    expect(headerOf(answer, "Location")).toBe("/author/trainings/ete-a-bord");
    const draft = await readDraft("ete-a-bord");
    const orders = (await db().select({ content: trainingDrafts.content }).from(trainingDrafts)).map(
      (row) => row.content.order,
    );
    expect(draft?.content).toEqual({
      slug: "ete-a-bord",
      kind: "test",
      order: Math.max(...orders.filter((order) => order !== draft?.content.order)) + 1,
      access: "payable",
      archived: false,
      title: { fr: "Été à bord", en: "Summer aboard" },
      summary: { fr: "", en: "" },
      skills: [],
      profiles: [],
      modules: [],
    });
    expect(draft?.published).toBeNull();
    expect(await db().select().from(trainings).where(eq(trainings.slug, "ete-a-bord"))).toEqual([]);
    const list = await dataOf<{ tests: { slug: string }[] }>(await getAs(trainingsLoader, "/trainings", member.cookie));
    expect(list.tests.map((t) => t.slug)).not.toContain("ete-a-bord");
    expect(
      statusOf(await getAs(trainingLoader, "/training/ete-a-bord", member.cookie, { training_slug: "ete-a-bord" })),
    ).toBe(404);
  });

  it("refuses a taken, reserved, malformed or too long slug, a missing kind or title, changing nothing", async () => {
    const admin = await withRole("admin@example.com", "admin");
    const before = await everything();
    const base = { kind: "training", titleFr: "Titre", titleEn: "Title", access: "free" };
    const cases: Array<[Record<string, string>, number, string, string]> = [
      [{ ...base, slug: "j-embarque" }, 409, "slug", "create.errors.taken"],
      [{ ...base, slug: "new" }, 422, "slug", "create.errors.reserved"],
      [{ ...base, slug: "import" }, 422, "slug", "create.errors.reserved"],
      [{ ...base, slug: "Avec Espace" }, 422, "slug", "create.errors.slug"],
      [{ ...base, slug: "../x" }, 422, "slug", "create.errors.slug"],
      [{ ...base, slug: "a".repeat(65) }, 422, "slug", "create.errors.slugTooLong"],
      [{ ...base, slug: "", titleFr: "", titleEn: "" }, 422, "slug", "create.errors.slugMissing"],
      [{ ...base, slug: "ok", kind: "course" }, 422, "kind", "create.errors.kind"],
      [{ ...base, slug: "ok", access: "gratis" }, 422, "access", "errors.access"],
      [{ ...base, slug: "ok", titleFr: "x".repeat(161) }, 422, "titleFr", "errors.tooLong"],
    ];
    for (const [form, status, field, message] of cases) {
      const answer = await postAs(newAction, "/author/trainings/new", admin.cookie, form);
      expect(statusOf(answer), JSON.stringify(form).slice(0, 80)).toBe(status);
      const reply = await dataOf<{ error: Record<string, string[]> }>(answer);
      expect(reply.error[field]).toEqual([message]);
    }
    expect(await everything()).toEqual(before);
    // The refused form is shown again with its message, in French.
    const answer = await postAs(newAction, "/author/trainings/new", admin.cookie, { ...base, slug: "j-embarque" });
    const html = await renderPage(NewPage, {
      path: "/author/trainings/new",
      loaderData: {},
      actionData: await dataOf(answer),
    });
    expect(html).toContain("Une formation porte déjà cet identifiant");
    expect(html).toContain('value="j-embarque"');
  });
});

describe("retiring and restoring a training (item 1)", () => {
  it("hides it at once from members who never started it, keeps it under old trainings for those who did", async () => {
    const author = await withRole("author@example.com", "author");
    const started = await withRole("started@example.com", null);
    const stranger = await withRole("stranger@example.com", null);
    await markPartRead(started.memberId, "j-embarque", "prendre-la-barre", "bienvenue-a-bord");
    const slug = { slug: "j-embarque" };
    const page = await dataOf<{ revision: number; retired: boolean; published: boolean }>(
      await getAs(retireLoader, "/author/trainings/j-embarque/retire", author.cookie, slug),
    );
    expect(page).toMatchObject({ retired: false, published: true });
    const [training] = await db().select().from(trainings).where(eq(trainings.slug, "j-embarque"));
    const versionsBefore = await db()
      .select()
      .from(trainingVersions)
      .where(eq(trainingVersions.trainingId, training.id));

    // A stale revision is refused, nothing changes.
    const stale = await postAs(
      retireAction,
      "/author/trainings/j-embarque/retire",
      author.cookie,
      { intent: "retire", revision: String(page.revision - 1) },
      slug,
    );
    expect(statusOf(stale)).toBe(409);
    expect((await db().select().from(trainings).where(eq(trainings.slug, "j-embarque")))[0].archived).toBe(false);

    const retired = await postAs(
      retireAction,
      "/author/trainings/j-embarque/retire",
      author.cookie,
      { intent: "retire", revision: String(page.revision) },
      slug,
    );
    expect(statusOf(retired)).toBe(303);
    expect(headerOf(retired, "Location")).toBe("/author/trainings/j-embarque/retire?done=retired");
    const [after] = await db().select().from(trainings).where(eq(trainings.slug, "j-embarque"));
    expect(after.archived).toBe(true);
    expect(after.content).toEqual({ ...training.content, archived: true });
    const versions = await db().select().from(trainingVersions).where(eq(trainingVersions.trainingId, training.id));
    expect(versions.length).toBe(versionsBefore.length + 1);
    expect(versions.find((v) => v.id === after.versionId)?.publishedBy).toBe(author.memberId);
    const draft = await readDraft("j-embarque");
    expect(draft?.content.archived).toBe(true);
    expect(draft?.revision).toBe(page.revision + 1);

    // Members: the list hides it; old trainings shows it to the one who started it only.
    for (const member of [started, stranger]) {
      const list = await dataOf<{ trainings: { slug: string }[] }>(
        await getAs(trainingsLoader, "/trainings", member.cookie),
      );
      expect(list.trainings.map((t) => t.slug)).not.toContain("j-embarque");
    }
    type Old = { trainings: { slug: string }[] };
    const oldOf = async (member: TestMember) =>
      (await dataOf<Old>(await getAs(oldTrainingsLoader, "/old_trainings", member.cookie))).trainings.map(
        (t) => t.slug,
      );
    expect(await oldOf(started)).toContain("j-embarque");
    expect(await oldOf(stranger)).not.toContain("j-embarque");
    const trainingPage = (member: TestMember) =>
      getAs(trainingLoader, "/training/j-embarque", member.cookie, { training_slug: "j-embarque" });
    const modulePage = (member: TestMember) =>
      getAs(moduleLoader, "/training/j-embarque/modules/prendre-la-barre", member.cookie, {
        training_slug: "j-embarque",
        module_slug: "prendre-la-barre",
      });
    expect(statusOf(await trainingPage(started))).toBe(200);
    expect(statusOf(await modulePage(started))).toBe(200);
    expect(statusOf(await trainingPage(stranger))).toBe(404);
    expect(statusOf(await modulePage(stranger))).toBe(404);
    // The stranger cannot start it either.
    await expect(
      markPartRead(stranger.memberId, "j-embarque", "prendre-la-barre", "bienvenue-a-bord"),
    ).resolves.toMatchObject({
      ok: false,
    });

    // Restoring brings it back for everyone, as a new version again.
    const html = await renderPage(RetirePage, {
      path: "/author/trainings/j-embarque/retire",
      loaderData: await dataOf(
        await getAs(retireLoader, "/author/trainings/j-embarque/retire?done=retired", author.cookie, slug),
      ),
    });
    expect(html).toContain("Remettre en ligne maintenant");
    expect(html).toContain("Formation retirée");
    const restored = await postAs(
      retireAction,
      "/author/trainings/j-embarque/retire",
      author.cookie,
      { intent: "restore", revision: String(page.revision + 1) },
      slug,
    );
    expect(statusOf(restored)).toBe(303);
    expect((await db().select().from(trainings).where(eq(trainings.slug, "j-embarque")))[0].archived).toBe(false);
    expect((await readDraft("j-embarque"))?.content.archived).toBe(false);
    expect(statusOf(await trainingPage(stranger))).toBe(200);
    const list = await dataOf<{ trainings: { slug: string }[] }>(
      await getAs(trainingsLoader, "/trainings", stranger.cookie),
    );
    expect(list.trainings.map((t) => t.slug)).toContain("j-embarque");
    expect(await oldOf(started)).not.toContain("j-embarque");
  });

  it("a training never published has nothing to retire; a forged or stale post is refused", async () => {
    const author = await withRole("author@example.com", "author");
    await postAs(newAction, "/author/trainings/new", author.cookie, {
      kind: "training",
      slug: "brouillon",
      titleFr: "B",
      titleEn: "B",
      access: "free",
    });
    const slug = { slug: "brouillon" };
    const page = await dataOf<{ published: boolean; revision: number }>(
      await getAs(retireLoader, "/author/trainings/brouillon/retire", author.cookie, slug),
    );
    expect(page.published).toBe(false);
    const answer = await postAs(
      retireAction,
      "/author/trainings/brouillon/retire",
      author.cookie,
      { intent: "retire", revision: String(page.revision) },
      slug,
    );
    expect(statusOf(answer)).toBe(409);
    const forged: Record<string, string>[] = [
      { intent: "delete", revision: "1" },
      { intent: "retire", revision: "-1" },
      { intent: "retire" },
    ];
    for (const form of forged) {
      expect(
        statusOf(
          await postAs(retireAction, "/author/trainings/j-embarque/retire", author.cookie, form, {
            slug: "j-embarque",
          }),
        ),
      ).toBe(400);
    }
    expect(
      statusOf(
        await postAs(
          retireAction,
          "/author/trainings/nope/retire",
          author.cookie,
          { intent: "retire", revision: "1" },
          { slug: "nope" },
        ),
      ),
    ).toBe(404);
    expect((await db().select().from(trainings).where(eq(trainings.slug, "j-embarque")))[0].archived).toBe(false);
  });

  it("the seed's archived training shows under old trainings only to members who started it", async () => {
    const fresh = await withRole("fresh@example.com", null);
    const reader = await withRole("reader@example.com", null);
    type Old = { trainings: { slug: string }[] };
    const oldOf = async (member: TestMember) =>
      (await dataOf<Old>(await getAs(oldTrainingsLoader, "/old_trainings", member.cookie))).trainings.map(
        (t) => t.slug,
      );
    expect(await oldOf(fresh)).toEqual([]);
    // A member who read it before it was archived (the seed ships it archived).
    const [module] = fileOf("cap-2024").modules;
    const [row] = await db()
      .select({ id: trainingModules.id })
      .from(trainingModules)
      .innerJoin(trainings, eq(trainings.id, trainingModules.trainingId))
      .where(and(eq(trainings.slug, "cap-2024"), eq(trainingModules.slug, module.slug)));
    await db()
      .insert(partReads)
      .values({ memberId: reader.memberId, moduleId: row.id, partSlug: module.parts[0].slug });
    expect(await oldOf(reader)).toEqual(["cap-2024"]);
    expect(await oldOf(fresh)).toEqual([]);
    const page = (member: TestMember) =>
      getAs(trainingLoader, "/training/cap-2024", member.cookie, { training_slug: "cap-2024" });
    expect(statusOf(await page(reader))).toBe(200);
    expect(statusOf(await page(fresh))).toBe(404);
  });
});

describe("previewing a draft as a member (item 4)", () => {
  it("renders the draft's training and module pages with the members' components, in either language, writing nothing", async () => {
    const author = await withRole("author@example.com", "author");
    // An unpublished change shows in the preview, not to members.
    await db()
      .update(trainingDrafts)
      .set({
        content: sql`jsonb_set(${trainingDrafts.content}, '{title,en}', '"Draft title only"')`,
      })
      .where(eq(trainingDrafts.slug, "j-embarque"));
    const slug = { slug: "j-embarque" };
    const before = await db().select().from(partReads);
    type Preview = {
      preview: { training: { title: string }; modules: { path: string }[] };
      frame: { lang: string; width: string; missing: unknown[] };
    };
    const english = await dataOf<Preview>(
      await getAs(previewLoader, "/author/trainings/j-embarque/preview?lang=en&width=full", author.cookie, slug),
    );
    expect(english.preview.training.title).toBe("Draft title only");
    expect(english.frame).toMatchObject({ lang: "en", width: "full", missing: [] });
    expect(english.preview.modules[0].path).toBe(
      "/author/trainings/j-embarque/preview/prendre-la-barre?lang=en&width=full",
    );
    const french = await dataOf<Preview>(
      await getAs(previewLoader, "/author/trainings/j-embarque/preview?lang=xx", author.cookie, slug),
    );
    expect(french.frame).toMatchObject({ lang: "fr", width: "phone" });
    expect(french.preview.training.title).toBe(fileOf("j-embarque").title.fr);

    const html = await renderPage(TrainingPreview, {
      path: "/author/trainings/j-embarque/preview",
      loaderData: english,
    });
    expect(html).toContain('class="preview-frame preview-frame--full" lang="en"');
    expect(html).toContain("<fieldset disabled");
    expect(html).toContain("Draft title only");
    // The member's words in the previewed language, the author's around it in theirs.
    expect(html).toContain("The modules");
    expect(html).toContain("Aperçu comme un membre");
    expect(html).toContain('href="/author/trainings/j-embarque/preview?lang=fr&amp;width=full"');
    expect(html).toContain('href="/author/trainings/j-embarque/preview?lang=en&amp;width=phone"');

    const module = await dataOf<object>(
      await getAs(modulePreviewLoader, "/author/trainings/j-embarque/preview/prendre-la-barre?lang=en", author.cookie, {
        ...slug,
        module: "prendre-la-barre",
      }),
    );
    const modulePage = await renderPage(ModulePreview, {
      path: "/author/trainings/j-embarque/preview/prendre-la-barre",
      loaderData: module,
      lang: "fr",
    });
    expect(modulePage).toContain('lang="en"');
    expect(modulePage).toContain("I&#x27;ve read");
    expect(modulePage).toContain('href="/author/trainings/j-embarque/preview/lire-sa-carte?lang=en&amp;width=phone"');
    expect(modulePage).not.toContain('href="/training/');
    expect(
      statusOf(
        await getAs(modulePreviewLoader, "/author/trainings/j-embarque/preview/nope", author.cookie, {
          ...slug,
          module: "nope",
        }),
      ),
    ).toBe(404);
    expect(
      statusOf(await getAs(previewLoader, "/author/trainings/nope/preview", author.cookie, { slug: "nope" })),
    ).toBe(404);
    expect(await db().select().from(partReads)).toEqual(before);
  });

  it("shows what a new draft has and marks what it lacks", async () => {
    const author = await withRole("author@example.com", "author");
    await postAs(newAction, "/author/trainings/new", author.cookie, {
      kind: "training",
      slug: "a-moitie",
      titleFr: "À moitié",
      titleEn: "",
      access: "free",
    });
    type Preview = {
      preview: { training: { title: string; summary: string } };
      frame: { missing: { path: string; message: string }[] };
    };
    const preview = await dataOf<Preview>(
      await getAs(previewLoader, "/author/trainings/a-moitie/preview?lang=en", author.cookie, { slug: "a-moitie" }),
    );
    expect(preview.preview.training).toMatchObject({ title: "⚠ To be written", summary: "⚠ To be written" });
    expect(preview.frame.missing.map((m) => m.path)).toEqual(["title.en", "summary.fr", "summary.en", "modules"]);
    const html = await renderPage(TrainingPreview, { path: "/author/trainings/a-moitie/preview", loaderData: preview });
    expect(html).toContain("4 éléments manquent encore avant de publier");
    expect(html).toContain("<code>title.en</code>");
  });
});

describe("importing and exporting (item 7)", () => {
  it("a training's file replaces its draft; the draft is exported as a file", async () => {
    const author = await withRole("author@example.com", "author");
    const slug = { slug: "j-embarque" };
    const draft = await readDraft("j-embarque");
    const changed = fileOf("j-embarque");
    changed.title.fr = "J’embarque, revu";
    const request = fileRequest("/author/trainings/j-embarque/import", JSON.stringify(changed), author.cookie, {
      revision: String(draft?.revision),
    });
    const answer = await callWith(importDraftAction, request, { params: slug });
    expect(statusOf(answer)).toBe(303);
    expect(headerOf(answer, "Location")).toBe("/author/trainings/j-embarque/import?imported=1");
    const after = await readDraft("j-embarque");
    expect(after?.content.title.fr).toBe("J’embarque, revu");
    expect(after?.revision).toBe((draft?.revision ?? 0) + 1);
    // Members still see the published version.
    expect((await db().select().from(trainings).where(eq(trainings.slug, "j-embarque")))[0].content.title.fr).not.toBe(
      "J’embarque, revu",
    );

    const file = (await getAs(
      draftFileLoader,
      "/author/trainings/j-embarque/draft.json",
      author.cookie,
      slug,
    )) as Response;
    expect(file.status).toBe(200);
    expect(file.headers.get("Content-Disposition")).toBe('attachment; filename="j-embarque.draft.json"');
    expect(file.headers.get("Cache-Control")).toBe("no-store");
    const text = await file.text();
    expect(text.endsWith("}\n")).toBe(true);
    expect(draftContent.parse(JSON.parse(text))).toEqual(after?.content);
    expect(JSON.parse(text).title.fr).toBe("J’embarque, revu");
    expect(
      statusOf(await getAs(draftFileLoader, "/author/trainings/nope/draft.json", author.cookie, { slug: "nope" })),
    ).toBe(404);

    const page = await dataOf<object>(
      await getAs(importDraftLoader, "/author/trainings/j-embarque/import?imported=1", author.cookie, slug),
    );
    const html = await renderPage(ImportDraftPage, { path: "/author/trainings/j-embarque/import", loaderData: page });
    expect(html).toContain("Brouillon remplacé par le fichier");
    expect(html).toContain('encType="multipart/form-data"');
    expect(html).toContain('name="revision"');
  });

  it("refuses a broken file with each mistake's path, another training's file, a stale form, no file: nothing changes", async () => {
    const admin = await withRole("admin@example.com", "admin");
    const slug = { slug: "j-embarque" };
    const revision = String((await readDraft("j-embarque"))?.revision);
    const broken = fileOf("j-embarque");
    broken.modules[0].quiz.questions[0].max = 99;
    delete broken.title.en;
    const before = await everything();
    const send = (content: string | Uint8Array | null, form: Record<string, string>) =>
      callWith(importDraftAction, fileRequest("/author/trainings/j-embarque/import", content, admin.cookie, form), {
        params: slug,
      });
    type Refusal = { message: string; values?: Record<string, string>; problems: { path: string; message: string }[] };

    const refused = await send(JSON.stringify(broken), { revision });
    expect(statusOf(refused)).toBe(422);
    const told = await dataOf<Refusal>(refused);
    expect(told.message).toBe("import.errors.broken");
    expect(told.problems).toEqual([
      { path: "title.en", message: "le texte en anglais manque" },
      { path: "modules[0].quiz.questions[0].max", message: expect.stringContaining("le maximum (99)") },
    ]);
    const html = await renderPage(ImportDraftPage, {
      path: "/author/trainings/j-embarque/import",
      loaderData: { slug: "j-embarque", revision: Number(revision), imported: false },
      actionData: told,
    });
    expect(html).toContain("<code>modules[0].quiz.questions[0].max</code>");
    expect(html).toContain("Rien n’a été changé.");

    const other = await send(fileBytes("capitaine"), { revision });
    expect(statusOf(other)).toBe(422);
    expect(await dataOf<Refusal>(other)).toMatchObject({
      message: "import.errors.wrongSlug",
      values: { file: "capitaine", slug: "j-embarque" },
    });
    expect(statusOf(await send(fileBytes("j-embarque"), { revision: String(Number(revision) - 1) }))).toBe(409);
    expect(statusOf(await send(null, { revision }))).toBe(400);
    expect(statusOf(await send(fileBytes("j-embarque"), {}))).toBe(400);
    expect(statusOf(await send("{ nope", { revision }))).toBe(422);
    expect(statusOf(await send(new Uint8Array([0xff, 0xfe, 0x00]), { revision }))).toBe(422);
    const tooLarge = await send(" ".repeat(trainingFileBounds.bytes + 1), { revision });
    expect(statusOf(tooLarge)).toBe(422);
    expect((await dataOf<Refusal>(tooLarge)).problems[0].message).toContain("512");
    // Not even a multipart form.
    const notForm = await postAs(
      importDraftAction,
      "/author/trainings/j-embarque/import",
      admin.cookie,
      { revision },
      slug,
    );
    expect(statusOf(notForm)).toBe(400);
    expect(await everything()).toEqual(before);
  });

  it("a file starts a new training's draft under its own free slug", async () => {
    const author = await withRole("author@example.com", "author");
    const send = (content: string | Uint8Array) =>
      callWith(importNewAction, fileRequest("/author/trainings/import", content, author.cookie));
    const taken = await send(fileBytes("capitaine"));
    expect(statusOf(taken)).toBe(409);
    expect(await dataOf(taken)).toMatchObject({ message: "import.errors.taken", values: { file: "capitaine" } });
    const reserved = await send(JSON.stringify({ ...fileOf("capitaine"), slug: "new" }));
    expect(statusOf(reserved)).toBe(422);
    const copy = { ...fileOf("capitaine"), slug: "capitaine-bis" };
    const answer = await send(JSON.stringify(copy));
    expect(statusOf(answer)).toBe(303);
    expect(headerOf(answer, "Location")).toBe("/author/trainings/capitaine-bis");
    const draft = await readDraft("capitaine-bis");
    expect(draft?.published).toBeNull();
    expect(draft?.content.modules.length).toBe(copy.modules.length);
    expect(await db().select().from(trainings).where(eq(trainings.slug, "capitaine-bis"))).toEqual([]);
    expect(statusOf(await send(JSON.stringify(copy)))).toBe(409);
  });

  it("the door lets a training file through on the two import paths only, and asks who sends it first", async () => {
    expect(IMPORT_BODY_LIMIT_BYTES).toBeGreaterThan(trainingFileBounds.bytes + 16 * 1024);
    expect(bodyLimitFor("/author/trainings/import")).toBe(IMPORT_BODY_LIMIT_BYTES);
    expect(bodyLimitFor("/author/trainings/j-embarque/import?x=1")).toBe(IMPORT_BODY_LIMIT_BYTES);
    for (const other of [
      "/author/trainings/new",
      "/author/check",
      "/author/trainings/j-embarque",
      "/author/trainings/a/b/import",
    ])
      expect(bodyLimitFor(other), other).toBe(BODY_LIMIT_BYTES);
    const head = (target: string, length: number) => ({
      method: "POST",
      target,
      headers: new Headers({ "content-length": String(length) }),
    });
    expect(isGatedUpload(head("/author/trainings/import", 200 * 1024))).toBe(true);
    expect(isGatedUpload(head("/author/trainings/import", 1024))).toBe(false);

    // A 500 KB file passes the door; a larger body gets its 413 before any of it is read.
    const author = await withRole("author@example.com", "author");
    const padded = JSON.stringify(fileOf("j-embarque")).padEnd(500 * 1024, " ");
    const large = fileRequest("/author/trainings/j-embarque/import", padded, author.cookie, { revision: "1" });
    expect(await screenRequest(large, "action")).toBeInstanceOf(Request);
    const oversize = fileRequest("/author/trainings/import", " ".repeat(IMPORT_BODY_LIMIT_BYTES), author.cookie);
    const refused = await screenRequest(oversize, "action").catch((thrown) => thrown as Response);
    expect((refused as Response).status).toBe(413);
    // The door states the file's own limit, not a form's 64 KB.
    expect(await (refused as Response).text()).toBe("Ce fichier de formation est trop lourd : 512 Ko au plus.");

    // The gate: an author is admitted (and gives the place back); a plain member or a coach is left to the guard.
    const gateRequest = (cookie: string) =>
      new Request(new URL("/author/trainings/import", ORIGIN), { method: "POST", headers: { Cookie: cookie } });
    const admitted = await admitUpload(gateRequest(author.cookie));
    expect(admitted.kind).toBe("admitted");
    if (admitted.kind === "admitted") admitted.release();
    for (const role of [null, "coach"] as const) {
      const visitor = await withRole(`${role ?? "plain"}@example.com`, role);
      expect((await admitUpload(gateRequest(visitor.cookie))).kind).toBe("guard");
    }
    expect((await admitUpload(gateRequest(""))).kind).toBe("guard");
  });
});

describe("the audit log", () => {
  it("keeps an author's creations, imports and retirements, with who and which training", async () => {
    const author = await withRole("author@example.com", "author");
    const form = { kind: "training", slug: "volee", titleFr: "Volée", titleEn: "Flight", access: "free" };
    expect(statusOf(await postAs(newAction, "/author/trainings/new", author.cookie, form))).toBe(303);
    const revision = String((await readDraft("j-embarque"))?.revision);
    const file = fileBytes("j-embarque");
    const intoDraft = fileRequest("/author/trainings/j-embarque/import", file, author.cookie, { revision });
    expect(statusOf(await callWith(importDraftAction, intoDraft, { params: { slug: "j-embarque" } }))).toBe(303);
    const retire = { intent: "retire", revision: String((await readDraft("j-embarque"))?.revision) };
    const retired = await postAs(retireAction, "/author/trainings/j-embarque/retire", author.cookie, retire, {
      slug: "j-embarque",
    });
    expect(statusOf(retired)).toBe(303);
    const entries = await db()
      .select({ action: auditEvents.action, subject: auditEvents.subjectName })
      .from(auditEvents)
      .where(eq(auditEvents.actorId, author.memberId))
      .orderBy(auditEvents.id);
    expect(entries).toEqual([
      { action: "training.created", subject: "volee" },
      { action: "training.imported", subject: "j-embarque" },
      { action: "training.retired", subject: "j-embarque" },
    ]);
  });
});
