import { createContext, useContext, useState } from "react";

/** Reads a built stylesheet's text, or null without it: given by entry.server.tsx, absent in the browser. */
export type ReadStylesheet = (href: string) => string | null;

const StylesheetContext = createContext<ReadStylesheet | null>(null);

export const StylesheetProvider = StylesheetContext.Provider;

const STYLE_ID = "cap-stylesheet";

/**
 * The site's stylesheet written into the page's head rather than linked: the first view (HTML
 * and CSS, well under 14 KB gzip) arrives in one response and the browser can paint before any
 * script has come, which a link held back (Lighthouse's FCP and LCP). The browser keeps
 * the text the server wrote; without the built file's text, a link to it.
 */
export function Stylesheet({ href, nonce }: { href: string; nonce: string }) {
  const read = useContext(StylesheetContext);
  const [text] = useState(() => (read ? read(href) : writtenText()));
  if (text === null) return <link rel="stylesheet" href={href} />;
  // As children, React would escape the CSS (`>` in selectors, quotes in `content`), which a <style>
  // does not unescape. The text is the build's own stylesheet, refused if it could end the element.
  // biome-ignore lint/security/noDangerouslySetInnerHtml: our built CSS, checked by stylesheet.server.ts
  return <style id={STYLE_ID} nonce={nonce} dangerouslySetInnerHTML={{ __html: text }} />;
}

/** In the browser, what the server wrote (hydration must render the same). */
function writtenText(): string | null {
  if (typeof document === "undefined") return null;
  return document.getElementById(STYLE_ID)?.textContent ?? null;
}
