/**
 * The first paint shows the whole page, not its top. Chromium paints as soon as it has
 * parsed a little of the body (the sidebar, the start of the main column), then styles and lays
 * out the rest in a second long task: on a slow phone that task lands after the first paint, when
 * the member may already tap (Lighthouse counted it as 150–350 ms of blocking time on a module
 * page). A render-blocking `<link rel="expect">` (Chromium 124+; other browsers ignore it) holds
 * the first frame until the parser reaches `ContentEnd`, placed after the page's content and
 * before its scripts. The whole document is a few KB of gzip, sent at once: nothing waits on the
 * network, and the scripts still load after the paint (http/scripts-after-paint.server.ts).
 */
const CONTENT_END_ID = "content-end";

/** In the head: the first frame waits for the content's end. */
export function FirstPaintWaitsForContent() {
  return <link rel="expect" href={`#${CONTENT_END_ID}`} blocking="render" />;
}

/** After the page's content: where the first frame may be painted. */
export function ContentEnd() {
  return <div id={CONTENT_END_ID} hidden />;
}
