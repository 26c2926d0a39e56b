import type { LoaderFunctionArgs } from "@remix-run/node";
import { apiMember } from "~/.server/api/member.server";
import { apiPage } from "~/.server/api/paging.server";
import { apiAnswer, methodNotAllowed } from "~/.server/api/respond.server";
import { localeOf } from "~/.server/i18n/i18n.server";
import { pageEnvelope } from "~/.server/paging/paging.server";
import { DEVICES_API_PAGE_SIZE } from "~/.server/profile/contract.server";
import { devicesOf } from "~/.server/profile/devices.server";

/** GET /api/sessions?page=&limit= — the member's signed-in devices, this one first (Kratos: GET /sessions). */
export async function loader({ request }: LoaderFunctionArgs) {
  const signedIn = await apiMember(request);
  const requested = await apiPage(request, DEVICES_API_PAGE_SIZE);
  const { devices, page } = await devicesOf(signedIn, await localeOf(request), requested, { settle: false });
  return apiAnswer({
    sessions: devices.map((device) => ({
      id: device.id,
      browser: device.browser,
      system: device.system,
      signed_in_at: device.signedInAt,
      last_seen_at: device.lastSeenAt,
      current: device.current,
    })),
    ...pageEnvelope(requested, page.total),
  });
}

export const action = methodNotAllowed;
