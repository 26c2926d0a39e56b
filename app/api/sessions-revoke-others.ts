import { defineEndpoint, operation } from "~/.server/api/endpoint.server";
import { apiAnswer } from "~/.server/api/respond.server";
import { revokedAnswer } from "~/.server/profile/contract.server";
import { signOutOtherDevices } from "~/.server/profile/devices.server";

/** Kratos: DELETE /sessions. */
export const endpoint = defineEndpoint("/api/sessions/revoke-others", {
  post: operation({
    summary: "Sign out every other device: all the member's sessions but this one end",
    guard: "member",
    ok: { status: 200, schema: revokedAnswer, description: "How many sessions ended" },
    handler: async ({ signedIn }) => apiAnswer({ success: true, revoked: await signOutOtherDevices(signedIn) }),
  }),
});
