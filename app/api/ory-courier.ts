import type { ActionFunctionArgs } from "@remix-run/node";
import {
  COURIER_KEY_HEADER,
  courierKeyMatches,
  courierMessage,
  deliverCourierMessage,
} from "~/.server/accounts/courier.server";
import { apiError, methodNotAllowed, parseJsonBody } from "~/.server/api/respond.server";

/**
 * POST /api/hooks/ory/courier — Kratos's courier delivering a message (Ory adapter only): 204
 * once it is in the outbox; 401 without the courier key (and always when Ory is off).
 */
export async function action({ request }: ActionFunctionArgs) {
  if (!courierKeyMatches(request.headers.get(COURIER_KEY_HEADER)))
    return apiError(request, 401, { base: ["errors.unauthorized"] });
  await deliverCourierMessage(await parseJsonBody(request, courierMessage));
  return new Response(null, { status: 204 });
}

export const loader = methodNotAllowed;
