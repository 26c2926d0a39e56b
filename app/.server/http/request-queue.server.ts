import type { Request as ExpressRequest, Response as ExpressResponse, NextFunction } from "express";
import type { Language } from "~/i18n/config";
import { localeOf, translator } from "~/.server/i18n/i18n.server";
import { requestsInFlight, requestsWaiting, turnedAway } from "~/.server/observability/metrics.server";

/**
 * A bounded queue in front of the build, per worker (server.ts). At most `inFlight` requests are
 * handled at once; the next `waiting` wait their turn in arrival order, each for `maxWaitMs` at
 * most; beyond either bound, the request is answered with 503 and a Retry-After — a member on a
 * phone gets a fast answer rather than a wait that grows with the crowd (9 s at 200
 * connections before). A count alone did not bound the wait: when every request writes, a worker
 * serves a few dozen a second and 48 waiting ones meant 6–10 s. A request leaves the count when
 * its answer is sent or its client goes away; a waiting one whose client goes away leaves the
 * queue. Static files, kept public pages and /healthz are mounted before it: never queued.
 */
export interface QueueLimits {
  inFlight: number;
  waiting: number;
  maxWaitMs: number;
}

/** What a refused caller is told to wait before trying again, in seconds. */
export const BUSY_RETRY_AFTER_SECONDS = "5";

export function boundedQueue({ inFlight, waiting, maxWaitMs }: QueueLimits) {
  let active = 0;
  const queue: (() => void)[] = [];
  const measure = () => {
    requestsInFlight.set(active);
    requestsWaiting.set(queue.length);
  };

  const admitNext = () => {
    active -= 1;
    while (active < inFlight && queue.length > 0) {
      active += 1;
      queue.shift()!();
    }
    measure();
  };
  /** Counts the request in until its answer is sent or its connection closes, whichever comes first. */
  const admit = (res: ExpressResponse, next: NextFunction) => {
    let done = false;
    const leave = () => {
      if (done) return;
      done = true;
      admitNext();
    };
    res.once("finish", leave);
    res.once("close", leave);
    next();
  };

  return (req: ExpressRequest, res: ExpressResponse, next: NextFunction) => {
    if (active < inFlight) {
      active += 1;
      measure();
      return admit(res, next);
    }
    if (queue.length < waiting) {
      const leaveQueue = () => {
        clearTimeout(deadline);
        const place = queue.indexOf(turn);
        if (place === -1) return false;
        queue.splice(place, 1);
        measure();
        return true;
      };
      const turn = () => {
        clearTimeout(deadline);
        admit(res, next);
      };
      // Waited too long: answered now rather than served late.
      const deadline = setTimeout(() => {
        if (!leaveQueue()) return;
        turnedAway.inc({ reason: "waited" });
        busyAnswer(req, res).catch(next);
      }, maxWaitMs);
      queue.push(turn);
      measure();
      // A client that gives up while waiting frees its place.
      res.once("close", leaveQueue);
      return;
    }
    turnedAway.inc({ reason: "full" });
    busyAnswer(req, res).catch(next);
  };
}

/** The refusal: a small translated page (the API's error shape under /api/), nothing rendered by the build. */
async function busyAnswer(req: ExpressRequest, res: ExpressResponse) {
  const api = req.path.startsWith("/api/");
  // In the request's language, told as its path's answers tell it (the header first under /api/,
  // the cookie first for pages); only that the path is the API's matters, so no more of it is read.
  const language = await localeOf(
    new Request(`http://queue.invalid${api ? "/api/" : "/"}`, {
      headers: { cookie: req.get("cookie") ?? "", "accept-language": req.get("accept-language") ?? "" },
    }),
  );
  const { title, message } = await busyTexts(language);
  res.status(503).set({ "Retry-After": BUSY_RETRY_AFTER_SECONDS, "Cache-Control": "no-store" });
  if (api) res.json({ errors: { base: [message] } });
  else res.type("html").send(busyPage(language, title, message));
}

const texts = new Map<Language, { title: string; message: string }>();

async function busyTexts(language: Language) {
  let known = texts.get(language);
  if (!known) {
    const t = await translator(language, "common");
    known = { title: t("error.busy.title"), message: t("error.busy.message") };
    texts.set(language, known);
  }
  return known;
}

function busyPage(language: Language, title: string, message: string): string {
  return `<!DOCTYPE html><html lang="${language}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(title)}</title></head><body><main><h1>${escapeHtml(title)}</h1><p>${escapeHtml(message)}</p></main></body></html>`;
}

function escapeHtml(text: string): string {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");
}
