import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import type { ZodType, ZodTypeDef } from "zod";
import type { ServiceRefusal } from "~/.server/contract/refusal-table.server";
import { translator } from "~/.server/i18n/i18n.server";
import { isLanguage } from "~/i18n/config";

/**
 * Answers of the JSON API. Failures have one shape, `{ "errors": { "base": [..], "<field>": [..] } }`
 * with a 4xx status, messages in the request's language (ARCHITECTURE.md).
 */
/** A message: a key of "auth" (or "ns:key"), with the values it needs. */
export type Message = string | { key: string; count?: number; values?: MessageValues };
/** What a message reads besides its count (a coach's name, a number of hours). */
export type MessageValues = Record<string, string | number>;
export type ErrorKeys = { base?: Message[]; fields?: Record<string, Message[]> };

export async function apiError(request: Request, status: number, keys: ErrorKeys) {
  // ?locale= (SPEC §7: /api/dashboard/login?locale=fr) first, then Accept-Language and the lng cookie.
  const locale = new URL(request.url).searchParams.get("locale");
  const t = await translator(isLanguage(locale) ? locale : request, "auth");
  const say = (message: Message) =>
    typeof message === "string" ? t(message) : t(message.key, { ...message.values, count: message.count });
  // Field names may come from the caller (a JSON key such as `__proto__`): an object without a
  // prototype keeps each one as its own key, never as an inherited property.
  const errors: Record<string, string[]> = Object.create(null);
  errors.base = (keys.base ?? []).map(say);
  for (const [field, messages] of Object.entries(keys.fields ?? {})) errors[field] = messages.map(say);
  return Response.json({ errors }, { status, headers: { "Cache-Control": "no-store" } });
}

export function apiAnswer(body: unknown, status = 200) {
  return Response.json(body, { status, headers: { "Cache-Control": "no-store" } });
}

/**
 * What a service refused, told from its domain's refusal table (contract/refusal-table.server.ts),
 * with the values its message reads, when it reads some.
 */
export async function apiRefusal(request: Request, refusal: ServiceRefusal, values?: MessageValues) {
  const { status = refusal.status, field = refusal.field, base, count, retryAfter } = refusal.api ?? {};
  const key = refusal.ns === "auth" ? refusal.message : `${refusal.ns}:${refusal.message}`;
  const message = count === undefined && values === undefined ? key : { key, count, values };
  const answer = await apiError(request, status, {
    base: [base ?? message],
    // The API names its fields in snake_case (currentPassword → current_password).
    fields: field === null ? undefined : { [field.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`)]: [message] },
  });
  if (retryAfter !== undefined) answer.headers.set("Retry-After", String(retryAfter));
  return answer;
}

/** What parseJsonBody answers: 400 when the body is not JSON, 422 when it breaks a rule. */
export const JSON_BODY_STATUSES = [400, 422];

/**
 * The request's JSON body parsed with `schema`: the value, or a thrown error Response (400 when
 * the body is not JSON, 422 with per-field messages when it breaks a rule), which Remix answers.
 */
export async function parseJsonBody<T>(
  request: Request,
  schema: ZodType<T, ZodTypeDef, unknown>,
  // The namespace of the schema's unprefixed keys, when it shares them with a page (e.g. "space").
  options: { ns?: string } = {},
): Promise<T> {
  let body: unknown;
  try {
    body = await request.json();
  } catch {
    throw await apiError(request, 400, { base: ["errors.invalidRequest"] });
  }
  const result = schema.safeParse(body);
  if (result.success) return result.data;
  // By field, the field being the caller's key (`valueOf`, `__proto__`): no inherited properties.
  const fields: Record<string, string[]> = Object.create(null);
  const base: string[] = [];
  for (const issue of result.error.issues) {
    // The field is the last path segment ("user.firstname" → "firstname").
    const field = issue.path.filter((part) => typeof part === "string").at(-1);
    const own = options.ns && /^errors\./.test(issue.message) ? `${options.ns}:${issue.message}` : issue.message;
    // A message key: `errors.x`, or a block's own (`coach:hours.errors.x`); anything else is zod's own words.
    const key = /^(\w+:)?(\w+\.)?errors\./.test(own) ? own : "errors.invalidRequest";
    if (field && field !== "user") fields[field] = [...(fields[field] ?? []), key];
    else base.push(key);
  }
  if (base.length === 0) base.push("errors.checkFields");
  throw await apiError(request, 422, { base, fields });
}

/** For an API path that takes another method: 405 in the API's error shape. */
export async function methodNotAllowed({ request }: LoaderFunctionArgs | ActionFunctionArgs) {
  return apiError(request, 405, { base: ["errors.methodNotAllowed"] });
}

/**
 * Every /api/ path no endpoint takes, and a coach's or admin's operation called without the role:
 * the same 404, so that the answer gives no hint that the operation exists.
 */
export function apiNotFound(request: Request) {
  const path = new URL(request.url).pathname;
  return Response.json({ errors: { base: [`Page not found: ${path}`] } }, { status: 404 });
}
