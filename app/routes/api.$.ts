import { apiRouter } from "~/.server/api/router.server";
import { endpoints } from "~/api/endpoints";

/**
 * Every /api/ path: the endpoint app/api/endpoints.ts lists for it, its loader for GET and HEAD
 * and its action for the other methods, or 404 in the API's error shape.
 */
export const { loader, action } = apiRouter(endpoints);
