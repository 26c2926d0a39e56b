import { z } from "zod";
import type { Operations } from "~/.server/api/openapi.server";
import { refusals } from "~/.server/http/refusal-table.server";
import { pageAnswerFields, pageQueryParametersWith } from "~/.server/paging/paging.server";
import { surveySchema } from "~/.server/team/team-forms.server";

/**
 * The 360 surveys' contract: the JSON API's body (the form's own schema, team-forms.server.ts)
 * and answers, from which /api/openapi.json is generated, and how each refusal is told, page and
 * API alike. Messages are keys of "team", where /my_team/surveys lives.
 */
export const surveyBody = surveySchema;

const surveyView = z.object({
  id: z.string().uuid(),
  title: z.string(),
  questions: z.array(z.object({ id: z.string(), prompt: z.string() })),
  sent: z.number().int(),
  answered: z.number().int(),
  closed: z.boolean().describe("Closed by the member or once everyone answered: no more answers, results final"),
  results: z
    .array(z.object({ id: z.string(), prompt: z.string(), average: z.number(), comments: z.array(z.string()) }))
    .nullable()
    .describe("Null until the survey is closed with at least 3 answers; then averages and comments, without names"),
  createdAt: z.string(),
});

export const surveysAnswer = z.object({ surveys: z.array(surveyView).describe("Newest first"), ...pageAnswerFields });

/** Surveys a page of the API holds. */
export const SURVEYS_API_PAGE_SIZE = 20;
export const surveyAnswer = z.object({ survey: surveyView });

// --- Refusals --------------------------------------------------------------------------------------

export const surveyRefusals = refusals("team", {
  notFound: { status: 404, field: null, message: "errors.notFound" },
  unknownCrew: { status: 422, field: "crew", message: "errors.unknownCrew", api: { base: "errors.checkFields" } },
  tooManyMails: { status: 429, field: "crew", message: "errors.tooManyMails", api: { base: "errors.checkFields" } },
});

/** A crew member's answers through their private link (/survey/{token}), refused once it was used or closed. */
export const answerRefusals = refusals("team", {
  notFound: { status: 404, field: null, message: "errors.notFound" },
  used: { status: 409, field: null, message: "errors.used" },
  closed: { status: 409, field: null, message: "errors.closed" },
  incomplete: { status: 409, field: null, message: "errors.incomplete" },
});

// --- OpenAPI ---------------------------------------------------------------------------------------

export const surveyOperations: Operations = {
  "/api/surveys": {
    get: {
      summary:
        "The member's 360 surveys, a page at a time: how many answered, and the anonymous results once closed with 3 answers or more",
      signedIn: true,
      query: pageQueryParametersWith(SURVEYS_API_PAGE_SIZE),
      ok: { status: 200, schema: surveysAnswer, description: "A page of the surveys" },
      failures: [401, 403, 422],
    },
    post: {
      summary:
        "Create a 360 survey (3 to 5 questions) and email each chosen crew member a private link that answers once " +
        "(429 beyond 20 crew emails a member a day or 3 to an address a day)",
      signedIn: true,
      body: surveyBody,
      ok: { status: 201, schema: surveyAnswer, description: "Created and sent" },
      failures: [400, 401, 403, 422, 429],
    },
  },
  "/api/surveys/{id}/close": {
    get: undefined,
    post: {
      summary:
        "Close one of the member's surveys: it takes no more answers, and its results (3 answers or more) show, final",
      signedIn: true,
      path: ["id"],
      ok: { status: 200, schema: surveyAnswer, description: "The closed survey" },
      failures: [401, 403, 404],
    },
  },
};
