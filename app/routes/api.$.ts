import type { LoaderFunctionArgs } from "@remix-run/node";

/** Every /api/ path no other route matches: the API's error shape with 404. */
export function loader({ request }: LoaderFunctionArgs) {
  const path = new URL(request.url).pathname;
  return Response.json({ errors: { base: [`Page not found: ${path}`] } }, { status: 404 });
}

export const action = loader;
