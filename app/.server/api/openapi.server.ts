import type { ZodType } from "zod";
import { zodToJsonSchema } from "zod-to-json-schema";
import { errorAnswer } from "~/.server/contract/operation.server";
import type { Endpoint } from "./endpoint.server";

/**
 * /api/openapi.json, assembled from the endpoints app/api/endpoints.ts lists: each declares its
 * path and operations (endpoint.server.ts), whose bodies and answers are the zod schemas its
 * domain's contract.server.ts writes and its handler parses and answers with.
 */
const failureText: Record<number, string> = {
  400: "The body is not JSON (or, for a photo, empty), or the range asked for is too long",
  401: "Not signed in, or wrong email or password",
  403: "The address is not verified yet, or the training is locked",
  404: "No such training, module or part, coach, or crew member, invitation, booking or commitment of the member's; or a coach's or admin's operation called without the role",
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
    // A body's keys no operation knows are ignored (zod strips them): its document allows them.
    // An answer carries only its own.
    removeAdditionalStrategy: io === "input" ? "strict" : "passthrough",
  }) as Record<string, unknown>;
  return rest;
}

export function openApiDocument(endpoints: Endpoint[]) {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const endpoint of endpoints) {
    const path = endpoint.path.replace(/:(\w+)/g, "{$1}");
    for (const [method, operation] of Object.entries(endpoint.described)) {
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
      paths[path] ??= {};
      paths[path][method] = {
        summary: operation.summary,
        tags: [operation.tag],
        parameters: [
          ...operation.pathParameters.map((name) => ({ name, in: "path", required: true, schema: { type: "string" } })),
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
            description:
              "The language of the answer's messages: fr (default) or en. It wins over the lng cookie, which counts only when this names neither",
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
        ...(operation.security ? { security: [{ bearer: [] }, { cookie: [] }] } : {}),
        responses,
      };
    }
  }
  return {
    openapi: "3.1.0",
    info: {
      title: "Cap API",
      version: "1.0.0",
      description:
        "The JSON API of Cap (SPEC §7). Errors: { errors: { base: [..], <field>: [..] } }. A body's keys an operation does not know are ignored, unless its schema says additionalProperties: false (then 422).",
    },
    tags: [
      { name: "member", description: "A member's own space (and signing in, registering, recovery)" },
      { name: "coach", description: "A coach's hours, agenda and profile: members holding the coach role only" },
      { name: "admin", description: "The operator's back office: admins only" },
    ],
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

/** GET /api/openapi.json: the document of `endpoints` (not of itself); it takes no other method, as ever. */
export function openApiEndpoint(endpoints: Endpoint[]): Endpoint {
  return {
    path: "/api/openapi.json",
    loader: async () =>
      Response.json(openApiDocument(endpoints), { headers: { "Cache-Control": "public, max-age=300" } }),
    described: {},
  };
}
