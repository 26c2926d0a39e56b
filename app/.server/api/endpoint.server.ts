import type { LoaderFunctionArgs } from "@remix-run/node";
import type { ZodType, ZodTypeDef } from "zod";
import type { SignedIn } from "~/.server/accounts/members.server";
import type { Operation } from "~/.server/contract/operation.server";
import { type RefusalTable, refusalStatuses } from "~/.server/contract/refusal-table.server";
import type { PageRequest } from "~/.server/paging/paging.server";
import { apiMember, apiRole, apiSession } from "./member.server";
import { API_PAGE_STATUSES, apiPage } from "./paging.server";
import { apiRefusal, JSON_BODY_STATUSES, type MessageValues, methodNotAllowed, parseJsonBody } from "./respond.server";

/**
 * An endpoint of the JSON API, declared once beside its handler (app/api/): its path, and for GET
 * and POST the operation it runs (getEndpoint, postEndpoint, or defineEndpoint for both). The
 * router (router.server.ts) serves it and /api/openapi.json (openapi.server.ts) describes it from
 * this one declaration: an operation's failure statuses are those of the parts it is made of —
 * its guard, its body parser, its page query, its refusal table, its path parameters — which run
 * here, before and around its handler, so the document cannot promise what they do not answer.
 */
export type Handler = (args: LoaderFunctionArgs) => Promise<Response>;

/** What /api/openapi.json says of an operation. */
export type ApiTag = "member" | "coach" | "admin";

export type Described = Operation & {
  tag: ApiTag;
  body?: ZodType;
  security: boolean;
  pathParameters: string[];
  failures: number[];
};

export type Endpoint = {
  /** In Remix's syntax: `/api/bookings/:id`, a `:name` segment being a parameter. */
  path: string;
  /** GET and HEAD. */
  loader: Handler;
  /** Every other method (Remix's split); an endpoint without one answers Remix's own 405. */
  action?: Handler;
  described: { get?: Described; post?: Described };
};

/**
 * Who may call: a signed-in member with a verified address (401, 403) unless the operation names
 * another guard — any session (401) or anyone.
 */
const guards = {
  member: { statuses: [401, 403], run: apiMember },
  session: { statuses: [401], run: apiSession },
  none: { statuses: [], run: async () => undefined },
  // The spaces of those who run Cap: without the role, the 404 of an unknown path.
  coach: { statuses: [401, 403, 404], run: apiRole("coach") },
  admin: { statuses: [401, 403, 404], run: apiRole("admin") },
};

/** The document's tag of an operation: whose it is, by its guard. */
const tags: Record<Guard, ApiTag> = {
  member: "member",
  session: "member",
  none: "member",
  coach: "coach",
  admin: "admin",
};
type Guard = keyof typeof guards;

export type HandlerArgs<G extends Guard, Body, Code extends string, Paged> = LoaderFunctionArgs & {
  signedIn: G extends "none" ? undefined : SignedIn;
  /** The JSON body parsed with the operation's schema (400 not JSON, 422 a broken rule), read when called. */
  body: () => Promise<Body>;
  /** The answer to a refusal of the operation's table (with the values its message reads, if any). */
  refuse: (code: Code, values?: MessageValues) => Promise<Response>;
  page: Paged extends number ? PageRequest : undefined;
};

type OperationSpec<G extends Guard, Body, Code extends string, Paged> = Operation & {
  guard?: G;
  body?: ZodType<Body, ZodTypeDef, unknown>;
  /** The namespace of the body schema's unprefixed keys, when it shares them with a page (e.g. "space"). */
  bodyNamespace?: string;
  /** What the service may refuse: only those statuses are documented. */
  refusals?: RefusalTable<Code>;
  /** A paged list's default `limit`: `page` and `limit` are read (422 when bad) before the handler runs. */
  page?: Paged;
  handler: (args: HandlerArgs<G, Body, Code, Paged>) => Promise<Response>;
};

export type ApiOperation = {
  handler: Handler;
  /** Null: left out of /api/openapi.json. */
  described: Omit<Described, "pathParameters" | "failures"> | null;
  statuses: number[];
};

/** An operation: the guard runs first, then the page query; the handler reads the body when it needs it. */
export function operation<G extends Guard = "member", Body = never, Code extends string = never, Paged = undefined>(
  spec: OperationSpec<G, Body, Code, Paged>,
): ApiOperation {
  const { guard = "member", body, bodyNamespace, refusals, page, handler, ...described } = spec;
  return {
    described: { ...described, tag: tags[guard], body, security: guard !== "none" },
    statuses: [
      ...guards[guard].statuses,
      ...(body ? JSON_BODY_STATUSES : []),
      ...(typeof page === "number" ? API_PAGE_STATUSES : []),
      ...(refusals ? refusalStatuses(refusals) : []),
    ],
    async handler(args) {
      const { request } = args;
      try {
        const signedIn = await guards[guard].run(request);
        const requested = typeof page === "number" ? await apiPage(request, page) : undefined;
        return await handler({
          ...args,
          signedIn,
          page: requested,
          body: async () => {
            if (!body) throw new Error("This operation declares no body");
            return parseJsonBody(request, body, { ns: bodyNamespace });
          },
          refuse: (code, values) => apiRefusal(request, (refusals as RefusalTable<Code>)[code], values),
        } as HandlerArgs<G, Body, Code, Paged>);
      } catch (thrown) {
        // The guard, the page query and the body parser throw their answers; answered as returned
        // ones, so that every answer of the API is alike (Remix marks a thrown one x-remix-catch).
        if (thrown instanceof Response) return thrown;
        throw thrown;
      }
    },
  };
}

/** An operation /api/openapi.json leaves out: a hook an identity adapter calls, not one of the API's clients. */
export function unlisted(handler: Handler): ApiOperation {
  return { handler, described: null, statuses: [] };
}

/** An endpoint: its path and its operations; a method it does not take answers 405 in the API's shape. */
export function defineEndpoint(path: string, operations: { get?: ApiOperation; post?: ApiOperation }): Endpoint {
  const pathParameters = [...path.matchAll(/:(\w+)/g)].map((found) => found[1]);
  const described = (method?: ApiOperation): Described | undefined =>
    method?.described
      ? {
          ...method.described,
          pathParameters,
          // A path parameter that names nothing of the member's is 404.
          failures: [...new Set([...method.statuses, ...(pathParameters.length ? [404] : [])])].sort((a, b) => a - b),
        }
      : undefined;
  return {
    path,
    loader: operations.get?.handler ?? methodNotAllowed,
    action: operations.post?.handler ?? methodNotAllowed,
    described: { get: described(operations.get), post: described(operations.post) },
  };
}

/** An endpoint that takes GET alone. */
export function getEndpoint<G extends Guard = "member", Body = never, Code extends string = never, Paged = undefined>(
  path: string,
  spec: OperationSpec<G, Body, Code, Paged>,
): Endpoint {
  return defineEndpoint(path, { get: operation(spec) });
}

/** An endpoint that takes POST alone (and, as Remix hands them to the action, PUT, PATCH and DELETE). */
export function postEndpoint<G extends Guard = "member", Body = never, Code extends string = never, Paged = undefined>(
  path: string,
  spec: OperationSpec<G, Body, Code, Paged>,
): Endpoint {
  return defineEndpoint(path, { post: operation(spec) });
}
