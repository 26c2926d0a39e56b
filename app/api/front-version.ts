import { getEndpoint } from "~/.server/api/endpoint.server";
import { apiAnswer } from "~/.server/api/respond.server";
import { frontVersionAnswer } from "~/.server/builds/contract.server";
import { buildVersion } from "~/.server/builds/build-version.server";

export const endpoint = getEndpoint("/api/debug/data_page/front-version", {
  summary: "The front end's build version",
  guard: "none",
  ok: { status: 200, schema: frontVersionAnswer, description: "The version, compared as a string" },
  handler: async () => apiAnswer(buildVersion()),
});
