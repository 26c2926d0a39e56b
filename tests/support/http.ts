import type { AppLoadContext } from "@remix-run/node";

/** Builds requests for loaders and actions called as plain functions, and reads their answers. */
export const ORIGIN = "http://localhost:3000";

type RequestOptions = {
  method?: string;
  form?: Record<string, string | string[]>;
  json?: unknown;
  cookie?: string;
  /** A session token sent as `Authorization: Bearer …` (as the API's clients do). */
  token?: string | null;
  /** The Accept-Language header. */
  lang?: string;
  headers?: Record<string, string>;
  /** Files sent with `form`'s fields as multipart/form-data (what a file input posts). */
  files?: Record<string, File>;
  /** A body sent as it is (bytes, or text the test shapes itself), with `headers` as they are. */
  body?: BodyInit;
};

export function buildRequest(path: string, options: RequestOptions = {}): Request {
  const headers = new Headers(options.headers);
  if (options.cookie) headers.set("Cookie", options.cookie);
  if (options.token) headers.set("Authorization", `Bearer ${options.token}`);
  if (options.lang && !headers.has("Accept-Language")) headers.set("Accept-Language", options.lang);
  let body: BodyInit | undefined = options.body;
  // A field given several values is sent once per value, as a multiple select or checkboxes post it.
  const fields = Object.entries(options.form ?? {}).flatMap(([name, value]) =>
    (Array.isArray(value) ? value : [value]).map((item) => [name, item]),
  );
  if (options.files) {
    const multipart = new FormData();
    for (const [name, item] of fields) multipart.append(name, item);
    for (const [name, file] of Object.entries(options.files)) multipart.set(name, file);
    body = multipart;
  } else if (options.form) {
    body = new URLSearchParams(fields);
    headers.set("Content-Type", "application/x-www-form-urlencoded");
  } else if (options.json !== undefined) {
    body = JSON.stringify(options.json);
    headers.set("Content-Type", "application/json");
  }
  const method = options.method ?? (body ? "POST" : "GET");
  return new Request(new URL(path, ORIGIN), { method, headers, body });
}

/** A loader or action (a page's or an API endpoint's), called as a plain function. */
export type RouteFunction<T = unknown> = (args: {
  request: Request;
  params: Record<string, string | undefined>;
  context: AppLoadContext;
}) => T;

/**
 * Calls a loader or action with route params and a load context (e.g. `{ clientIp }`); a thrown
 * Response (redirect, 404) or `data(…, init)` is returned like a returned one.
 */
export async function callWith<T>(
  fn: RouteFunction<T>,
  request: Request,
  options: { params?: Record<string, string>; context?: AppLoadContext } = {},
) {
  try {
    return await fn({ request, params: options.params ?? {}, context: options.context ?? {} });
  } catch (thrown) {
    if (thrown instanceof Response) return thrown;
    if (isDataWithInit(thrown)) return thrown;
    throw thrown;
  }
}

/** `callWith` with the route's params only. */
export function call<T>(fn: RouteFunction<T>, request: Request, params: Record<string, string> = {}) {
  return callWith(fn, request, { params });
}

/** Whoever sends a page request: a member (their session cookie), a bare "token=…" cookie, or nobody. */
type Visitor = { cookie: string } | string | null | undefined;

const cookieOf = (who: Visitor) => (typeof who === "string" ? who : (who?.cookie ?? undefined));

/** A loader called by `who` (their session cookie), with the route's params. */
export function getAs(
  fn: RouteFunction<unknown>,
  path: string,
  who: Visitor,
  params: Record<string, string> = {},
  options: Omit<RequestOptions, "cookie" | "form"> = {},
) {
  return callWith(fn, buildRequest(path, { ...options, cookie: cookieOf(who) }), { params });
}

/** An action called by `who` with the form a page posts, and the route's params. */
export function postAs(
  fn: RouteFunction<unknown>,
  path: string,
  who: Visitor,
  form: Record<string, string | string[]>,
  params: Record<string, string> = {},
  options: Omit<RequestOptions, "cookie" | "form"> = {},
) {
  return callWith(fn, buildRequest(path, { ...options, form, cookie: cookieOf(who) }), { params });
}

/**
 * Calls an API endpoint as a client would: `who`'s bearer token (null: none), a JSON body (then a
 * POST, unless `method` says otherwise) or none (a GET), the route's params; answers the Response
 * (one the API guard or body parser throws included).
 */
export function callApi(
  fn: RouteFunction<unknown>,
  path: string,
  who: { token: string } | string | null,
  options: Omit<RequestOptions, "token" | "form"> & { params?: Record<string, string>; context?: AppLoadContext } = {},
): Promise<Response> {
  const { params = {}, context = {}, ...request } = options;
  const token = typeof who === "string" ? who : (who?.token ?? null);
  const method = request.method ?? (request.json === undefined ? "GET" : "POST");
  return answerOf(fn({ request: buildRequest(path, { ...request, method, token }), params, context }));
}

/**
 * An API route's answer, called as a plain function: the API guard and the body parser throw
 * theirs (Remix answers a thrown Response), returned here like a returned one.
 */
export async function answerOf(answer: unknown): Promise<Response> {
  try {
    return (await answer) as Response;
  } catch (thrown) {
    if (thrown instanceof Response) return thrown;
    throw thrown;
  }
}

type DataWithInit = { type: "DataWithResponseInit"; data: unknown; init: ResponseInit | null };

function isDataWithInit(value: unknown): value is DataWithInit {
  return typeof value === "object" && value !== null && (value as DataWithInit).type === "DataWithResponseInit";
}

/** The status of a loader/action answer: a Response, `data(…, init)` or plain data (200). */
export function statusOf(answer: unknown): number {
  if (answer instanceof Response) return answer.status;
  if (isDataWithInit(answer)) return answer.init?.status ?? 200;
  return 200;
}

/** The data of an answer: a JSON Response's body, `data()`'s payload, or the plain value. */
export async function dataOf<T = unknown>(answer: unknown): Promise<T> {
  if (answer instanceof Response) return (await answer.json()) as T;
  if (isDataWithInit(answer)) return answer.data as T;
  return answer as T;
}

export function headerOf(answer: unknown, name: string): string | null {
  if (answer instanceof Response) return answer.headers.get(name);
  if (isDataWithInit(answer)) return new Headers(answer.init?.headers).get(name);
  return null;
}

/** "name=value" pairs of the Set-Cookie headers, ready to send back as a Cookie header. */
export function cookiesOf(answer: unknown): string {
  const headers =
    answer instanceof Response
      ? answer.headers
      : new Headers(isDataWithInit(answer) ? answer.init?.headers : undefined);
  return headers
    .getSetCookie()
    .map((cookie) => cookie.split(";")[0])
    .join("; ");
}
