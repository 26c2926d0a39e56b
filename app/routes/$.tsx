import type { LoaderFunctionArgs } from "@remix-run/node";
import { notFound } from "~/.server/http/not-found.server";

/** Every page path no other route matches: 404 "Page not found: {path}" (SPEC §2, §8). */
export function loader({ request }: LoaderFunctionArgs) {
  notFound(request);
}

export const action = loader;

// The root error boundary renders the page; this route never renders by itself.
export default function NotFound() {
  return null;
}
