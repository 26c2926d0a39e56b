import { and, desc, eq, sql } from "drizzle-orm";
import type { LoaderFunctionArgs } from "@remix-run/node";
import { describe, expect, it } from "vitest";
import { db } from "~/.server/db/client.server";
import { auditEvents, trainingDrafts, trainingVersions, trainings } from "~/.server/db/schema.server";
import { createDraft, readDraft, saveDraft } from "~/.server/authoring/drafts.server";
import { readTrainingFiles } from "~/.server/trainings/seed.server";
import type { DraftContent } from "~/content/training-schema";
import PublishPage, {
  action as publishAction,
  loader as publishLoader,
} from "~/routes/_default.author.trainings.$slug.publish";
import HistoryPage, {
  action as historyAction,
  loader as historyLoader,
} from "~/routes/_default.author.trainings.$slug.history";
import { loader as versionFileLoader } from "~/routes/author.trainings.$slug.history.$number.file[.]json";
import { loader as trainingsLoader } from "~/routes/_default.trainings._index";
import QuizPage, {
  loader as quizLoader,
} from "~/routes/_default.author.trainings.$slug.modules.$module.quiz._index/route";
import AuthorTrainings, { loader as authorTrainingsLoader } from "~/routes/_default.author.trainings._index";
import { renderPage, type TestMember, verifiedMember } from "../support/accounts";
import { buildRequest, callWith, dataOf, getAs, headerOf, postAs, statusOf } from "../support/http";
import { withRole } from "../support/roles";

/**
 * Issue 26 items 4 and 6: the publish page (the draft checked complete, what would change, one
 * action in one transaction, stale refused) and the history (every version, going back by
 * publishing an earlier one again, each version's file). Authors and admins only.
 */
type Routed = (args: LoaderFunctionArgs) => unknown;
const seeded = (slug: string) => readTrainingFiles().find((file) => file.content.slug === slug)!.content;

const post = (
  action: Routed,
  path: string,
  cookie: string,
  params: Record<string, string>,
  form: Record<string, string>,
) => postAs(action, path, cookie, form, params);

async function revisionOf(slug: string) {
  return (await readDraft(slug))!.revision;
}

async function editDraft(slug: string, author: TestMember, edit: (content: DraftContent) => DraftContent) {
  const save = await saveDraft(slug, { revision: await revisionOf(slug), authorId: author.memberId, lang: "fr" }, edit);
  expect(save.ok).toBe(true);
}

function publish(slug: string, author: TestMember, revision: number) {
  return post(
    publishAction,
    `/author/trainings/${slug}/publish`,
    author.cookie,
    { slug },
    { revision: String(revision) },
  );
}

describe("publish and history refuse whoever is neither author nor admin", () => {
  it("a plain member and a coach get 404 from every loader and action, and nothing changes", async () => {
    const plain = await withRole("plain@example.com", null);
    const coach = await withRole("coach@example.com", "coach");
    const versions = await db().select().from(trainingVersions);
    for (const visitor of [plain, coach]) {
      const params = { slug: "cap-2024" };
      expect(statusOf(await getAs(publishLoader, "/author/trainings/cap-2024/publish", visitor.cookie, params))).toBe(
        404,
      );
      expect(statusOf(await getAs(historyLoader, "/author/trainings/cap-2024/history", visitor.cookie, params))).toBe(
        404,
      );
      expect(
        statusOf(
          await getAs(versionFileLoader, "/author/trainings/cap-2024/history/1/file.json", visitor.cookie, {
            ...params,
            number: "1",
          }),
        ),
      ).toBe(404);
      expect(statusOf(await publish("cap-2024", visitor, await revisionOf("cap-2024")))).toBe(404);
      expect(
        statusOf(
          await post(historyAction, "/author/trainings/cap-2024/history", visitor.cookie, params, {
            revision: String(await revisionOf("cap-2024")),
            number: "1",
          }),
        ),
      ).toBe(404);
    }
    expect(await db().select().from(trainingVersions)).toEqual(versions);
  });
});

describe("/author/trainings/<slug>/publish", () => {
  it("lists what the draft lacks, in words and languages, and publishes nothing until it is complete", async () => {
    const author = await withRole("author@example.com", "author");
    await editDraft("cap-2024", author, (content) => {
      content.title.en = "";
      content.modules[0].quiz!.questions[0].prompt.fr = "";
      return content;
    });
    const page = await dataOf<{ complete: boolean; missing: { path: string; where: string; message: string }[] }>(
      await getAs(publishLoader, "/author/trainings/cap-2024/publish", author.cookie, { slug: "cap-2024" }),
    );
    expect(page.complete).toBe(false);
    expect(page.missing.map((m) => m.path)).toEqual(["title.en", "modules[0].quiz.questions[0].prompt.fr"]);
    expect(page.missing[0].where).toBe("Titre › en anglais");
    expect(page.missing[1].where).toMatch(/^Module 1 « .+ » › Quiz › Question 1 › Question › en français$/);
    expect(page.missing[1].message).toBe("le texte en français manque");
    const html = await renderPage(PublishPage, { path: "/author/trainings/cap-2024/publish", loaderData: page });
    expect(html).toContain("Il manque encore 2 choses");
    expect(html).not.toContain('method="post"');

    const before = await db().select().from(trainingVersions);
    const refused = await publish("cap-2024", author, await revisionOf("cap-2024"));
    expect(statusOf(refused)).toBe(422);
    expect(await db().select().from(trainingVersions)).toEqual(before);
  });

  it("refuses a graded quiz without a pass mark, and the quiz's page says so", async () => {
    const author = await withRole("author@example.com", "author");
    await editDraft("j-embarque", author, (content) => {
      content.modules[1].quiz!.passPercent = 0;
      return content;
    });
    const page = await dataOf<{ complete: boolean; missing: { path: string; where: string; message: string }[] }>(
      await getAs(publishLoader, "/author/trainings/j-embarque/publish", author.cookie, { slug: "j-embarque" }),
    );
    expect(page.complete).toBe(false);
    expect(page.missing).toEqual([
      {
        path: "modules[1].quiz.passPercent",
        where: expect.stringMatching(/^Module 2 « .+ » › Quiz › Note pour réussir$/),
        message: "un quiz noté (avec de bonnes réponses) a besoin d’une note pour être réussi, de 1 à 100 %",
      },
    ]);
    const before = await db().select().from(trainingVersions);
    expect(statusOf(await publish("j-embarque", author, await revisionOf("j-embarque")))).toBe(422);
    expect(await db().select().from(trainingVersions)).toEqual(before);

    const quizPath = "/author/trainings/j-embarque/modules/lire-sa-carte/quiz";
    const quiz = await getAs(quizLoader, quizPath, author.cookie, { slug: "j-embarque", module: "lire-sa-carte" });
    const html = await renderPage(QuizPage, { path: quizPath, loaderData: await dataOf<object>(quiz) });
    expect(html).toContain("Ce quiz a de bonnes réponses mais pas encore de note");
  });

  it("publishes the draft the author saw as the next version, live for members at once; a stale one gets 409", async () => {
    const author = await withRole("author@example.com", "author");
    const member = await verifiedMember({ email: "member@example.com" });
    await editDraft("le-point-gps", author, (content) => ({ ...content, title: { fr: "Le point", en: "Where I am" } }));
    const revision = await revisionOf("le-point-gps");

    const page = await dataOf<{ complete: boolean; changes: string[]; live: number }>(
      await getAs(publishLoader, "/author/trainings/le-point-gps/publish", author.cookie, { slug: "le-point-gps" }),
    );
    expect(page).toMatchObject({
      complete: true,
      live: 1,
      changes: ["titre, résumé ou réglages de la formation modifiés"],
    });

    expect(statusOf(await publish("le-point-gps", author, revision - 1))).toBe(409);
    expect(statusOf(await publish("le-point-gps", author, 2_147_483_648))).toBe(400);
    const done = await publish("le-point-gps", author, revision);
    expect(statusOf(done)).toBe(303);
    expect(headerOf(done, "Location")).toBe("/author/trainings/le-point-gps/publish?published=2");

    const [training] = await db().select().from(trainings).where(eq(trainings.slug, "le-point-gps"));
    const [version] = await db()
      .select()
      .from(trainingVersions)
      .where(eq(trainingVersions.trainingId, training.id))
      .orderBy(desc(trainingVersions.number))
      .limit(1);
    expect(version).toMatchObject({ number: 2, publishedBy: author.memberId });
    expect(training.versionId).toBe(version.id);
    expect(training.content.title.fr).toBe("Le point");
    const draft = (await readDraft("le-point-gps"))!;
    expect(draft).toMatchObject({ revision: revision + 1, unpublishedChanges: false, published: { number: 2 } });
    const [audit] = await db().select().from(auditEvents).where(eq(auditEvents.action, "training.published"));
    expect(audit).toMatchObject({ actorId: author.memberId, subjectName: "le-point-gps", after: { version: 2 } });

    // Members see it at once (the publishing process forgot its catalogue).
    const list = await dataOf<{ trainings: { slug: string; title: string }[] }>(
      await callWith(trainingsLoader, buildRequest("/trainings", { cookie: member.cookie })),
    );
    expect(list.trainings.find((t) => t.slug === "le-point-gps")?.title).toBe("Le point");

    // The same form sent again is stale now: nothing more is published.
    expect(statusOf(await publish("le-point-gps", author, revision))).toBe(409);
    // A form read after the publish, with nothing changed since, publishes nothing either.
    const unchanged = await publish("le-point-gps", author, revision + 1);
    expect(statusOf(unchanged)).toBe(409);
    expect((await dataOf<{ error: Record<string, string[]> }>(unchanged)).error[""]).toEqual([
      "publish.nothingToPublish",
    ]);
    expect(await db().select().from(trainingVersions).where(eq(trainingVersions.trainingId, training.id))).toHaveLength(
      2,
    );
  });

  it("a training never published becomes visible to members at its first publish", async () => {
    const author = await withRole("admin@example.com", "admin");
    const member = await verifiedMember({ email: "member@example.com" });
    const content = {
      ...seeded("cap-2024"),
      slug: "cap-2026",
      archived: false,
      title: { fr: "Cap 2026", en: "Heading 2026" },
    };
    expect(await createDraft(content, author.memberId, "fr", "training.created")).toEqual({ ok: true });
    const slugs = async () =>
      (
        await dataOf<{ trainings: { slug: string }[] }>(
          await callWith(trainingsLoader, buildRequest("/trainings", { cookie: member.cookie })),
        )
      ).trainings.map((t) => t.slug);
    expect(await slugs()).not.toContain("cap-2026");
    const page = await dataOf<{ firstPublish: boolean; complete: boolean }>(
      await getAs(publishLoader, "/author/trainings/cap-2026/publish", author.cookie, { slug: "cap-2026" }),
    );
    expect(page).toMatchObject({ firstPublish: true, complete: true });
    // The author's list says what members see: nothing of it yet, then its first version.
    const stateInList = async () => {
      const path = "/author/trainings";
      const list = await dataOf<object>(await getAs(authorTrainingsLoader, path, author.cookie));
      const html = await renderPage(AuthorTrainings, { path, loaderData: list });
      return html.slice(html.indexOf("Cap 2026")).match(/ · (En ligne|Jamais publiée|Dans les archives)</)?.[1];
    };
    expect(await stateInList()).toBe("Jamais publiée");
    const ready = await renderPage(PublishPage, { path: "/author/trainings/cap-2026/publish", loaderData: page });
    expect(ready).toContain("Prête à publier ?");

    expect(statusOf(await publish("cap-2026", author, await revisionOf("cap-2026")))).toBe(303);
    expect(await slugs()).toContain("cap-2026");
    expect(await stateInList()).toBe("En ligne");
    const justPublished = "/author/trainings/cap-2026/publish?published=1";
    const after = await dataOf<object>(await getAs(publishLoader, justPublished, author.cookie, { slug: "cap-2026" }));
    const published = await renderPage(PublishPage, { path: justPublished, loaderData: after });
    expect(published).toContain("En ligne et à jour");
    expect(published).toContain("les membres voient ce brouillon, c’est la version 1.");
    expect(published).not.toMatch(/Prête à publier|peut être publiée/);
    const [training] = await db().select().from(trainings).where(eq(trainings.slug, "cap-2026"));
    expect(training.content.title.en).toBe("Heading 2026");
  });

  it("a slug longer than a slug can be is a 404, page and action", async () => {
    const author = await withRole("author@example.com", "author");
    const slug = "a".repeat(65);
    expect(statusOf(await getAs(publishLoader, `/author/trainings/${slug}/publish`, author.cookie, { slug }))).toBe(
      404,
    );
    expect(statusOf(await publish(slug, author, 1))).toBe(404);
    expect(statusOf(await getAs(historyLoader, `/author/trainings/${slug}/history`, author.cookie, { slug }))).toBe(
      404,
    );
    expect(statusOf(await publish("nothing-here", author, 1))).toBe(404);
  });
});

describe("/author/trainings/<slug>/history", () => {
  it("lists versions newest first; an older one published again becomes the next, and the draft with it", async () => {
    const author = await withRole("author@example.com", "author");
    await editDraft("cap-2024", author, (content) => {
      content.modules[0].quiz!.questions[0].prompt = { fr: "Votre mot ?", en: "Your word?" };
      return content;
    });
    expect(statusOf(await publish("cap-2024", author, await revisionOf("cap-2024")))).toBe(303);

    type History = {
      revision: number;
      versions: { number: number; by: string | null; at: string; changes: string[]; live: boolean }[];
    };
    const read = async (lang: "fr" | "en" = "fr") =>
      dataOf<History>(
        await callWith(
          historyLoader,
          buildRequest("/author/trainings/cap-2024/history", {
            cookie: author.cookie,
            headers: { "Accept-Language": lang },
          }),
          { params: { slug: "cap-2024" } },
        ),
      );
    const history = await read();
    expect(history.versions.map((v) => [v.number, v.live])).toEqual([
      [2, true],
      [1, false],
    ]);
    expect(history.versions[0].changes).toEqual(["1 question modifiée"]);
    expect(history.versions[1].by).toBeNull();
    expect(history.versions[0].by).toMatch(/\S/);
    const html = await renderPage(HistoryPage, { path: "/author/trainings/cap-2024/history", loaderData: history });
    expect(html).toContain("Par les fichiers du dépôt");
    expect(html).toContain("Republier la version 1");
    expect(html).not.toContain("Republier la version 2");
    expect(html).toContain('href="/author/trainings/cap-2024/history/1/file.json"');

    const back = (number: string, revision = history.revision) =>
      post(
        historyAction,
        "/author/trainings/cap-2024/history",
        author.cookie,
        { slug: "cap-2024" },
        {
          revision: String(revision),
          number,
        },
      );
    expect(statusOf(await back("2"))).toBe(409); // the live one
    expect(statusOf(await back("9"))).toBe(404);
    expect(statusOf(await back("abc"))).toBe(400);
    expect(statusOf(await back("1", history.revision - 1))).toBe(409);
    const done = await back("1");
    expect(headerOf(done, "Location")).toBe("/author/trainings/cap-2024/history?published=3");

    const after = await read("en");
    expect(after.versions[0]).toMatchObject({ number: 3, live: true });
    expect(after.versions[0].changes).toEqual(["back to version 1", "1 question changed"]);
    const [training] = await db().select().from(trainings).where(eq(trainings.slug, "cap-2024"));
    expect(training.content.modules[0].quiz!.questions[0].prompt).toEqual(
      seeded("cap-2024").modules[0].quiz!.questions[0].prompt,
    );
    const [draft] = await db().select().from(trainingDrafts).where(eq(trainingDrafts.slug, "cap-2024"));
    expect(draft.content).toEqual(training.content);
    expect((await readDraft("cap-2024"))!.unpublishedChanges).toBe(false);
    const audits = await db()
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.action, "training.reverted")));
    expect(audits[0]).toMatchObject({ after: { version: 3, from: 1 } });
  });

  it("pages a long history 50 versions at a time, newest first", async () => {
    const author = await withRole("author@example.com", "author");
    const [training] = await db().select().from(trainings).where(eq(trainings.slug, "capitaine"));
    // 54 more versions, as 54 publishes would leave them (the live one stays version 1 here).
    await db().execute(sql`
      insert into training_versions (training_id, number, content, published_by, summary)
      select training_id, n, content, ${author.memberId}::uuid, summary
        from training_versions, generate_series(2, 55) as n
       where training_id = ${training.id} and number = 1`);
    const page = async (query: string) =>
      dataOf<{ page: { page: number; pages: number }; versions: { number: number }[] }>(
        await getAs(historyLoader, `/author/trainings/capitaine/history${query}`, author.cookie, { slug: "capitaine" }),
      );
    const first = await page("");
    expect(first.page).toEqual({ page: 1, pages: 2 });
    expect(first.versions.map((v) => v.number)).toEqual(Array.from({ length: 50 }, (_, i) => 55 - i));
    expect((await page("?page=2")).versions.map((v) => v.number)).toEqual([5, 4, 3, 2, 1]);
    // A page past the end is the last one; a page that is not a number, the first.
    expect((await page("?page=99")).page.page).toBe(2);
    expect((await page("?page=abc")).page.page).toBe(1);
  });

  it("hands out each version's file as the repository writes it; a number that is not one is a 404", async () => {
    const author = await withRole("author@example.com", "author");
    const file = (number: string, slug = "capitaine") =>
      getAs(versionFileLoader, `/author/trainings/${slug}/history/${number}/file.json`, author.cookie, {
        slug,
        number,
      });
    const answer = (await file("1")) as Response;
    expect(answer.status).toBe(200);
    expect(answer.headers.get("Content-Disposition")).toBe('attachment; filename="capitaine-v1.json"');
    expect(JSON.parse(await answer.text())).toEqual(
      JSON.parse(
        (await import("node:fs")).readFileSync(`${process.cwd()}/app/content/trainings/capitaine.json`, "utf8"),
      ),
    );
    for (const number of ["abc", "0", "2", "1e3", "-1", "1".repeat(12)])
      expect(statusOf(await file(number)), number).toBe(404);
    expect(statusOf(await file("1", "b".repeat(65)))).toBe(404);
  });
});
