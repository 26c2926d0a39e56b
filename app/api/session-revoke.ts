import { postEndpoint } from "~/.server/api/endpoint.server";
import { apiAnswer } from "~/.server/api/respond.server";
import { successAnswer } from "~/.server/contract/operation.server";
import { deviceRefusals } from "~/.server/profile/contract.server";
import { signOutDevice } from "~/.server/profile/devices.server";

/** Kratos: DELETE /sessions/{id}. */
export const endpoint = postEndpoint("/api/sessions/:id/revoke", {
  summary: "Sign out one of the member's other devices (409 for this one: use /api/dashboard/logout)",
  refusals: deviceRefusals,
  ok: { status: 200, schema: successAnswer, description: "That session ended" },
  async handler({ params, signedIn, refuse }) {
    const outcome = await signOutDevice(signedIn, params.id ?? "");
    return outcome.ok ? apiAnswer({ success: true }) : refuse(outcome.error);
  },
});
