/** The list at a page, with ?edit= or ?delete= when asked. */
export function listHref(page: number, extra: Record<string, string> = {}) {
  const query = new URLSearchParams(page > 1 ? { page: String(page), ...extra } : extra);
  return query.size ? `/my_commitments?${query}` : "/my_commitments";
}
