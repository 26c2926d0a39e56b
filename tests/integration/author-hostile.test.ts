import { readFileSync } from "node:fs";
import path from "node:path";
import type { LoaderFunctionArgs } from "@remix-run/node";
import ICAL from "ical.js";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { coachOf, freeSlotsOf } from "~/.server/coaching/booking/free-times.server";
import { db } from "~/.server/db/client.server";
import { coachingBookings, trainingDrafts } from "~/.server/db/schema.server";
import { grantRole } from "~/.server/coaching/coaches/role-changes.server";
import { forgetCatalogue } from "~/.server/trainings/catalogue.server";
import { readDraft } from "~/.server/authoring/drafts.server";
import { markPartRead, submitQuiz } from "~/.server/trainings/progress.server";
import { readTrainingFile } from "~/.server/trainings/training-file.server";
import { publishContent } from "~/.server/trainings/versions.server";
import { richParagraphs } from "~/content/rich-text";
import { type TrainingContent, trainingContent } from "~/content/training-schema";
import { action as coachAction } from "~/routes/_default.coaching.$coach_slug/route";
import { action as importDraftAction } from "~/routes/_default.author.trainings.$slug.import";
import ModulePreview, { loader as modulePreviewLoader } from "~/routes/_default.author.trainings.$slug.preview.$module";
import TrainingPreview, { loader as previewLoader } from "~/routes/_default.author.trainings.$slug.preview._index";
import Results, { loader as resultsLoader } from "~/routes/_default.result";
import TrainingPage, { loader as trainingLoader } from "~/routes/_default.training.$training_slug._index";
import ModulePage, { loader as moduleLoader } from "~/routes/_default.training.$training_slug.modules.$module_slug";
import TrainingResults, {
  loader as trainingResultsLoader,
} from "~/routes/_default.training_results.$training_slug.j-embarque";
import Trainings, { loader as trainingsLoader } from "~/routes/_default.trainings._index";
import { mailsTo, renderPage, type TestMember, verifiedMember } from "../support/accounts";
import { buildRequest, callWith, dataOf, ORIGIN, statusOf } from "../support/http";

/**
 * Issue 26 item 9: nothing an author writes becomes markup or script in a member's page. Every
 * author text of a training and of a test (titles, summaries, part bodies and transcripts,
 * questions, answers, skills, profiles), in both languages, is made hostile and published; the
 * member pages, the preview, the mails and the .ics files then show it as text, or not at all.
 */
type Routed = (args: LoaderFunctionArgs) => unknown;

const folder = path.join(process.cwd(), "app/content/trainings");
const fileOf = (slug: string): TrainingContent =>
  trainingContent.parse(JSON.parse(readFileSync(path.join(folder, `${slug}.json`), "utf8")));

const hostile = (lang: string) =>
  `${lang} <script>alert(1)</script> "><img src=x onerror=alert(1)> {{title}} $& $1 javascript:alert(1)`;

/** Every {fr, en} text of the content made hostile (ids and slugs are the schema's [a-z0-9_-]). */
function poisoned<Value>(value: Value): Value {
  if (Array.isArray(value)) return value.map(poisoned) as Value;
  if (value === null || typeof value !== "object") return value;
  const record = value as Record<string, unknown>;
  if (Object.keys(record).length === 2 && "fr" in record && "en" in record) {
    const of = (lang: "fr" | "en") => {
      const text = record[lang];
      if (typeof text === "string") return text.startsWith("/") ? text : hostile(lang);
      if (Array.isArray(text)) return text.map(() => hostile(lang));
      return text;
    };
    return { fr: of("fr"), en: of("en") } as Value;
  }
  return Object.fromEntries(Object.entries(record).map(([key, item]) => [key, poisoned(item)])) as Value;
}

async function publishPoisoned(slug: string) {
  const content = trainingContent.parse(poisoned(fileOf(slug)));
  await db().transaction((tx) => publishContent(tx, content, { publishedBy: null }));
  await db().update(trainingDrafts).set({ content }).where(eq(trainingDrafts.slug, slug));
  forgetCatalogue(db());
  return content;
}

function expectOnlyText(html: string, where: string) {
  expect(html, where).not.toMatch(/<script>alert/i);
  expect(html, where).not.toMatch(/<img[^>]*onerror/i);
  expect(html, where).not.toMatch(/href="javascript:/i);
  expect(html, where).toContain("&lt;script&gt;alert(1)&lt;/script&gt;");
  expect(html, where).toContain("&quot;&gt;&lt;img src=x onerror=alert(1)&gt;");
  // Not taken for a translation's placeholder, nor for a replacement pattern.
  expect(html, where).toContain("{{title}} $&amp; $1 javascript:alert(1)");
}

async function page(
  Component: Parameters<typeof renderPage>[0],
  loader: Routed,
  pathname: string,
  member: TestMember,
  params: Record<string, string>,
  lang: "fr" | "en",
) {
  const answer = await callWith(
    loader,
    buildRequest(pathname, {
      cookie: member.cookie,
      headers: { "Accept-Language": lang, Cookie: `${member.cookie}; lng=${lang}` },
    }),
    { params },
  );
  expect(statusOf(answer), pathname).toBe(200);
  return renderPage(Component, { path: pathname, loaderData: await dataOf<object>(answer), lang });
}

describe("hostile text in every author field (item 9)", () => {
  it("shows as text in /trainings, the training, module and result pages and the preview, in both languages", async () => {
    const training = await publishPoisoned("j-embarque");
    const test = await publishPoisoned("capitaine");
    const member = await verifiedMember({ email: "member@example.com" });
    const author = await verifiedMember({ email: "author@example.com" });
    await grantRole({ memberId: null }, author.memberId, "author");
    const [first] = training.modules;
    await markPartRead(member.memberId, "j-embarque", first.slug, first.parts[0].slug);
    const answers = Object.fromEntries(
      test.modules[0].quiz!.questions.map((question) => [
        question.id,
        question.answers.slice(0, question.min).map((a) => a.id),
      ]),
    );
    expect((await submitQuiz(member.memberId, "capitaine", test.modules[0].slug, answers)).ok).toBe(true);

    for (const lang of ["fr", "en"] as const) {
      const pages: Array<[Parameters<typeof renderPage>[0], Routed, string, TestMember, Record<string, string>]> = [
        [Trainings, trainingsLoader, "/trainings", member, {}],
        [TrainingPage, trainingLoader, "/training/j-embarque", member, { training_slug: "j-embarque" }],
        [
          ModulePage,
          moduleLoader,
          `/training/j-embarque/modules/${first.slug}`,
          member,
          { training_slug: "j-embarque", module_slug: first.slug },
        ],
        [
          ModulePage,
          moduleLoader,
          `/training/capitaine/modules/${test.modules[0].slug}`,
          member,
          { training_slug: "capitaine", module_slug: test.modules[0].slug },
        ],
        [
          TrainingResults,
          trainingResultsLoader,
          "/training_results/j-embarque/j-embarque",
          member,
          { training_slug: "j-embarque" },
        ],
        [Results, resultsLoader, "/result", member, {}],
        [
          TrainingPreview,
          previewLoader,
          `/author/trainings/j-embarque/preview?lang=${lang}`,
          author,
          { slug: "j-embarque" },
        ],
        [
          ModulePreview,
          modulePreviewLoader,
          `/author/trainings/capitaine/preview/${test.modules[0].slug}?lang=${lang}`,
          author,
          { slug: "capitaine", module: test.modules[0].slug },
        ],
      ];
      for (const [Component, loader, pathname, visitor, params] of pages) {
        const html = await page(Component, loader, pathname, visitor, params, lang);
        expectOnlyText(html, `${lang} ${pathname}`);
        expect(html, `${lang} ${pathname}`).toContain(`${lang} &lt;script&gt;`);
      }
    }
  });

  it("a javascript: link in a paragraph is refused by the schema and an import, and never rendered as a link", async () => {
    const file = fileOf("j-embarque");
    file.modules[0].parts[0].body.en[0] =
      "[click](javascript:alert(1)) and [data](data:text/html,<script>alert(1)</script>)";
    const read = readTrainingFile(new TextEncoder().encode(JSON.stringify(file)), "en");
    expect(read.ok).toBe(false);
    if (!read.ok) expect(read.errors.map((e) => e.path)).toContain("modules[0].parts[0].body.en[0]");
    const blocks = richParagraphs(file.modules[0].parts[0].body.en);
    expect(JSON.stringify(blocks)).not.toContain('"type":"link"');

    const author = await verifiedMember({ email: "author@example.com" });
    await grantRole({ memberId: null }, author.memberId, "author");
    const before = await readDraft("j-embarque");
    const form = new FormData();
    form.set("revision", String(before?.revision));
    form.set("file", new File([JSON.stringify(file)], "j-embarque.json", { type: "application/json" }));
    const request = new Request(new URL("/author/trainings/j-embarque/import", ORIGIN), {
      method: "POST",
      headers: { Cookie: author.cookie },
      body: form,
    });
    const answer = await callWith(importDraftAction, request, { params: { slug: "j-embarque" } });
    expect(statusOf(answer)).toBe(422);
    expect((await readDraft("j-embarque"))?.content).toEqual(before?.content);
  });

  it("mails and .ics files name no author text: a session booked from a hostile module carries none of it", async () => {
    await publishPoisoned("j-embarque");
    const member = await verifiedMember({ email: "member@example.com" });
    const coach = await coachOf("claire-moreau");
    const from = new Date(Date.now() + 3 * 24 * 3600_000);
    const [slot] = await freeSlotsOf(coach!, from, new Date(from.getTime() + 14 * 24 * 3600_000));
    const modulePath = `/training/j-embarque/modules/${fileOf("j-embarque").modules[0].slug}`;
    const answer = await callWith(
      coachAction,
      buildRequest("/coaching/claire-moreau", {
        cookie: member.cookie,
        form: { start: slot.start.toISOString(), tz: "Europe/Paris", from: modulePath },
      }),
      { params: { coach_slug: "claire-moreau" } },
    );
    expect(statusOf(answer)).toBe(303);
    const [booking] = await db().select().from(coachingBookings).where(eq(coachingBookings.memberId, member.memberId));
    expect(booking.fromPath).toBe(modulePath);
    const mails = [...(await mailsTo(member.email)), ...(await mailsTo("claire.moreau@coachs.cap.example"))];
    expect(mails.length).toBeGreaterThan(0);
    for (const mail of mails) {
      const parts = [mail.subject, mail.text, mail.html ?? "", ...mail.attachments.map((a) => a.content)];
      for (const text of parts) {
        expect(text).not.toContain("<script");
        expect(text).not.toContain("onerror");
        expect(text).not.toContain("{{title}}");
      }
      for (const attachment of mail.attachments) {
        // The .ics reads as a calendar: its summary is the session's, not a training's.
        const event = new ICAL.Event(
          new ICAL.Component(ICAL.parse(attachment.content)).getFirstSubcomponent("vevent")!,
        );
        expect(event.summary).not.toContain("alert");
      }
    }
  });
});
