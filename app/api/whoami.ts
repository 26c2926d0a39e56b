import { whoamiAnswer } from "~/.server/accounts/contract.server";
import { getEndpoint } from "~/.server/api/endpoint.server";
import { apiAnswer } from "~/.server/api/respond.server";

export const endpoint = getEndpoint("/api/dashboard/whoami", {
  summary: "The signed-in member: the identity (Ory Kratos shape) and the product's user record",
  guard: "session",
  ok: { status: 200, schema: whoamiAnswer, description: "The session's identity and member" },
  handler: async ({ signedIn: { sessionId, identity, member } }) =>
    apiAnswer({
      ory: { id: sessionId, identity },
      // SPEC §3: the client's flowId comes from the provider's id, ory.id (contract.server.ts).
      user: { ...member, flowId: sessionId },
    }),
});
