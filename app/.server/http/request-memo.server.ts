import { AsyncLocalStorage } from "node:async_hooks";

/**
 * What one HTTP request computes once for all its loaders. Remix hands each loader a Request of
 * its own, so a memo keyed by the Request misses between the layout's loader and the page's
 * (a second whoami on every signed-in page): each loader of the build runs in the memo of its
 * request instead (served-build.server.ts), the load context Remix hands every loader of one
 * request standing for the request. Outside it (loaders called as plain functions) nothing is shared.
 */
const scope = new AsyncLocalStorage<Map<string, unknown>>();
const memos = new WeakMap<object, Map<string, unknown>>();

/** Runs `handle` in the memo of `request`, shared by every call made with the same object. */
export function withRequestMemo<T>(handle: () => T, request: object = {}): T {
  const memo = memos.get(request) ?? new Map<string, unknown>();
  memos.set(request, memo);
  return scope.run(memo, handle);
}

/** `compute()`'s answer, shared by every caller in this request asking under `key`. */
export function requestMemo<T>(key: string, compute: () => T): T {
  const memo = scope.getStore();
  if (!memo) return compute();
  if (!memo.has(key)) memo.set(key, compute());
  return memo.get(key) as T;
}
