import type { ZodType } from "zod";
import { zodToJsonSchema } from "zod-to-json-schema";
import { accountOperations } from "~/.server/accounts/contract.server";
import { buildOperations } from "~/.server/builds/contract.server";
import { coachingOperations } from "~/.server/coaching/contract.server";
import { deviceOperations, profileOperations } from "~/.server/profile/contract.server";
import { spaceOperations } from "~/.server/space/contract.server";
import { surveyOperations } from "~/.server/surveys/contract.server";
import { teamOperations } from "~/.server/team/contract.server";
import { trainingOperations } from "~/.server/trainings/contract.server";
import { errorAnswer } from "./respond.server";

/**
 * /api/openapi.json, assembled from the operations each domain's contract.server.ts declares with
 * the same zod schemas its routes parse and answer with.
 */
export type Operation = {
  summary: string;
  body?: ZodType;
  /** A body that is not JSON (a file's bytes): its media types. */
  rawBody?: { types: string[]; description: string };
  query?: { name: string; description: string; required?: boolean }[];
  path?: string[];
  signedIn?: boolean;
  ok: { status: number; schema: ZodType; description: string };
  failures: number[];
};

export type Operations = Record<string, Record<"get" | "post", Operation | undefined>>;

const operations: Operations = {
  ...accountOperations,
  ...deviceOperations,
  ...trainingOperations,
  ...profileOperations,
  ...teamOperations,
  ...surveyOperations,
  ...coachingOperations,
  ...spaceOperations,
  ...buildOperations,
};

const failureText: Record<number, string> = {
  400: "The body is not JSON",
  401: "Not signed in, or wrong email or password",
  403: "The address is not verified yet, or the training is locked",
  404: "No such training, module or part, coach, or crew member, invitation, booking or commitment of the member's",
  413: "The file is too large",
  415: "The body is not of a type this operation takes",
  409: "The email address is taken (or already in the crew), the invitation is no longer pending, the slot is no longer free, the member already has a session with this coach, or the session is over or cancelled",
  422: "A field breaks a rule, or a code or password is wrong; messages by field",
  429: "Too many attempts",
};

function jsonSchema(schema: ZodType, io: "input" | "output") {
  const { $schema: _ignored, ...rest } = zodToJsonSchema(schema, {
    target: "jsonSchema2019-09",
    $refStrategy: "none",
    effectStrategy: "input",
    pipeStrategy: io,
  }) as Record<string, unknown>;
  return rest;
}

export function openApiDocument() {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const [path, methods] of Object.entries(operations)) {
    paths[path] = {};
    for (const [method, operation] of Object.entries(methods)) {
      if (!operation) continue;
      const responses: Record<string, unknown> = {
        [operation.ok.status]: {
          description: operation.ok.description,
          content: { "application/json": { schema: jsonSchema(operation.ok.schema, "output") } },
        },
      };
      for (const status of operation.failures) {
        responses[status] = {
          description: failureText[status],
          content: { "application/json": { schema: { $ref: "#/components/schemas/Errors" } } },
        };
      }
      paths[path][method] = {
        summary: operation.summary,
        parameters: [
          ...(operation.path ?? []).map((name) => ({ name, in: "path", required: true, schema: { type: "string" } })),
          ...(operation.query ?? []).map((q) => ({
            name: q.name,
            in: "query",
            required: q.required ?? false,
            description: q.description,
            schema: { type: "string" },
          })),
          {
            name: "Accept-Language",
            in: "header",
            required: false,
            description: "fr (default) or en",
            schema: { type: "string" },
          },
        ],
        ...(operation.body
          ? {
              requestBody: {
                required: true,
                content: { "application/json": { schema: jsonSchema(operation.body, "input") } },
              },
            }
          : {}),
        ...(operation.rawBody
          ? {
              requestBody: {
                required: true,
                description: operation.rawBody.description,
                content: Object.fromEntries(
                  operation.rawBody.types.map((type) => [type, { schema: { type: "string", format: "binary" } }]),
                ),
              },
            }
          : {}),
        ...(operation.signedIn ? { security: [{ bearer: [] }, { cookie: [] }] } : {}),
        responses,
      };
    }
  }
  return {
    openapi: "3.1.0",
    info: {
      title: "Cap API",
      version: "1.0.0",
      description: "The JSON API of Cap (SPEC §7). Errors: { errors: { base: [..], <field>: [..] } }.",
    },
    paths,
    components: {
      schemas: { Errors: jsonSchema(errorAnswer, "output") },
      securitySchemes: {
        bearer: { type: "http", scheme: "bearer" },
        cookie: { type: "apiKey", in: "cookie", name: "token" },
      },
    },
  };
}
