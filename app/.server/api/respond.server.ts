import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import type { ZodType, ZodTypeDef } from "zod";
import { translator } from "~/.server/i18n/i18n.server";
import { isLanguage } from "~/i18n/config";

/**
 * Answers of the JSON API. Failures have one shape, `{ "errors": { "base": [..], "<field>": [..] } }`
 * with a 4xx status, messages in the request's language (ARCHITECTURE.md).
 */
/** A message: a key of "auth" (or "ns:key"), with the values it needs. */
export type Message = string | { key: string; count?: number };
export type ErrorKeys = { base?: Message[]; fields?: Record<string, Message[]> };

export async function apiError(request: Request, status: number, keys: ErrorKeys) {
  // ?locale= (SPEC §7: /api/dashboard/login?locale=fr) first, then the lng cookie and Accept-Language.
  const locale = new URL(request.url).searchParams.get("locale");
  const t = await translator(isLanguage(locale) ? locale : request, "auth");
  const say = (message: Message) =>
    typeof message === "string" ? t(message) : t(message.key, { count: message.count });
  const errors: Record<string, string[]> = { base: (keys.base ?? []).map(say) };
  for (const [field, messages] of Object.entries(keys.fields ?? {})) errors[field] = messages.map(say);
  return Response.json({ errors }, { status, headers: { "Cache-Control": "no-store" } });
}

export function apiAnswer(body: unknown, status = 200) {
  return Response.json(body, { status, headers: { "Cache-Control": "no-store" } });
}

/**
 * The request's JSON body parsed with `schema`: the value, or the error Response to return
 * (400 when the body is not JSON, 422 with per-field messages when it breaks a rule).
 */
export async function parseJsonBody<T>(
  request: Request,
  schema: ZodType<T, ZodTypeDef, unknown>,
): Promise<{ ok: true; value: T } | { ok: false; response: Response }> {
  let body: unknown;
  try {
    body = await request.json();
  } catch {
    return { ok: false, response: await apiError(request, 400, { base: ["errors.invalidRequest"] }) };
  }
  const result = schema.safeParse(body);
  if (result.success) return { ok: true, value: result.data };
  const fields: Record<string, string[]> = {};
  const base: string[] = [];
  for (const issue of result.error.issues) {
    // The field is the last path segment ("user.firstname" → "firstname").
    const field = issue.path.filter((part) => typeof part === "string").at(-1);
    const key = /^(\w+:)?errors\./.test(issue.message) ? issue.message : "errors.invalidRequest";
    if (field && field !== "user") fields[field] = [...(fields[field] ?? []), key];
    else base.push(key);
  }
  if (base.length === 0) base.push("errors.checkFields");
  return { ok: false, response: await apiError(request, 422, { base, fields }) };
}

/** For an API path that takes another method: 405 in the API's error shape. */
export async function methodNotAllowed({ request }: LoaderFunctionArgs | ActionFunctionArgs) {
  return apiError(request, 405, { base: ["errors.methodNotAllowed"] });
}
