import { describe, expect, it } from "vitest";
import { registerMember, verifiedMember } from "../support/accounts";
import { checkedJson } from "../support/openapi";
import { endpointAt } from "../support/endpoints";
import { callApi } from "../support/http";

const trainingsApi = endpointAt("/api/trainings").loader;
const trainingApi = endpointAt("/api/trainings/:training_slug").loader;
const readApi = endpointAt("/api/trainings/:training_slug/modules/:module_slug/parts/:part_slug/read").action;
const quizApi = endpointAt("/api/trainings/:training_slug/modules/:module_slug/quiz").action;

const get = (fn: typeof trainingsApi, path: string, token: string | null, params: Record<string, string> = {}) =>
  callApi(fn, path, token, { params });

describe("trainings API", () => {
  it("lists the catalogue with states, and 401/403 for no session or an unverified address", async () => {
    const member = await verifiedMember();
    const list = await get(trainingsApi, "/api/trainings", member.token);
    const body = await checkedJson(list, "/api/trainings", "get");
    expect(body.trainings.find((t: { slug: string }) => t.slug === "tenir-le-cap").state).toBe("locked");

    expect((await get(trainingsApi, "/api/trainings", null)).status).toBe(401);
    const unverified = await registerMember({ email: "new@example.com" });
    const refused = await get(trainingsApi, "/api/trainings", unverified.token);
    expect(refused.status).toBe(403);
    await checkedJson(refused, "/api/trainings", "get");
  });

  it("marks a part read and submits a quiz; a selection outside the limits answers 422 by question", async () => {
    const member = await verifiedMember();
    const training = await checkedJson(
      await get(trainingApi, "/api/trainings/j-embarque", member.token, { training_slug: "j-embarque" }),
      "/api/trainings/{training_slug}",
      "get",
    );
    const module = training.modules[0];
    const part = module.parts[0];
    const read = await callApi(
      readApi,
      `/api/trainings/j-embarque/modules/${module.slug}/parts/${part.slug}/read`,
      member.token,
      { method: "POST", params: { training_slug: "j-embarque", module_slug: module.slug, part_slug: part.slug } },
    );
    expect(
      await checkedJson(read, "/api/trainings/{training_slug}/modules/{module_slug}/parts/{part_slug}/read", "post"),
    ).toEqual({
      moduleCompleted: false,
      trainingCompleted: false,
    });

    const multi = module.quiz.questions.find((q: { max: number }) => q.max > 1);
    const quizPath = "/api/trainings/{training_slug}/modules/{module_slug}/quiz";
    const submit = async (answers: Record<string, string[]>, headers: Record<string, string> = {}) =>
      await callApi(quizApi, `/api/trainings/j-embarque/modules/${module.slug}/quiz`, member.token, {
        json: { answers },
        headers,
        params: { training_slug: "j-embarque", module_slug: module.slug },
      });
    const answers = Object.fromEntries(
      module.quiz.questions.map((q: { id: string; min: number; answers: { id: string }[] }) => [
        q.id,
        q.answers.slice(0, q.min).map((a) => a.id),
      ]),
    );

    const tooMany = await submit(
      { ...answers, [multi.id]: multi.answers.map((a: { id: string }) => a.id) },
      { "Accept-Language": "en" },
    );
    expect(tooMany.status).toBe(422);
    expect((await checkedJson(tooMany, quizPath, "post")).errors[multi.id]).toEqual([
      `You cannot answer more than ${multi.max}`,
    ]);

    // The multiple choice right, the first question wrong: below the pass mark, with the review.
    const rightThree = ["modules-courts", "tests", "seance-decouverte"];
    const wrong = await submit({ ...answers, [multi.id]: rightThree });
    expect(wrong.status).toBe(200);
    const failed = await checkedJson(wrong, quizPath, "post");
    expect(failed.review).toMatchObject({ outcome: "failed", right: 1, total: 2, needed: 2 });
    expect(failed.review.passPercent).toBe(70);
    const [first, , opinion] = failed.review.questions;
    expect(first).toMatchObject({
      outcome: "wrong",
      picked: [{ id: "mon-coach", label: "Mon coach" }],
      right: [{ id: "moi", label: "Moi, le capitaine" }],
    });
    expect(first.feedback).toMatch(/c’est vous qui décidez du cap/);
    expect(opinion).toMatchObject({ outcome: "ungraded", right: null, feedback: null });

    // The training's answer carries the same review of the last attempt.
    const again = await checkedJson(
      await get(trainingApi, "/api/trainings/j-embarque", member.token, { training_slug: "j-embarque" }),
      "/api/trainings/{training_slug}",
      "get",
    );
    expect(again.modules[0].quiz.review).toEqual(failed.review);

    const accepted = await submit({ ...answers, [multi.id]: rightThree, [first.id]: ["moi"] });
    expect(accepted.status).toBe(200);
    expect((await checkedJson(accepted, quizPath, "post")).review).toMatchObject({ outcome: "passed", right: 2 });
  });

  it("answers 404 for an unknown training and 403 for a locked one's quiz", async () => {
    const member = await verifiedMember();
    const missing = await get(trainingApi, "/api/trainings/nope", member.token, { training_slug: "nope" });
    expect(missing.status).toBe(404);
    await checkedJson(missing, "/api/trainings/{training_slug}", "get");
    const locked = await checkedJson(
      await get(trainingApi, "/api/trainings/tenir-le-cap", member.token, { training_slug: "tenir-le-cap" }),
      "/api/trainings/{training_slug}",
      "get",
    );
    expect(locked.modules[0].quiz).toBeNull();
    const refused = await callApi(
      quizApi,
      `/api/trainings/tenir-le-cap/modules/${locked.modules[0].slug}/quiz`,
      member.token,
      { json: { answers: {} }, params: { training_slug: "tenir-le-cap", module_slug: locked.modules[0].slug } },
    );
    expect(refused.status).toBe(403);
  });
});
