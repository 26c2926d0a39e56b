import { describe, expect, it } from "vitest";
import { db } from "~/.server/db/client.server";
import { commitments, crewMembers, mainGoals, partReads, registrationDrafts } from "~/.server/db/schema.server";
import Overview, { action as overviewAction, loader as overviewLoader } from "~/routes/_default._index/route";
import { action as sessionAction } from "~/routes/_default.coaching.sessions.$id";
import { action as invitationsAction } from "~/routes/_default.invitations";
import { action as editCrewAction } from "~/routes/_default.my_team.$page";
import { action as addCrewAction } from "~/routes/_default.my_team.add";
import { action as surveysAction } from "~/routes/_default.my_team.surveys";
import { action as commitmentsAction } from "~/routes/_default.my_commitments/route";
import { action as profileAction } from "~/routes/_default.profile/route";
import { action as photoAction } from "~/routes/_default.profile_.photo";
import { action as moduleAction } from "~/routes/_default.training.$training_slug.modules.$module_slug";
import { action as verificationAction } from "~/routes/_home.account_verification";
import Register, { action as registerAction, loader as registerLoader } from "~/routes/_home.home.register/route";
import { firstStep, registerMember, renderPage, verifiedMember } from "../support/accounts";
import { buildRequest, callWith, dataOf, headerOf, statusOf } from "../support/http";

/**
 * Issue 23 item 6: a post no form of the page sends (an unknown intent) is refused with 400 and a
 * message the page shows over its content, in the member's language, and changes nothing.
 */
type Reply = { initialValue?: unknown; error?: Record<string, string[] | null> };
const UNKNOWN_INTENT = "common:error.unknownIntent";
const FRENCH = "Cette page ne connaît pas ce formulaire : rien n’a été modifié. Rechargez la page, puis réessayez.";
const ENGLISH = "This page does not know that form: nothing was changed. Reload the page, then try again.";

/** The texts of the page's error alerts (role="alert"). */
function alertsIn(html: string): string[] {
  return [...html.matchAll(/<div class="alert alert--error" role="alert">([^<]*)<\/div>/g)].map((match) => match[1]);
}

async function expectUnknownIntent(answer: unknown, page: string) {
  expect(statusOf(answer), page).toBe(400);
  expect((await dataOf<Reply>(answer)).error, page).toEqual({ "": [UNKNOWN_INTENT] });
}

describe("a post with an intent no form of the page sends", () => {
  it("the overview answers 400 with its message over the page, in French or English, and keeps the goal", async () => {
    const member = await verifiedMember();
    const post = (headers: Record<string, string> = {}) =>
      callWith(
        overviewAction,
        buildRequest("/", { form: { intent: "explode", title: "Courir" }, cookie: member.cookie, headers }),
      );
    const french = await post();
    await expectUnknownIntent(french, "/");
    expect(await db().select().from(mainGoals)).toHaveLength(0);

    const loaderData = await dataOf<object>(
      await callWith(overviewLoader, buildRequest("/", { cookie: member.cookie })),
    );
    const page = await renderPage(Overview, { path: "/", loaderData, actionData: await dataOf(french) });
    expect(alertsIn(page)).toEqual([FRENCH]);
    // No form takes the refusal for its own: the goal form shows no error and no stale value.
    expect(page).not.toContain("Courir");

    const english = await post({ "Accept-Language": "en" });
    const pageEn = await renderPage(Overview, { path: "/", lang: "en", loaderData, actionData: await dataOf(english) });
    expect(alertsIn(pageEn)).toEqual([ENGLISH]);
  });

  it("every page whose action tells its forms apart answers the same way, and nothing is written", async () => {
    const member = await verifiedMember();
    await callWith(
      addCrewAction,
      buildRequest("/my_team/add", {
        form: { name: "Paul", email: "paul@example.com", relation: "friend" },
        cookie: member.cookie,
      }),
    );
    const [crew] = await db().select().from(crewMembers);
    const pages: [string, Parameters<typeof callWith>[0], Record<string, string>][] = [
      ["/coaching/sessions/{id}", sessionAction, { id: crypto.randomUUID() }],
      ["/invitations", invitationsAction, {}],
      ["/my_team/edit-{id}", editCrewAction, { page: `edit-${crew.id}` }],
      ["/my_team/surveys", surveysAction, {}],
      ["/profile", profileAction, {}],
      ["/profile/photo", photoAction, {}],
      ["/my_commitments", commitmentsAction, {}],
      ["/training/{slug}/modules/{slug}", moduleAction, { training_slug: "j-embarque", module_slug: "module-1" }],
    ];
    for (const [path, action, params] of pages) {
      const request = buildRequest(path, {
        form: { intent: "explode", id: crew.id, part: "x" },
        cookie: member.cookie,
      });
      await expectUnknownIntent(await callWith(action, request, { params }), path);
    }
    expect(await db().select().from(crewMembers)).toEqual([crew]);
    expect(await db().select().from(partReads)).toHaveLength(0);
    expect(await db().select().from(commitments)).toHaveLength(0);

    const unverified = await registerMember({ email: "lea@example.com" });
    const verification = buildRequest("/account_verification", {
      form: { intent: "explode", code: "123456" },
      cookie: unverified.cookie,
    });
    await expectUnknownIntent(await callWith(verificationAction, verification), "/account_verification");
  });

  it("registration refuses an unknown step with its message, and keeps no draft", async () => {
    const answer = await callWith(
      registerAction,
      buildRequest("/home/register", { form: { ...firstStep(), intent: "third" } }),
    );
    await expectUnknownIntent(answer, "/home/register");
    expect(headerOf(answer, "Set-Cookie")).toBeNull();
    expect(await db().select().from(registrationDrafts)).toHaveLength(0);

    const loaderData = await dataOf<object>(await callWith(registerLoader, buildRequest("/home/register")));
    const page = await renderPage(Register, { path: "/home/register", loaderData, actionData: await dataOf(answer) });
    expect(alertsIn(page)).toEqual([FRENCH]);
  });
});
