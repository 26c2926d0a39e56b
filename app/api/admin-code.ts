import { getEndpoint } from "~/.server/api/endpoint.server";
import { apiAnswer } from "~/.server/api/respond.server";
import { only } from "~/.server/contract/refusal-table.server";
import { localeOf } from "~/.server/i18n/i18n.server";
import { codeAnswer, codeRefusals } from "~/.server/trainings/access-code-contract.server";
import { codeLine } from "~/.server/trainings/access-codes.server";
import { codeWithUses } from "./admin-codes";

export const endpoint = getEndpoint("/api/admin/codes/:code", {
  guard: "admin",
  summary: "An access code (case-insensitive) and the members who used it, most recent first",
  refusals: only(codeRefusals, "noCode"),
  ok: { status: 200, schema: codeAnswer, description: "The code" },
  async handler({ request, params, refuse }) {
    const line = await codeLine(params.code ?? "");
    if (!line) return refuse("noCode");
    return apiAnswer(await codeWithUses(line, await localeOf(request)));
  },
});
