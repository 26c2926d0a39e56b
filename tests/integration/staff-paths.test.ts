import { beforeAll, describe, expect, it } from "vitest";
import { coachMember } from "../support/coaches";
import { verifiedMember } from "../support/accounts";
import { buildRequest, ORIGIN } from "../support/http";
import { adminMember } from "../support/roles";
import { servedRoutes, type ServedRoute } from "../support/served-routes";

/**
 * A staff URL (the admin's, the author's and the coach's spaces, and the author's downloads)
 * answers whoever may not see it as a path no route has, whatever the method: same status, same
 * title, same heading. Every staff route of the build is tried, with GET and POST, as a member and
 * as a coach; a visitor gets what every signed-in page answers them, the sign-in. The build's
 * routes are served in this process (tests/support/served-routes.ts), after `npm run build`.
 */
let served: Awaited<ReturnType<typeof servedRoutes>>;
let staff: ServedRoute[];

beforeAll(async () => {
  served = await servedRoutes();
  staff = served.routes.filter(
    (route) => /^\/(admin|author|coach)(\/|$)/.test(route.path) && !route.id.startsWith("routes/_home."),
  );
}, 120_000);

/** The route's path with each parameter filled in. */
const concrete = (route: ServedRoute) => route.path.replace(/:[a-z_]+/g, "x1");

type Answer = { status: number; title?: string; heading?: string; location?: string | null };

/** Every answer, a page, a refusal or a redirect, keeps other windows' hands off Cap's. */
const openers = new Set<string | null>();

async function answerTo(path: string, method: "GET" | "POST", cookie: string | undefined): Promise<Answer> {
  const request = buildRequest(path, {
    method,
    cookie,
    lang: "fr",
    headers: { Origin: ORIGIN, Host: new URL(ORIGIN).host },
    ...(method === "POST" ? { form: { intent: "save" } } : {}),
  });
  const response = await served.handle(request);
  openers.add(response.headers.get("Cross-Origin-Opener-Policy"));
  const html = await response.text();
  return {
    status: response.status,
    title: html.match(/<title>([^<]*)<\/title>/)?.[1],
    heading: html.match(/<h1[^>]*>([^<]*)<\/h1>/)?.[1],
    location: response.headers.get("Location"),
  };
}

/** Each staff route whose answer to `method` differs from an unknown path's, with both answers. */
async function unlikeUnknownPaths(cookie: string, method: "GET" | "POST", routes: ServedRoute[]) {
  const unknown = await answerTo("/admin/no-such-page", method, cookie);
  expect(unknown.status).toBe(404);
  expect(unknown.heading).toBe("Page introuvable");
  const differing: string[] = [];
  for (const route of routes) {
    const answer = await answerTo(concrete(route), method, cookie);
    if (answer.status !== unknown.status || answer.title !== unknown.title || answer.heading !== unknown.heading)
      differing.push(`${method} ${concrete(route)} → ${JSON.stringify(answer)}`);
  }
  return differing;
}

describe("staff URLs", () => {
  it("covers every staff route of the build, pages and downloads", () => {
    const ids = staff.map((route) => route.id);
    expect(ids).toEqual(expect.arrayContaining(["routes/_default.admin._index", "routes/_default.admin.audit"]));
    expect(ids).toEqual(
      expect.arrayContaining(["routes/_default.coach._index", "routes/author.trainings.$slug.draft[.]json"]),
    );
    expect(staff.length).toBeGreaterThan(40);
  });

  it.each(["GET", "POST"] as const)("answer %s from a member as an unknown path does", async (method) => {
    const member = await verifiedMember();
    expect(await unlikeUnknownPaths(member.cookie, method, staff)).toEqual([]);
  });

  it.each(["GET", "POST"] as const)(
    "answer %s from a coach, outside the coach's space, as an unknown path does",
    async (method) => {
      const coach = await coachMember();
      const notCoaching = staff.filter((route) => !route.path.startsWith("/coach"));
      expect(await unlikeUnknownPaths(coach.cookie, method, notCoaching)).toEqual([]);
    },
  );

  it.each(["GET", "POST"] as const)(
    "answer %s from a visitor as every signed-in page does: the sign-in",
    async (method) => {
      const differing: string[] = [];
      for (const route of staff) {
        const answer = await answerTo(concrete(route), method, undefined);
        if (answer.status !== 302 || !answer.location?.startsWith("/home/login?redirect_after="))
          differing.push(`${method} ${concrete(route)} → ${JSON.stringify(answer)}`);
      }
      expect(differing).toEqual([]);
    },
  );
});

describe("every answer", () => {
  it("carries Cross-Origin-Opener-Policy: same-origin", async () => {
    await answerTo("/admin", "GET", undefined);
    await answerTo("/home/login", "GET", undefined);
    expect([...openers]).toEqual(["same-origin"]);
  });
});

describe("a page that takes no submission", () => {
  it("refuses a POST from whom may open it with 405, in words of its own", async () => {
    const admin = await adminMember();
    const answer = await answerTo("/admin/audit", "POST", admin.cookie);
    expect(answer.status).toBe(405);
    expect(answer.heading).toBe("Méthode non acceptée");
  });
});
