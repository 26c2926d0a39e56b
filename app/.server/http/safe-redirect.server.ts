/**
 * A redirect target that stays on our origin: a path starting with a single "/" and no backslash
 * or control character. Anything else (`//host`, `/\host`, `https://…`, `javascript:…`) gives
 * `fallback` (SPEC §8: navigating to an external URL without permission is an error).
 */
export function safeRedirectPath(target: FormDataEntryValue | string | null | undefined, fallback = "/"): string {
  if (typeof target !== "string" || !target) return fallback;
  const trimmed = target.trim();
  if (!trimmed.startsWith("/") || trimmed.startsWith("//")) return fallback;
  // biome-ignore lint/suspicious/noControlCharactersInRegex: a control character anywhere refuses the target
  if (/[\\\u0000-\u001f\u007f]/.test(trimmed)) return fallback;
  // The URL parser is the final judge: the result must still be a path on a dummy origin.
  const parsed = new URL(trimmed, "http://cap.invalid");
  if (parsed.origin !== "http://cap.invalid") return fallback;
  return parsed.pathname + parsed.search + parsed.hash;
}
