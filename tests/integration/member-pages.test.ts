import { createStaticHandler, createStaticRouter, StaticRouterProvider } from "react-router-dom/server";
import { createElement } from "react";
import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { resources } from "~/locales/resources";
import { I18nProvider } from "~/i18n/react";
import { ErrorBoundary as RootErrorBoundary } from "~/root";
import Overview, { loader as overviewLoader } from "~/routes/_default._index/route";
import OldTrainings, { loader as oldTrainingsLoader } from "~/routes/_default.old_trainings";
import Results, { loader as allResultsLoader } from "~/routes/_default.result";
import TrainingResultsPage, {
  loader as slugResultsLoader,
} from "~/routes/_default.training_results.$training_slug.j-embarque";
import LifeGpsResult, {
  loader as lifeGpsResultLoader,
} from "~/routes/_default.training_results.$training_slug.my_life_gps";
import { loader as pointGpsLoader } from "~/routes/_default.training_results.le_point_gps";
import FullVideo, {
  loader as videoLoader,
} from "~/routes/_next.training.$training_slug.modules.$module_slug.video.$part_slug";
import { renderPage, type TestMember, verifiedMember } from "../support/accounts";
import { buildRequest, callWith, dataOf, statusOf } from "../support/http";
import { completeTraining, seededContent } from "../support/trainings";

/**
 * The pages a member finds from the sidebar, the overview and the trainings (issue 23 items 9 and
 * 11): what they show, in the words a member reads.
 */
async function load<T>(loader: Parameters<typeof callWith>[0], path: string, member: TestMember, params = {}) {
  const answer = await callWith(loader, buildRequest(path, { cookie: member.cookie }), { params });
  expect(statusOf(answer), path).toBe(200);
  return dataOf<T>(answer);
}

async function statusAt(loader: Parameters<typeof callWith>[0], path: string, member: TestMember, params = {}) {
  return statusOf(await callWith(loader, buildRequest(path, { cookie: member.cookie }), { params }));
}

/** The visible text of a page, tags dropped: what a member reads. */
const textOf = (html: string) =>
  html
    .replace(/<[^>]+>/g, " ")
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/\s+/g, " ");

describe("the overview's tests carried out", () => {
  it("offers the two named tests until taken, then lists each test taken with its profile and result", async () => {
    const member = await verifiedMember();
    type View = Awaited<ReturnType<typeof overviewLoader>>;
    const before = await load<View>(overviewLoader, "/", member);
    expect(before.testsTaken).toEqual([]);
    expect(before.testsOffered.map((test) => test.slug).sort()).toEqual(["capitaine", "gps-de-ma-vie"]);
    let html = await renderPage(Overview, { path: "/", loaderData: before });
    expect(textOf(html)).toContain("Vous n’avez pas encore passé de test.");
    expect(html).toContain('href="/training/capitaine/modules/questionnaire"');
    expect(textOf(html)).toContain("Passer le test : Quel capitaine suis-je ?");
    expect(html).toContain('href="/result"');

    await completeTraining(member, "capitaine");
    const after = await load<View>(overviewLoader, "/", member);
    expect(after.testsTaken).toEqual([
      expect.objectContaining({
        slug: "capitaine",
        title: "Quel capitaine suis-je ?",
        resultPath: "/result#capitaine",
      }),
    ]);
    expect(after.testsTaken[0].profile).toEqual(expect.any(String));
    expect(after.testsOffered.map((test) => test.slug)).toEqual(["gps-de-ma-vie"]);
    html = await renderPage(Overview, { path: "/", loaderData: after, lang: "en" });
    expect(textOf(html)).toContain("Tests carried out");
    expect(textOf(html)).toContain(after.testsTaken[0].profile);
    // The loader spoke French (the member's language); the page's own words are English here.
    expect(textOf(html)).toContain("Take the test : Le GPS de ma vie");
    expect(textOf(html)).not.toContain("Take the test : Quel capitaine suis-je ?");
  });
});

describe("/training_results/{slug}/my_life_gps", () => {
  it("shows that slug's own result: the life GPS test's radar, the captain test's skills, a training's scores", async () => {
    const member = await verifiedMember();
    await completeTraining(member, "gps-de-ma-vie");
    await completeTraining(member, "capitaine", { pick: "last" });
    type View = Awaited<ReturnType<typeof lifeGpsResultLoader>>;
    const skillsOf = (view: View) => (view.result.kind === "test" ? view.result.skills.map((s) => s.label) : []);

    const lifeGps = await load<View>(lifeGpsResultLoader, "/training_results/gps-de-ma-vie/my_life_gps", member, {
      training_slug: "gps-de-ma-vie",
    });
    expect(lifeGps.title).toBe("Résultats : Le GPS de ma vie");
    expect(skillsOf(lifeGps)).toEqual(seededContent["gps-de-ma-vie"].skills.map((s) => s.label.fr));
    const lifeHtml = await renderPage(LifeGpsResult, {
      path: "/training_results/gps-de-ma-vie/my_life_gps",
      loaderData: lifeGps,
    });
    expect(textOf(lifeHtml)).toContain("Votre point fort :");
    // A radar, named after the test's chart.
    expect(lifeHtml).toMatch(/<svg[^>]*aria-label="Le GPS de ma vie : graphique des scores par compétence"/);
    expect(lifeHtml).toContain("chart__svg--radar");

    const captain = await load<View>(lifeGpsResultLoader, "/training_results/capitaine/my_life_gps", member, {
      training_slug: "capitaine",
    });
    expect(captain.title).toBe("Résultats : Quel capitaine suis-je ?");
    expect(skillsOf(captain)).toEqual(seededContent.capitaine.skills.map((s) => s.label.fr));
    expect(skillsOf(captain)).not.toEqual(skillsOf(lifeGps));

    const training = await load<View>(lifeGpsResultLoader, "/training_results/j-embarque/my_life_gps", member, {
      training_slug: "j-embarque",
    });
    expect(training.result.kind).toBe("training");
    const trainingHtml = textOf(
      await renderPage(LifeGpsResult, { path: "/training_results/j-embarque/my_life_gps", loaderData: training }),
    );
    expect(trainingHtml).toContain("Résultats : J’embarque");
    expect(trainingHtml).toContain("Pas encore fait");

    expect(
      await statusAt(lifeGpsResultLoader, "/training_results/nope/my_life_gps", member, { training_slug: "nope" }),
    ).toBe(404);
  });

  it("an untaken test offers to take it instead of an empty chart", async () => {
    const member = await verifiedMember();
    const view = await load<Awaited<ReturnType<typeof lifeGpsResultLoader>>>(
      lifeGpsResultLoader,
      "/training_results/gps-de-ma-vie/my_life_gps",
      member,
      { training_slug: "gps-de-ma-vie" },
    );
    const html = await renderPage(LifeGpsResult, {
      path: "/training_results/gps-de-ma-vie/my_life_gps",
      loaderData: view,
    });
    expect(textOf(html)).toContain("Vous n’avez pas encore passé ce test.");
    expect(html).not.toContain("Votre point fort");
  });
});

describe("/training_results/le_point_gps and the paths that lead there", () => {
  it("shows Le point GPS's module scores, and the card, /result and the finished list link to it", async () => {
    const member = await verifiedMember();
    type View = Awaited<ReturnType<typeof pointGpsLoader>>;
    const fresh = await load<View>(pointGpsLoader, "/training_results/le_point_gps", member);
    expect(fresh.title).toBe("Résultats : Le point GPS");
    let html = textOf(
      await renderPage(TrainingResultsPage, { path: "/training_results/le_point_gps", loaderData: fresh }),
    );
    expect(html).toContain("Pas encore fait");

    await completeTraining(member, "le-point-gps");
    const done = await load<View>(pointGpsLoader, "/training_results/le_point_gps", member);
    html = textOf(await renderPage(TrainingResultsPage, { path: "/training_results/le_point_gps", loaderData: done }));
    expect(html).toMatch(/\d+ \/ \d+ au quiz/);
    expect(html).not.toContain("Pas encore fait");
    // The path with the slug shows the same.
    const bySlug = await load<View>(slugResultsLoader, "/training_results/le-point-gps/j-embarque", member, {
      training_slug: "le-point-gps",
    });
    expect(bySlug).toEqual(done);

    const results = await load<object>(allResultsLoader, "/result", member);
    expect(await renderPage(Results, { path: "/result", loaderData: results })).toContain(
      'href="/training_results/le_point_gps"',
    );

    type Old = { trainings: { slug: string; title: string; actionPath: string }[] };
    const old = await load<Old>(oldTrainingsLoader, "/old_trainings", member);
    expect(old.trainings.find((t) => t.slug === "le-point-gps")?.actionPath).toBe("/training_results/le_point_gps");
  });
});

describe("/old_trainings", () => {
  it("lists each training once finished (archived ones only to members who started them), with a way back to the list", async () => {
    const member = await verifiedMember();
    type Old = { trainings: { slug: string; title: string }[] };
    // Cap 2024 is archived in the seed: a member who never started it does not see it (issue 26 item 1).
    const before = await load<Old>(oldTrainingsLoader, "/old_trainings", member);
    expect(before.trainings).toEqual([]);
    const html = textOf(await renderPage(OldTrainings, { path: "/old_trainings", loaderData: before }));
    expect(html).toContain("Formations passées");

    await completeTraining(member, "j-embarque");
    const after = await load<Old>(oldTrainingsLoader, "/old_trainings", member);
    expect(after.trainings.map((t) => t.slug).sort()).toEqual(["j-embarque"]);
    const english = await renderPage(OldTrainings, { path: "/old_trainings", loaderData: after, lang: "en" });
    expect(textOf(english)).toContain("Back to the trainings");
    expect(textOf(english)).toContain("See my result : J’embarque");
    expect(english).toContain('href="/trainings"');
  });
});

describe("the full-video page", () => {
  const params = { training_slug: "j-embarque", module_slug: "prendre-la-barre", part_slug: "bienvenue-a-bord" };
  const path = "/training/j-embarque/modules/prendre-la-barre/video/bienvenue-a-bord";

  it("shows the part's video with its captions, its transcript and the way back to the module", async () => {
    const member = await verifiedMember();
    const part = seededContent["j-embarque"].modules[0].parts.find((p) => p.slug === "bienvenue-a-bord")!;
    const view = await load<object>(videoLoader, path, member, params);
    const html = await renderPage(FullVideo, { path, loaderData: view });
    expect(html).toContain(`<h1>${part.title.fr}</h1>`);
    expect(html).toContain(`src="${part.video!.src}"`);
    expect(html).toContain(`src="${part.video!.captions.fr}"`);
    expect(textOf(html)).toContain(part.video!.transcript.fr[0].slice(0, 40));
    expect(html).toContain('href="/training/j-embarque/modules/prendre-la-barre#part-bienvenue-a-bord"');
    expect(textOf(html)).toContain("Revenir au module");
  });

  it("answers 404 for a part without a video or an unknown one", async () => {
    const member = await verifiedMember();
    const textPart = seededContent["j-embarque"].modules[0].parts.find((p) => !p.video)!;
    for (const part_slug of [textPart.slug, "nope"]) {
      const at = path.replace("bienvenue-a-bord", part_slug);
      expect(await statusAt(videoLoader, at, member, { ...params, part_slug }), part_slug).toBe(404);
    }
  });
});

describe("the 500 page", () => {
  /** What a member sees when the overview's loader fails unexpectedly: the app's own error boundary. */
  async function failedPage(lang: "fr" | "en") {
    const handler = createStaticHandler([
      {
        id: "root",
        path: "/",
        loader: () => {
          throw new Error("the database said no");
        },
        Component: Overview,
        ErrorBoundary: RootErrorBoundary,
      },
    ]);
    const context = await handler.query(buildRequest("/"));
    if (context instanceof Response) throw new Error(`answered ${context.status}`);
    const router = createStaticRouter(handler.dataRoutes, context);
    const html = renderToString(
      createElement(I18nProvider, {
        value: { language: lang, resources: resources[lang], fallback: resources.en },
        // biome-ignore lint/correctness/noChildrenProp: createElement's typing asks for children among the props here
        children: createElement(StaticRouterProvider, { router, context, hydrate: false }),
      }),
    );
    return { status: context.statusCode, html };
  }

  it("says Internal Server Error with the status, no detail of the failure, and a way home", async () => {
    const silenced = console.error;
    console.error = () => {};
    try {
      const english = await failedPage("en");
      expect(english.status).toBe(500);
      expect(textOf(english.html)).toContain("500");
      expect(english.html).toMatch(/<h1>Internal Server Error<\/h1>/);
      expect(english.html).not.toContain("the database said no");
      expect(english.html).toContain('href="/"');
      const french = await failedPage("fr");
      expect(french.html).toMatch(/<h1>Erreur interne du serveur<\/h1>/);
    } finally {
      console.error = silenced;
    }
  });
});
