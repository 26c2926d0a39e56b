import { type ZodType, z } from "zod";

/**
 * What /api/openapi.json says of one API operation besides what the endpoint's own parts tell
 * (its path parameters, guard, body parser and refusal table give the failures and security):
 * a summary, the query it reads, a body that is not JSON, and the answer when it succeeds.
 * Domains write the schemas in their contract.server.ts; the endpoint beside its handler
 * (app/api/) names them.
 */
export type Operation = {
  summary: string;
  /** A body that is not JSON (a file's bytes): its media types. */
  rawBody?: { types: string[]; description: string };
  query?: QueryParameter[];
  ok: { status: number; schema: ZodType; description: string };
};

export type QueryParameter = { name: string; description: string; required?: boolean };

/** The API's error shape (every 4xx answer), and the plain "done" answer. */
export const errorAnswer = z.object({
  errors: z.object({ base: z.array(z.string()) }).catchall(z.array(z.string())),
});

export const successAnswer = z.object({ success: z.literal(true) });
