import type { LoaderFunctionArgs } from "@remix-run/node";
import { apiMember } from "~/.server/api/member.server";
import { apiAnswer, methodNotAllowed } from "~/.server/api/respond.server";
import { localeOf } from "~/.server/i18n/i18n.server";
import { devicesOf } from "~/.server/profile/devices.server";

/** GET /api/sessions — the member's signed-in devices, this one first (Kratos: GET /sessions). */
export async function loader({ request }: LoaderFunctionArgs) {
  const devices = await devicesOf(await apiMember(request), await localeOf(request));
  return apiAnswer({
    sessions: devices.map((device) => ({
      id: device.id,
      browser: device.browser,
      system: device.system,
      signed_in_at: device.signedInAt,
      last_seen_at: device.lastSeenAt,
      current: device.current,
    })),
  });
}

export const action = methodNotAllowed;
