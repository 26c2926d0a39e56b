import { AsyncLocalStorage } from "node:async_hooks";

/**
 * What one HTTP request computes once for all its loaders. Remix hands each loader a Request of
 * its own, so a memo keyed by the Request misses between the layout's loader and the page's
 * (a second whoami on every signed-in page): the request handler opens this scope around the
 * whole request instead. Outside it (loaders called as plain functions) nothing is shared.
 */
const scope = new AsyncLocalStorage<Map<string, unknown>>();

export function withRequestMemo<T>(handle: () => T): T {
  return scope.run(new Map(), handle);
}

/** `compute()`'s answer, shared by every caller in this request asking under `key`. */
export function requestMemo<T>(key: string, compute: () => T): T {
  const memo = scope.getStore();
  if (!memo) return compute();
  if (!memo.has(key)) memo.set(key, compute());
  return memo.get(key) as T;
}
