import type { Request as ExpressRequest, Response as ExpressResponse, NextFunction } from "express";
import { requestsInFlight, requestsWaiting, turnedAway } from "~/.server/observability/metrics.server";
import { shortAnswer } from "./short-answer.server";

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
function busyAnswer(req: ExpressRequest, res: ExpressResponse) {
  return shortAnswer(req, res, { status: 503, key: "busy", retryAfter: BUSY_RETRY_AFTER_SECONDS });
}
