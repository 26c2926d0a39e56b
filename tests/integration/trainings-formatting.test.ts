import { beforeEach, describe, expect, it } from "vitest";
import { db } from "~/.server/db/client.server";
import { readTrainingFiles, seedContent } from "~/.server/trainings/seed.server";
import ModulePage, { loader as moduleLoader } from "~/routes/_default.training.$training_slug.modules.$module_slug";
import FullVideo, {
  loader as videoLoader,
} from "~/routes/_next.training.$training_slug.modules.$module_slug.video.$part_slug";
import { renderPage, verifiedMember } from "../support/accounts";
import { buildRequest, callWith, dataOf, statusOf } from "../support/http";

/**
 * A training whose authors used the formatting (issue 26 items 2 and 9): the module page and the
 * full-video page, as the server sends them to a browser without JavaScript, show its lists,
 * emphasis and links, and what an author's text tries to smuggle in stays words.
 */
const files = readTrainingFiles();
const onboarding = files.find((file) => file.content.slug === "j-embarque")!.content;
const module = onboarding.modules[0];
const videoPart = module.parts.find((part) => part.video)!;
const textPart = module.parts.find((part) => !part.video)!;
const modulePath = `/training/j-embarque/modules/${module.slug}`;
const params = { training_slug: "j-embarque", module_slug: module.slug };

// Each test: the database is reset between tests, and a published change is seeded afresh then.
beforeEach(async () => {
  const formatted = structuredClone(onboarding);
  const part = formatted.modules[0].parts.find((p) => p.slug === textPart.slug)!;
  part.body.fr = [
    "Avant de *commencer*, trois **règles** :\n- une chose à la fois\n- un pas par jour\n- [votre tableau de bord](/)",
    "Pour aller plus loin, lisez [ce guide](https://example.org/guide).",
    // Written to the database by a path that skipped the schema: still words, never markup.
    "Piège <script>alert(1)</script> et [clic](javascript:alert(1)) <img src=x onerror=alert(1)>",
  ];
  const video = formatted.modules[0].parts.find((p) => p.slug === videoPart.slug)!.video!;
  video.transcript.en = ["Three steps:\n1. *Look*\n2. **Choose**\n3. Act — see [the map](https://example.org/map)"];
  // A changed hash makes the seed write the training as a browser edit would.
  await seedContent(
    db(),
    files.map((file) => (file.content.slug === "j-embarque" ? { content: formatted, hash: "formatted" } : file)),
  );
});

describe("formatted training text", () => {
  it("shows a reading's lists, emphasis and links on the module page, and hostile text as words", async () => {
    const member = await verifiedMember();
    const answer = await callWith(moduleLoader, buildRequest(modulePath, { cookie: member.cookie }), { params });
    expect(statusOf(answer)).toBe(200);
    const html = await renderPage(ModulePage, { path: modulePath, loaderData: dataOf<object>(answer) });

    expect(html).toContain(
      '<p>Avant de <em>commencer</em>, trois <strong>règles</strong> :</p><ul class="rich-list"><li>une chose à la fois</li><li>un pas par jour</li><li><a href="/">votre tableau de bord</a></li></ul>',
    );
    expect(html).toContain('lisez <a href="https://example.org/guide" rel="noopener noreferrer">ce guide</a>.');
    expect(html).toContain(
      "Piège &lt;script&gt;alert(1)&lt;/script&gt; et [clic](javascript:alert(1)) &lt;img src=x onerror=alert(1)&gt;",
    );
    expect(html).not.toMatch(/<script|<img|href="javascript/i);
  });

  it("asks for the first video's poster first, with the attribute a browser reads", async () => {
    const member = await verifiedMember();
    const answer = await callWith(moduleLoader, buildRequest(modulePath, { cookie: member.cookie }), { params });
    const html = await renderPage(ModulePage, { path: modulePath, loaderData: dataOf<object>(answer) });

    expect(html).toMatch(/<link rel="preload" as="image" href="[^"]+" fetchpriority="high"\/>/);
    expect(html).not.toContain("fetchPriority");
  });

  it("shows a transcript's numbered list and link on the full-video page, in English", async () => {
    const member = await verifiedMember();
    const path = `${modulePath}/video/${videoPart.slug}`;
    const request = buildRequest(path, { cookie: member.cookie, headers: { "Accept-Language": "en" } });
    const answer = await callWith(videoLoader, request, { params: { ...params, part_slug: videoPart.slug } });
    expect(statusOf(answer)).toBe(200);
    const html = await renderPage(FullVideo, { path, loaderData: dataOf<object>(answer), lang: "en" });

    expect(html).toContain(
      '<p>Three steps:</p><ol class="rich-list"><li><em>Look</em></li><li><strong>Choose</strong></li><li>Act — see <a href="https://example.org/map" rel="noopener noreferrer">the map</a></li></ol>',
    );
  });
});
