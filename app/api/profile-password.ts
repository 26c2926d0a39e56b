import { postEndpoint } from "~/.server/api/endpoint.server";
import { apiAnswer } from "~/.server/api/respond.server";
import { successAnswer } from "~/.server/contract/operation.server";
import { clientOf } from "~/.server/http/client.server";
import { changePassword } from "~/.server/profile/account.server";
import { passwordBody, passwordChangeRefusals } from "~/.server/profile/contract.server";

export const endpoint = postEndpoint("/api/profile/password", {
  summary: "Change the password with the current one; every other session ends",
  body: passwordBody,
  refusals: passwordChangeRefusals,
  ok: { status: 200, schema: successAnswer, description: "Changed" },
  async handler({ request, context, signedIn, body, refuse }) {
    const { current_password, password } = await body();
    const result = await changePassword(signedIn, current_password, password, clientOf(request, context));
    return result.ok ? apiAnswer({ success: true }) : refuse(result.error);
  },
});
