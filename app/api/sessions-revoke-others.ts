import { postEndpoint } from "~/.server/api/endpoint.server";
import { apiAnswer } from "~/.server/api/respond.server";
import { revokedAnswer } from "~/.server/profile/contract.server";
import { signOutOtherDevices } from "~/.server/profile/devices.server";

/** Kratos: DELETE /sessions. */
export const endpoint = postEndpoint("/api/sessions/revoke-others", {
  summary: "Sign out every other device: all the member's sessions but this one end",
  ok: { status: 200, schema: revokedAnswer, description: "How many sessions ended" },
  handler: async ({ signedIn }) => apiAnswer({ success: true, revoked: await signOutOtherDevices(signedIn) }),
});
