import { data } from "@remix-run/node";

/** The 404 of a page whose path exists but names nothing (SPEC §2: "Page not found: {path}"). */
export function notFound(request: Request): never {
  const path = new URL(request.url).pathname;
  throw data({ message: `Page not found: ${path}`, path }, { status: 404 });
}
