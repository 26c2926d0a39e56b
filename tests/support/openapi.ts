import Ajv2019 from "ajv/dist/2019.js";
import addFormats from "ajv-formats";
import { expect } from "vitest";
import { openApiDocument } from "~/.server/api/openapi.server";
import { endpoints } from "~/api/endpoints";

/**
 * Every API answer a test receives is checked against /api/openapi.json: the status must be
 * documented for that path and method, and the body must match its schema.
 */
const document = openApiDocument(endpoints);
const ajv = new Ajv2019({ strict: false, allErrors: true });
addFormats(ajv);

type Responses = Record<string, { content: { "application/json": { schema: Record<string, unknown> } } }>;

function schemaFor(path: string, method: string, status: number) {
  const operation = (document.paths as Record<string, Record<string, { responses: Responses }>>)[path]?.[method];
  if (!operation) return { missing: `${method.toUpperCase()} ${path} is not in the OpenAPI document` };
  const response = operation.responses[String(status)];
  if (!response) return { missing: `${method.toUpperCase()} ${path} does not document status ${status}` };
  const schema = response.content["application/json"].schema;
  return { schema: "$ref" in schema ? document.components.schemas.Errors : schema };
}

/** Reads a JSON answer after checking it against the document; returns its body. */
export async function checkedJson<T = any>(response: Response, path: string, method: "get" | "post"): Promise<T> {
  const body = await response.clone().json();
  const found = schemaFor(path, method, response.status);
  expect(found.missing, JSON.stringify(body)).toBeUndefined();
  const validate = ajv.compile(found.schema!);
  const valid = validate(body);
  expect(
    valid,
    `${method.toUpperCase()} ${path} ${response.status}: ${ajv.errorsText(validate.errors)}\n${JSON.stringify(body)}`,
  ).toBe(true);
  return body as T;
}
