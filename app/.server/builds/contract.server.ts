import { z } from "zod";
import type { Operations } from "~/.server/api/openapi.server";

/** The builds' contract: the front end's version as the JSON API answers it (SPEC §7). */
export const frontVersionAnswer = z.string().describe("The front end's build version, compared as a string");

export const buildOperations: Operations = {
  "/api/debug/data_page/front-version": {
    post: undefined,
    get: {
      summary: "The front end's build version",
      ok: { status: 200, schema: frontVersionAnswer, description: "The version, compared as a string" },
      failures: [],
    },
  },
};
