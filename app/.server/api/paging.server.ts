import { apiPageRequest, type PageRequest } from "~/.server/paging/paging.server";
import { apiError } from "./respond.server";

/** What apiPage answers: 422 for a bad `page` or `limit`. */
export const API_PAGE_STATUSES = [422];

/**
 * The API's `page` and `limit` query parameters, or a thrown 422 naming the bad one (which Remix
 * answers): a page number is 1–10000, a page holds 1–50 items.
 */
export async function apiPage(request: Request, defaultLimit: number): Promise<PageRequest> {
  const requested = apiPageRequest(new URL(request.url), defaultLimit);
  if (requested.ok) return requested.value;
  throw await apiError(request, 422, {
    base: ["errors.checkFields"],
    fields: { [requested.field]: [`common:pagination.${requested.field}Invalid`] },
  });
}
