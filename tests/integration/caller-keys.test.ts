import { describe, expect, it } from "vitest";
import { readTrainingFiles } from "~/.server/trainings/seed.server";
import { action as weatherAction } from "~/routes/_default._index/route";
import { action as loginAction } from "~/routes/_main.home.login";
import { action as moduleAction } from "~/routes/_default.training.$training_slug.modules.$module_slug";
import { action as surveysAction } from "~/routes/_default.my_team.surveys";
import { verifiedMember } from "../support/accounts";
import { answerOf, buildRequest, callWith, dataOf, headerOf, ORIGIN, statusOf } from "../support/http";
import { endpointAt } from "../support/endpoints";

/**
 * Issue 25 item 8: a quiz answer keyed like an Object.prototype property (a form field or a JSON
 * key the caller chooses) answers a 4xx naming the key, never a 500.
 */
const quizApi = endpointAt("/api/trainings/:training_slug/modules/:module_slug/quiz").action;
const onboarding = readTrainingFiles().find((file) => file.content.slug === "j-embarque")!.content;
const module = onboarding.modules[0];
const params = { training_slug: "j-embarque", module_slug: module.slug };
const KEYS = ["__proto__", "constructor", "valueOf", "toString", "hasOwnProperty"];

describe("answers keyed like Object.prototype's properties", () => {
  it("the quiz API answers 422 naming the key, with a value of any shape", async () => {
    const member = await verifiedMember();
    for (const key of KEYS) {
      for (const value of ['"x"', '["x"]', "{}", "null"]) {
        // Written by hand: JSON.stringify would drop an own `__proto__` made by an object literal.
        const body = `{"answers":{"${key}":${value}}}`;
        const answer = await answerOf(
          quizApi({
            request: new Request(`${ORIGIN}/api/trainings/j-embarque/modules/${module.slug}/quiz`, {
              method: "POST",
              body,
              headers: { Authorization: `Bearer ${member.token}`, "Content-Type": "application/json" },
            }),
            params,
            context: {},
          }),
        );
        expect(answer.status, body).toBe(422);
        const { errors } = (await answer.json()) as { errors: Record<string, string[]> };
        expect(errors.base.length, body).toBeGreaterThan(0);
        // A broken value is told under the caller's key; a well-formed one is the quiz's own refusal.
        if (value !== '["x"]') expect(Object.keys(errors), body).toContain(key);
      }
    }
  });

  it("the module page refuses such a quiz field with a 400 and keeps nothing of it", async () => {
    const member = await verifiedMember();
    for (const key of KEYS) {
      const answer = await callWith(
        moduleAction,
        buildRequest(`/training/j-embarque/modules/${module.slug}`, {
          form: { intent: "quiz", [`q_${key}`]: ["x", "y"] },
          cookie: member.cookie,
        }),
        { params },
      );
      expect(statusOf(answer), key).toBe(400);
    }
  });
});

/**
 * conform reserves `__intent__` and `__state__` for what its browser script sends and parses them
 * as JSON: a forged value on any form is dropped, and the post answered as the fields it holds.
 */
describe("conform's reserved fields, forged", () => {
  const FORGED: Record<string, string>[] = [
    { __intent__: "x" },
    { __intent__: '{"type":1}' },
    { __state__: "{" },
    { __state__: "3", __intent__: "null" },
  ];

  it("a sign-in post with them is answered as one without them: a 400 under the fields, never a 500", async () => {
    for (const forged of FORGED) {
      const answer = await callWith(
        loginAction,
        buildRequest("/home/login", { form: { email: "not-an-address", password: "", ...forged } }),
      );
      expect(statusOf(answer), JSON.stringify(forged)).toBe(400);
      const reply = dataOf<{ error?: Record<string, string[]> }>(answer);
      expect(Object.keys((await reply).error ?? {}), JSON.stringify(forged)).toContain("email");
    }
  });

  it("a list index far past any form's lists is dropped, not turned into a list that long: the form is answered at once", async () => {
    const member = await verifiedMember();
    // conform would make `crew` 100 million entries long and zod would check each one.
    const answer = await callWith(
      surveysAction,
      buildRequest("/my_team/surveys", {
        form: { title: "Mon équipage", "questions[0]": "Un ?", "crew[99999999]": "x", "questions[1000]": "y" },
        cookie: member.cookie,
      }),
    );
    expect(statusOf(answer)).toBe(400);
    const reply = await dataOf<{ error?: Record<string, string[]> }>(answer);
    expect(reply.error?.crew).toEqual(["team:errors.crewRequired"]);
    expect(reply.error?.questions).toEqual(["team:errors.questionCount"]);
  });

  it("a member's page post with them still does its work", async () => {
    const member = await verifiedMember();
    const answer = await callWith(
      weatherAction,
      buildRequest("/", {
        form: { form: "weather", mood: "top", __intent__: "x", __state__: "{" },
        cookie: member.cookie,
      }),
    );
    expect(statusOf(answer)).toBe(303);
    expect(headerOf(answer, "Location")).toBe("/#weather");
  });
});
