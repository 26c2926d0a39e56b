import { openApiDocument } from "~/.server/api/openapi.server";

/** GET /api/openapi.json — the API's description (OpenAPI 3.1). */
export function loader() {
  return Response.json(openApiDocument(), { headers: { "Cache-Control": "public, max-age=300" } });
}
