import { buildVersion } from "~/.server/runtime/build-version.server";
import { apiAnswer, methodNotAllowed } from "~/.server/api/respond.server";

/** GET /api/debug/data_page/front-version — the front end's build version, a string (SPEC §7). */
export function loader() {
  return apiAnswer(buildVersion());
}

export const action = methodNotAllowed;
