import { localeOf } from "~/.server/i18n/i18n.server";
import { doorRefusal } from "./door-refusal.server";
import type { HandlerRoute } from "./route-handlers.server";
import { bodyLimitFor, screenBody, screenHead, type Refusal } from "./request-screen.server";

/**
 * The door's checks (request-screen.server.ts) inside the build, before a loader or an action
 * runs: under remix-serve there is no other door. Answers the request the handler is to see (an
 * action's with its body read, up to its target's limit) or throws the refusal. What only the
 * transport sees stays with server.ts's door (request-handler.server.ts): the request target as
 * sent, before Express and Remix parse it into a URL (absolute-form and `//` targets, a Host no
 * URL takes), and a body refused before it is read, the rest of it drained so that the client
 * reads the 413 (here the rest is left unread). Under server.ts a request reaching the build has
 * passed that door already, and passes this one.
 */
export async function screenRequest(request: Request, kind: HandlerRoute["kind"]): Promise<Request> {
  const { pathname, search } = new URL(request.url);
  const target = pathname + search;
  const refuse = async (refusal: Refusal) => doorRefusal(refusal, pathname, await localeOf(request));

  const head = screenHead({ method: request.method, target, headers: request.headers });
  if (head) throw await refuse(head);
  // Loaders answer GET and HEAD: no body to read.
  if (kind === "loader" || !request.body) return request;
  const body = await readUpToLimit(request.body, bodyLimitFor(target));
  if (body === "too large") throw await refuse(413);
  const refusal = await screenBody(request.method, target, request.headers, body);
  if (refusal) throw await refuse(refusal);
  return new Request(request, { body });
}

/** The body, read to its end unless it grows past `limit` (then the rest is not read). */
async function readUpToLimit(
  stream: ReadableStream<Uint8Array>,
  limit: number,
): Promise<Uint8Array<ArrayBuffer> | "too large"> {
  const reader = stream.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return Uint8Array.from(Buffer.concat(chunks));
    size += value.length;
    if (size > limit) {
      reader.releaseLock();
      return "too large";
    }
    chunks.push(value);
  }
}
