import { getEndpoint } from "~/.server/api/endpoint.server";
import { apiAnswer } from "~/.server/api/respond.server";
import { localeOf } from "~/.server/i18n/i18n.server";
import { pageEnvelope, pageQueryParametersWith } from "~/.server/paging/paging.server";
import { DEVICES_API_PAGE_SIZE, devicesAnswer } from "~/.server/profile/contract.server";
import { devicesOf } from "~/.server/profile/devices.server";

/** Kratos: GET /sessions. */
export const endpoint = getEndpoint("/api/sessions", {
  summary:
    "The member's signed-in devices (live sessions), this one first, a page at a time: browser and system, signed in, last seen",
  page: DEVICES_API_PAGE_SIZE,
  query: pageQueryParametersWith(DEVICES_API_PAGE_SIZE),
  ok: { status: 200, schema: devicesAnswer, description: "A page of the sessions" },
  async handler({ request, signedIn, page }) {
    const { devices, page: settled } = await devicesOf(signedIn, await localeOf(request), page, { settle: false });
    return apiAnswer({
      sessions: devices.map((device) => ({
        id: device.id,
        browser: device.browser,
        system: device.system,
        signed_in_at: device.signedInAt,
        last_seen_at: device.lastSeenAt,
        current: device.current,
      })),
      ...pageEnvelope(page, settled.total),
    });
  },
});
