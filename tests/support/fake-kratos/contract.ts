import { readFileSync } from "node:fs";
import Ajv, { type ValidateFunction } from "ajv";
import addFormats from "ajv-formats";

/**
 * The Kratos v26.2.0 OpenAPI document compiled with Ajv. Every request the fake receives and every
 * answer it sends is checked here; mismatches are returned as human-readable strings.
 */

type Json = Record<string, unknown>;
type Parameter = { name: string; in: "query" | "path" | "header" | "cookie"; required?: boolean; schema?: Json };
type Operation = {
  operationId: string;
  parameters?: Parameter[];
  requestBody?: { required?: boolean; content?: Record<string, { schema: Json }> };
  responses: Record<string, { $ref?: string; content?: Record<string, { schema: Json }> }>;
};

export type MatchedOperation = {
  method: string;
  template: string;
  operation: Operation;
  pathParams: Record<string, string>;
};

const documentUrl = new URL("./kratos/kratos-api.json", import.meta.url);
const DOC_ID = "kratos-api.json";

/**
 * A `oneOf` with a discriminator: the update bodies' branches overlap (a password registration body
 * also satisfies the profile and code branches), so plain `oneOf` would refuse valid bodies. Pick
 * the branch by the discriminating property instead, as OpenAPI means.
 */
function selectByDiscriminator(discriminator: { propertyName: string; mapping: Record<string, string> }): Json {
  const { propertyName, mapping } = discriminator;
  return {
    required: [propertyName],
    properties: { [propertyName]: { enum: Object.keys(mapping) } },
    allOf: Object.entries(mapping).map(([value, ref]) => ({
      if: { properties: { [propertyName]: { const: value } } },
      // biome-ignore lint/suspicious/noThenProperty: JSON Schema's if/then, not a promise
      then: { $ref: ref.replace(/^#\//, `${DOC_ID}#/`) },
    })),
  };
}

/**
 * OpenAPI 3.0 → JSON Schema, as shared/ory/README.md describes: resolve discriminators, turn
 * `nullable` into a `null` type (or `anyOf [$ref, null]`), and point `$ref`s at the registered document.
 */
function toJsonSchema(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(toJsonSchema);
  if (!node || typeof node !== "object") return node;
  const source = node as Json;
  const discriminator = source.discriminator as { propertyName: string; mapping?: Record<string, string> } | undefined;
  const out: Json = {};
  for (const [key, value] of Object.entries(source)) {
    if (key === "discriminator" || key === "nullable" || key === "example") continue;
    if (key === "oneOf" && discriminator?.mapping) continue;
    if (key === "$ref" && typeof value === "string") out.$ref = value.replace(/^#\//, `${DOC_ID}#/`);
    else out[key] = toJsonSchema(value);
  }
  if (discriminator?.mapping)
    Object.assign(
      out,
      selectByDiscriminator({ propertyName: discriminator.propertyName, mapping: discriminator.mapping }),
    );
  if ((node as Json).nullable !== true) return out;
  if (out.$ref) return { anyOf: [{ $ref: out.$ref }, { type: "null" }] };
  if (typeof out.type === "string") return { ...out, type: [out.type, "null"] };
  return out;
}

function pathRegex(template: string): { regex: RegExp; names: string[] } {
  const names: string[] = [];
  const source = template.replace(/[.]/g, "\\.").replace(/\{([^}]+)\}/g, (_, name: string) => {
    names.push(name);
    return "([^/]+)";
  });
  return { regex: new RegExp(`^${source}$`), names };
}

/** Query strings carry text; coerce to what the parameter's schema asks before validating. */
function coerce(values: string[], schema: Json | undefined): unknown {
  if (schema?.type === "array") return values.map((v) => coerce([v], schema.items as Json));
  const value = values[values.length - 1];
  if (schema?.type === "boolean") return value === "true" ? true : value === "false" ? false : value;
  if (schema?.type === "integer" || schema?.type === "number")
    return value !== "" && !Number.isNaN(Number(value)) ? Number(value) : value;
  return value;
}

export class Contract {
  private readonly ajv = new Ajv({ strict: false, allErrors: true });
  private readonly routes: Array<{
    method: string;
    template: string;
    regex: RegExp;
    names: string[];
    operation: Operation;
  }> = [];
  private readonly compiled = new Map<string, ValidateFunction>();
  private readonly sharedResponses: Record<string, Operation["responses"][string]>;

  constructor() {
    const document = JSON.parse(readFileSync(documentUrl, "utf8")) as {
      paths: Record<string, Record<string, Operation>>;
      components: Json;
    };
    this.sharedResponses = (document.components.responses ?? {}) as Contract["sharedResponses"];
    addFormats(this.ajv);
    // Go-specific formats the document uses; Go durations ("15m") are not ISO 8601 durations.
    for (const format of ["int64", "int32", "uuid4", "duration"]) this.ajv.addFormat(format, true);
    this.ajv.addSchema({ $id: DOC_ID, components: toJsonSchema(document.components) });
    for (const [template, operations] of Object.entries(document.paths)) {
      for (const [method, operation] of Object.entries(operations)) {
        if (method === "parameters") continue;
        this.routes.push({ method: method.toUpperCase(), template, ...pathRegex(template), operation });
      }
    }
    // Literal paths first, so /sessions/whoami is not taken for /sessions/{id}.
    this.routes.sort((a, b) => a.names.length - b.names.length);
  }

  match(method: string, path: string): MatchedOperation | undefined {
    for (const route of this.routes) {
      if (route.method !== method) continue;
      const found = route.regex.exec(path);
      if (!found) continue;
      const pathParams = Object.fromEntries(route.names.map((name, i) => [name, decodeURIComponent(found[i + 1])]));
      return { method, template: route.template, operation: route.operation, pathParams };
    }
    return undefined;
  }

  checkRequest(
    matched: MatchedOperation,
    query: URLSearchParams,
    headers: Record<string, string | string[] | undefined>,
    body: unknown,
  ): string[] {
    const label = `${matched.method} ${matched.template}`;
    const problems: string[] = [];
    for (const parameter of matched.operation.parameters ?? []) {
      const raw =
        parameter.in === "query"
          ? query.getAll(parameter.name)
          : parameter.in === "path"
            ? [matched.pathParams[parameter.name]].filter((v) => v !== undefined)
            : parameter.in === "header"
              ? [headers[parameter.name.toLowerCase()]].flat().filter((v): v is string => v !== undefined)
              : [];
      if (raw.length === 0) {
        if (parameter.required)
          problems.push(`${label}: required ${parameter.in} parameter "${parameter.name}" is missing`);
        continue;
      }
      problems.push(
        ...this.validate(
          parameter.schema ?? {},
          coerce(raw, parameter.schema),
          `${label} ${parameter.in} "${parameter.name}"`,
        ),
      );
    }
    const requestBody = matched.operation.requestBody;
    const schema = requestBody?.content?.["application/json"]?.schema;
    if (body === undefined) {
      if (requestBody?.required) problems.push(`${label}: request body is required`);
    } else if (!schema) {
      problems.push(`${label}: takes no JSON request body`);
    } else {
      problems.push(...this.validate(schema, body, `${label} request body`));
    }
    return problems;
  }

  checkResponse(matched: MatchedOperation, status: number, body: unknown): string[] {
    const label = `${matched.method} ${matched.template} → ${status}`;
    const declared = matched.operation.responses[String(status)] ?? matched.operation.responses.default;
    if (!declared) return [`${label}: status not declared for ${matched.operation.operationId}`];
    const response = declared.$ref
      ? this.sharedResponses[declared.$ref.replace("#/components/responses/", "")]
      : declared;
    const schema = response.content?.["application/json"]?.schema;
    if (!schema) return body === undefined ? [] : [`${label}: the document declares no body for this status`];
    if (body === undefined) return [`${label}: a JSON body is required`];
    return this.validate(schema, body, `${label} response body`);
  }

  private validate(schema: Json, value: unknown, label: string): string[] {
    const key = JSON.stringify(schema);
    let validate = this.compiled.get(key);
    if (!validate) {
      validate = this.ajv.compile(toJsonSchema(schema) as Json);
      this.compiled.set(key, validate);
    }
    if (validate(value)) return [];
    return [`${label}: ${this.ajv.errorsText(validate.errors, { separator: "; " })}`];
  }
}
