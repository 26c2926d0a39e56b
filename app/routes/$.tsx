import { data, type LoaderFunctionArgs } from "@remix-run/node";

/** Every page path no other route matches: 404 "Page not found: {path}" (SPEC §2, §8). */
export function loader({ request }: LoaderFunctionArgs) {
  const path = new URL(request.url).pathname;
  throw data({ message: `Page not found: ${path}`, path }, { status: 404 });
}

export const action = loader;

// The root error boundary renders the page; this route never renders by itself.
export default function NotFound() {
  return null;
}
