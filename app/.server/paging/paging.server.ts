import { z } from "zod";

/**
 * Lists that grow (goal history, commitments, coaching sessions, invitations) are read a page at a
 * time: pages follow plain `?page=N` links, the API takes `page` and `limit` and answers `total`
 * and `next`. Everything a caller sends is bounded here, once.
 */
export const MAX_PAGE = 10_000;
export const MAX_LIMIT = 50;

/** A requested page: its number (from 1) and how many items a page holds. */
export type PageRequest = { page: number; limit: number };

/** A page settled against the list's size: the number is within [1, pages]. */
export type Page = PageRequest & { pages: number; total: number; offset: number };

/**
 * A page's number from a link: anything that is not one (page=0, page=-1, page=abc, page=1e9) is the
 * first page; a number past the end becomes the last page once the total is known (settlePage).
 */
export function pageParam(url: URL, name = "page"): number {
  const raw = url.searchParams.get(name);
  if (raw === null || !/^\d{1,9}$/.test(raw)) return 1;
  return Math.min(Math.max(Number(raw), 1), MAX_PAGE);
}

/** Within the list: page 99999 of a 3-page list is page 3; an empty list has one (empty) page. */
export function settlePage(requested: PageRequest, total: number): Page {
  const pages = Math.max(1, Math.ceil(total / requested.limit));
  const page = Math.min(requested.page, pages);
  return { page, limit: requested.limit, pages, total, offset: (page - 1) * requested.limit };
}

const whole = (max: number) =>
  z
    .string()
    .regex(/^\d{1,9}$/, "errors.pageInvalid")
    .transform(Number)
    .pipe(z.number().int().min(1, "errors.pageInvalid").max(max, "errors.pageInvalid"));

/** The API's query: `page` (1–10000) and `limit` (1–50); a bad one is refused, not guessed. */
export const pageQuery = (defaultLimit: number) =>
  z.object({
    page: whole(MAX_PAGE).default("1"),
    limit: whole(MAX_LIMIT).default(String(defaultLimit)),
  });

/**
 * Reads `page` and `limit` from an API request's query: the request, or the name of the bad one.
 * A page past the end is not an error: it answers an empty list (with total, and next null).
 */
export function apiPageRequest(
  url: URL,
  defaultLimit: number,
): { ok: true; value: PageRequest } | { ok: false; field: "page" | "limit" } {
  const query = { page: url.searchParams.get("page") ?? undefined, limit: url.searchParams.get("limit") ?? undefined };
  const parsed = pageQuery(defaultLimit).safeParse(query);
  if (parsed.success) return { ok: true, value: parsed.data };
  return { ok: false, field: parsed.error.issues[0].path[0] === "limit" ? "limit" : "page" };
}

/** The API's list envelope: what the page holds, the list's size, and the next page's number (or null). */
export function pageEnvelope(requested: PageRequest, total: number) {
  const next = requested.page * requested.limit < total ? requested.page + 1 : null;
  return { total, page: requested.page, limit: requested.limit, next };
}

export const pageAnswerFields = {
  total: z.number().int().min(0).describe("How many items the whole list holds"),
  page: z.number().int().min(1),
  limit: z.number().int().min(1).max(MAX_LIMIT),
  next: z.number().int().min(2).nullable().describe("The next page's number, null on the last page"),
};

export const pageQueryParameters = [
  { name: "page", description: `Page number, 1–${MAX_PAGE} (default 1); past the end: an empty list` },
  { name: "limit", description: `Items a page, 1–${MAX_LIMIT}` },
];

/** The query parameters of a list whose page holds `defaultLimit` items unless asked otherwise. */
export const pageQueryParametersWith = (defaultLimit: number) =>
  pageQueryParameters.map((parameter) =>
    parameter.name === "limit"
      ? { ...parameter, description: `${parameter.description} (default ${defaultLimit})` }
      : parameter,
  );

/** The window of rows a query reads. */
export type Window = { limit: number; offset: number };

/**
 * One page of a list: counts it, settles the page within it (pages: 99999 → the last one) and reads
 * that window. The API passes `settle: false`: a page past the end is an empty list there.
 */
export async function readPage<T>(
  requested: PageRequest,
  count: () => Promise<number>,
  read: (window: Window) => Promise<T[]>,
  options: { settle: boolean } = { settle: true },
): Promise<{ items: T[]; page: Page }> {
  const total = await count();
  const page = options.settle
    ? settlePage(requested, total)
    : {
        ...requested,
        total,
        pages: Math.max(1, Math.ceil(total / requested.limit)),
        offset: (requested.page - 1) * requested.limit,
      };
  const items = page.offset < total ? await read({ limit: page.limit, offset: page.offset }) : [];
  return { items, page };
}
