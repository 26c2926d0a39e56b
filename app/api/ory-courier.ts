import {
  COURIER_KEY_HEADER,
  courierKeyMatches,
  courierMessage,
  deliverCourierMessage,
} from "~/.server/accounts/courier.server";
import { defineEndpoint, unlisted } from "~/.server/api/endpoint.server";
import { apiError, parseJsonBody } from "~/.server/api/respond.server";

/**
 * Kratos's courier delivering a message (Ory adapter only): 204 once it is in the outbox; 401
 * without the courier key (and always when Ory is off).
 */
export const endpoint = defineEndpoint("/api/hooks/ory/courier", {
  post: unlisted(async ({ request }) => {
    if (!courierKeyMatches(request.headers.get(COURIER_KEY_HEADER)))
      return apiError(request, 401, { base: ["errors.unauthorized"] });
    await deliverCourierMessage(await parseJsonBody(request, courierMessage));
    return new Response(null, { status: 204 });
  }),
});
