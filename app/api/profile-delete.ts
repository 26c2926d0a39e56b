import { postEndpoint } from "~/.server/api/endpoint.server";
import { apiAnswer } from "~/.server/api/respond.server";
import { successAnswer } from "~/.server/contract/operation.server";
import { deleteAccount } from "~/.server/coaching/booking/departure.server";
import { deletionBody, deletionRefusals } from "~/.server/profile/contract.server";

export const endpoint = postEndpoint("/api/profile/delete", {
  summary: "Delete the account and its data, confirmed with the address and the password",
  body: deletionBody,
  refusals: deletionRefusals,
  ok: { status: 200, schema: successAnswer, description: "Deleted; the token no longer works" },
  async handler({ signedIn, body, refuse }) {
    const { email, current_password } = await body();
    const result = await deleteAccount(signedIn, email, current_password);
    return result.ok ? apiAnswer({ success: true }) : refuse(result.error);
  },
});
