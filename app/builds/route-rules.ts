/**
 * Route rules of a build (SPEC §4 route-rules manifest): a path and where it now lives, a path of
 * this site or an absolute URL. The server redirects document requests with them and the browser
 * follows them on client navigations (builds/meta/{buildId}.json carries them).
 */
export type RouteRules = Record<string, string>;

/** Where a request for `pathname` + `search` must go, or undefined when no rule names it. */
export function ruleTarget(rules: RouteRules, pathname: string, search = ""): string | undefined {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, "") : pathname;
  const target = Object.hasOwn(rules, path) ? rules[path] : undefined;
  if (target === undefined) return undefined;
  // The query goes along (an invitation's ?invited_id=…), unless the rule names its own.
  return target.includes("?") || !search || search === "?" ? target : target + search;
}

/** An absolute URL (or protocol-relative) leaves the app: the browser loads it as a document. */
export function isExternal(target: string): boolean {
  return /^[a-z][a-z\d+.-]*:/i.test(target) || target.startsWith("//");
}
