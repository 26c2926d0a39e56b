import type { RouteRules } from "~/builds/route-rules";

/**
 * Every redirect of the site, declared here and nowhere else: the server enforces them and
 * /builds/meta/{buildId}.json hands them to the browser. Short addresses people type or print.
 */
export const routeRules: RouteRules = {
  "/login": "/home/login",
  "/register": "/home/register",
};
