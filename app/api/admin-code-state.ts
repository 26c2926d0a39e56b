import { postEndpoint } from "~/.server/api/endpoint.server";
import { apiAnswer } from "~/.server/api/respond.server";
import { only } from "~/.server/contract/refusal-table.server";
import { localeOf } from "~/.server/i18n/i18n.server";
import { codeRefusals, codeStateAnswer } from "~/.server/trainings/access-code-contract.server";
import { codeLine, setCodeDisabled } from "~/.server/trainings/access-codes.server";
import { codeJson } from "./admin-codes";

/** Disabling a code (the members it opened keep their access) and enabling it again; done twice, changes nothing. */
function stateEndpoint(change: "disable" | "enable") {
  return postEndpoint(`/api/admin/codes/:code/${change}`, {
    guard: "admin",
    summary:
      change === "disable"
        ? "Disable an access code: it opens nothing any more; members it opened keep their access"
        : "Enable a disabled access code again",
    refusals: only(codeRefusals, "noCode"),
    ok: { status: 200, schema: codeStateAnswer, description: "Its state now, and whether it changed" },
    async handler({ request, params, signedIn: { member }, refuse }) {
      const outcome = await setCodeDisabled({ memberId: member.id }, params.code ?? "", change === "disable");
      if (!outcome.ok) return refuse(outcome.error);
      const line = await codeLine(params.code ?? "");
      if (!line) return refuse("noCode");
      return apiAnswer({ code: codeJson(line, await localeOf(request)), changed: outcome.changed });
    },
  });
}

export const endpoints = [stateEndpoint("disable"), stateEndpoint("enable")];
