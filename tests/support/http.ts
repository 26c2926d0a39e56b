import type { AppLoadContext } from "@remix-run/node";

/** Builds requests for loaders and actions called as plain functions, and reads their answers. */
export const ORIGIN = "http://localhost:3000";

type RequestOptions = {
  method?: string;
  form?: Record<string, string | string[]>;
  json?: unknown;
  cookie?: string;
  headers?: Record<string, string>;
};

export function buildRequest(path: string, options: RequestOptions = {}): Request {
  const headers = new Headers(options.headers);
  if (options.cookie) headers.set("Cookie", options.cookie);
  let body: BodyInit | undefined;
  if (options.form) {
    const params = new URLSearchParams();
    for (const [name, value] of Object.entries(options.form)) {
      for (const item of Array.isArray(value) ? value : [value]) params.append(name, item);
    }
    body = params;
    headers.set("Content-Type", "application/x-www-form-urlencoded");
  } else if (options.json !== undefined) {
    body = JSON.stringify(options.json);
    headers.set("Content-Type", "application/json");
  }
  const method = options.method ?? (body ? "POST" : "GET");
  return new Request(new URL(path, ORIGIN), { method, headers, body });
}

type RouteFunction<T> = (args: {
  request: Request;
  params: Record<string, string | undefined>;
  context: AppLoadContext;
}) => T;

/** Calls a loader or action; a thrown Response (redirect, 404) is returned like a returned one. */
export async function call<T>(fn: RouteFunction<T>, request: Request, params: Record<string, string> = {}) {
  try {
    return await fn({ request, params, context: {} });
  } catch (thrown) {
    if (thrown instanceof Response) return thrown;
    if (isDataWithInit(thrown)) return thrown;
    throw thrown;
  }
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
