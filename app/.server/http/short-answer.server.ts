import type { Request as ExpressRequest, Response as ExpressResponse } from "express";
import type { Language } from "~/i18n/config";
import { localeOf, translator } from "~/.server/i18n/i18n.server";

/** The translations under `error.<key>` of common.json a short answer is made of. */
type ShortAnswerKey = "busy" | "unavailable" | "internal";

/**
 * An answer the door gives itself, before or instead of the build (a full queue, a failure outside
 * any route): a small translated page, or the API's error shape under /api/, rendered by nothing,
 * so it costs nothing and needs neither the database nor React.
 */
export async function shortAnswer(
  req: ExpressRequest,
  res: ExpressResponse,
  { status, key, retryAfter }: { status: number; key: ShortAnswerKey; retryAfter?: string },
) {
  const api = req.path.startsWith("/api/");
  // In the request's language, told as its path's answers tell it (the header first under /api/,
  // the cookie first for pages); only that the path is the API's matters, so no more of it is read.
  const language = await localeOf(
    new Request(`http://door.invalid${api ? "/api/" : "/"}`, {
      headers: { cookie: req.get("cookie") ?? "", "accept-language": req.get("accept-language") ?? "" },
    }),
  );
  const { title, message } = await textsOf(language, key);
  res.status(status).set({ "Cache-Control": "no-store", ...(retryAfter ? { "Retry-After": retryAfter } : {}) });
  if (api) res.json({ errors: { base: [message] } });
  else res.type("html").send(page(language, title, message));
}

const texts = new Map<string, { title: string; message: string }>();

async function textsOf(language: Language, key: ShortAnswerKey) {
  let known = texts.get(`${language}:${key}`);
  if (!known) {
    const t = await translator(language, "common");
    known = { title: t(`error.${key}.title`), message: t(`error.${key}.message`) };
    texts.set(`${language}:${key}`, known);
  }
  return known;
}

function page(language: Language, title: string, message: string): string {
  return `<!DOCTYPE html><html lang="${language}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(title)}</title></head><body><main><h1>${escapeHtml(title)}</h1><p>${escapeHtml(message)}</p></main></body></html>`;
}

function escapeHtml(text: string): string {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");
}
