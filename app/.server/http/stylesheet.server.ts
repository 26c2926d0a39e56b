import { readFileSync } from "node:fs";
import path from "node:path";
import { logger } from "~/.server/observability/logger.server";

const texts = new Map<string, string | null>();

/**
 * The text of a stylesheet of the build (`/build/_assets/….css`, fingerprinted: it never changes),
 * read from public/ once (app/components/document/stylesheet.tsx writes it into every page). Null when it
 * cannot be written inline: not a build asset, not readable, or holding what would end a <style>.
 */
export function stylesheetText(href: string): string | null {
  let text = texts.get(href);
  if (text === undefined) {
    text = readStylesheet(href);
    texts.set(href, text);
  }
  return text;
}

function readStylesheet(href: string): string | null {
  if (!/^\/build\/[\w./-]+\.css$/.test(href) || href.includes("..")) return null;
  try {
    const text = readFileSync(path.join(process.cwd(), "public", href), "utf8");
    return /<\/style/i.test(text) ? null : text;
  } catch (error) {
    logger.warn({ href, error: (error as Error).message }, "stylesheet not readable: pages link to it instead");
    return null;
  }
}
