/**
 * Paths whose own segment is the key to what they open, with no sign-in behind it: a survey's
 * link, a coach's private links, a recovery page's code, the first-admin link, an unsubscribe or
 * earlier-time link, a certificate's public id, a photo's or an upload's file. Anyone who read one
 * in a log or an error report could use it, so every log line and report masks them. Paths under
 * a sign-in (a member's session id, an admin's member id) are not keys: the id opens nothing by
 * itself.
 */
const SEGMENT = String.raw`[^/?#\s"'<>]+`;

const keyPath = (path: string, masked: string) => ({ path: new RegExp(`^${path}`, "i"), masked });

const KEY_PATHS = [
  keyPath(`/survey/${SEGMENT}`, "/survey/[token]"),
  keyPath(`/coach/session/${SEGMENT}`, "/coach/session/[token]"),
  // The signed-in coach's own agenda (/coach/agenda/sessions/…) names no key.
  keyPath(`/coach/agenda/(?!sessions(?:/|$))${SEGMENT}`, "/coach/agenda/[token]"),
  keyPath(`/home/new-password-${SEGMENT}`, "/home/new-password-[code_id]"),
  keyPath(`/setup/first-admin/${SEGMENT}`, "/setup/first-admin/[token]"),
  keyPath(`/unsubscribe/${SEGMENT}`, "/unsubscribe/[token]"),
  keyPath(`(/coaching/sessions/${SEGMENT}/earlier)/${SEGMENT}`, "$1/[token]"),
  keyPath(`/certificate/${SEGMENT}`, "/certificate/[id]"),
  keyPath(`/photos/${SEGMENT}`, "/photos/[file]"),
  keyPath(`/uploads/${SEGMENT}`, "/uploads/[file]"),
];

/** A path's start: the text's start, a space, a quote, or an origin ("https://cap.example"). */
const PATH_IN_TEXT = /(^|[\s"'(=]|https?:\/\/[^/\s"'<>]+)(\/[^\s"'<>]*)/gi;

/** `text` with every key path in it masked: a bare path, a full URL, or a path inside a message. */
export function maskKeyPaths(text: string): string {
  if (!text.includes("/")) return text;
  return text.replace(PATH_IN_TEXT, (_whole, lead: string, path: string) => {
    const key = KEY_PATHS.find((candidate) => candidate.path.test(path));
    return lead + (key ? path.replace(key.path, key.masked) : path);
  });
}
