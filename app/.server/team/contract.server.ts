import { z } from "zod";
import { refusals } from "~/.server/contract/refusal-table.server";
import { pageAnswerFields } from "~/.server/paging/paging.server";
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
