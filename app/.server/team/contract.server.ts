import { z } from "zod";
import type { Operations } from "~/.server/api/openapi.server";
import { successAnswer } from "~/.server/api/respond.server";
import { refusals } from "~/.server/http/refusal-table.server";
import { pageAnswerFields, pageQueryParameters, pageQueryParametersWith } from "~/.server/paging/paging.server";
import { relations } from "./relations.server";
import { crewEditSchema, crewMemberSchema } from "./team-forms.server";

/**
 * The team's contract: the JSON API's bodies (the forms' own schemas, team-forms.server.ts) and
 * answers, from which /api/openapi.json is generated, and how each refusal is told, page and API
 * alike. Messages are keys of "team".
 */
export const crewBody = crewMemberSchema;
export const crewEditBody = crewEditSchema;

const crewMember = z.object({
  id: z.string().uuid(),
  name: z.string(),
  email: z.string(),
  relation: z.enum(relations),
  status: z.enum(["invited", "joined", "declined", "revoked"]),
  invitationId: z.string().uuid().nullable(),
});

export const teamAnswer = z.object({ crew: z.array(crewMember).describe("By name"), ...pageAnswerFields });
export const crewMemberAnswer = z.object({ crew: crewMember });

const invitationStatus = z.enum(["pending", "accepted", "declined", "revoked"]);

export const invitationsAnswer = z.object({
  sent: z.array(
    z.object({
      id: z.string().uuid(),
      email: z.string(),
      name: z.string().nullable(),
      status: invitationStatus,
      lastSentAt: z.string(),
      canResend: z.boolean().describe("Pending, and the last email is older than the resend gap"),
    }),
  ),
  received: z.array(
    z.object({ id: z.string().uuid(), inviterName: z.string(), status: invitationStatus, createdAt: z.string() }),
  ),
  // One `page` and `limit` for both lists: `next` while either has more.
  sent_total: z.number().int().min(0).describe("How many invitations the member sent in all"),
  received_total: z.number().int().min(0).describe("How many invitations their address received in all"),
  page: pageAnswerFields.page,
  limit: pageAnswerFields.limit,
  next: pageAnswerFields.next,
});

/** Crew members a page of the API holds. */
export const TEAM_API_PAGE_SIZE = 20;

/** Invitations a page of the API holds, of each list. */
export const INVITATIONS_API_PAGE_SIZE = 20;

// --- Refusals --------------------------------------------------------------------------------------

export const crewRefusals = refusals("team", {
  notFound: { status: 404, field: null, message: "errors.notFound" },
  emailInCrew: { status: 409, field: "email", message: "errors.emailInCrew", api: { base: "errors.checkFields" } },
  tooSoon: { status: 429, field: "email", message: "errors.tooSoon", api: { base: "errors.checkFields" } },
  tooManyMails: { status: 429, field: "email", message: "errors.tooManyMails", api: { base: "errors.checkFields" } },
});

export const invitationRefusals = refusals("team", {
  notFound: { status: 404, field: null, message: "errors.notFound" },
  notPending: { status: 409, field: null, message: "errors.notPending" },
  tooSoon: { status: 429, field: null, message: "errors.tooSoon" },
  tooManyMails: { status: 429, field: null, message: "errors.tooManyMails" },
});

// --- OpenAPI ---------------------------------------------------------------------------------------

export const teamOperations: Operations = {
  "/api/team": {
    get: {
      summary: "The member's crew, each with their status: invited, joined, declined or revoked, a page at a time",
      signedIn: true,
      query: pageQueryParametersWith(TEAM_API_PAGE_SIZE),
      ok: { status: 200, schema: teamAnswer, description: "A page of the crew" },
      failures: [401, 403, 422],
    },
    post: {
      summary:
        "Add a crew member; their invitation (link /home/register?invited_id=<invitation id>) is emailed. " +
        "429: one invitation a day from a member to an address, 20 crew emails a member a day, 3 to an address a day",
      signedIn: true,
      body: crewBody,
      ok: { status: 201, schema: crewMemberAnswer, description: "Added and invited" },
      failures: [400, 401, 403, 409, 422, 429],
    },
  },
  "/api/team/{id}": {
    get: {
      summary: "One crew member of the member's own crew",
      signedIn: true,
      path: ["id"],
      ok: { status: 200, schema: crewMemberAnswer, description: "The crew member" },
      failures: [401, 403, 404],
    },
    post: {
      summary: "Change a crew member's name and relation (the email stays the invited one)",
      signedIn: true,
      path: ["id"],
      body: crewEditBody,
      ok: { status: 200, schema: crewMemberAnswer, description: "Saved" },
      failures: [400, 401, 403, 404, 422],
    },
  },
  "/api/team/{id}/remove": {
    get: undefined,
    post: {
      summary: "Remove a crew member; their pending invitation is revoked",
      signedIn: true,
      path: ["id"],
      ok: { status: 200, schema: successAnswer, description: "Removed" },
      failures: [401, 403, 404],
    },
  },
  "/api/invitations": {
    post: undefined,
    get: {
      summary: "Invitations the member sent and those sent to their address, a page of each",
      signedIn: true,
      query: pageQueryParameters.map((parameter) =>
        parameter.name === "limit"
          ? {
              ...parameter,
              description: `${parameter.description} of each list (default ${INVITATIONS_API_PAGE_SIZE})`,
            }
          : parameter,
      ),
      ok: { status: 200, schema: invitationsAnswer, description: "Sent and received invitations" },
      failures: [401, 403, 422],
    },
  },
  ...Object.fromEntries(
    (
      [
        [
          "resend",
          "Email a pending invitation the member sent again (at most once a day, and within the crew email quotas)",
        ],
        ["revoke", "Withdraw a pending invitation the member sent: its link stops working"],
        ["accept", "Accept a pending invitation sent to the member's address: they join the inviter's crew"],
        ["decline", "Decline a pending invitation sent to the member's address"],
      ] as const
    ).map(([intent, summary]) => [
      `/api/invitations/{id}/${intent}`,
      {
        get: undefined,
        post: {
          summary,
          signedIn: true,
          path: ["id"],
          ok: { status: 200, schema: successAnswer, description: "Done" },
          failures: [401, 403, 404, 409, ...(intent === "resend" ? [429] : [])],
        },
      },
    ]),
  ),
};
