import { recoveryAnswer, recoveryBody, recoveryRequestRefusals } from "~/.server/accounts/contract.server";
import { requestRecovery } from "~/.server/accounts/recovery.server";
import { postEndpoint } from "~/.server/api/endpoint.server";
import { apiAnswer } from "~/.server/api/respond.server";
import { clientOf } from "~/.server/http/client.server";
import { localeOf } from "~/.server/i18n/i18n.server";

export const endpoint = postEndpoint("/api/recovery", {
  summary:
    "Send a password recovery code by email; the same answer whether the email is known or not. " +
    "429: 3 codes an address in 15 minutes, 10 a day, 20 requests a client address an hour, or the day's wrong codes spent",
  guard: "none",
  body: recoveryBody,
  refusals: recoveryRequestRefusals,
  ok: { status: 200, schema: recoveryAnswer, description: "Recovery started" },
  async handler({ request, context, body, refuse }) {
    const { email } = await body();
    const result = await requestRecovery(email, await localeOf(request), clientOf(request, context));
    return result.ok ? apiAnswer({ success: true, code_id: result.codeId }) : refuse(result.error);
  },
});
