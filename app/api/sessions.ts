import { getEndpoint } from "~/.server/api/endpoint.server";
import { apiAnswer } from "~/.server/api/respond.server";
import { localeOf } from "~/.server/i18n/i18n.server";
import { devicesAnswer } from "~/.server/profile/contract.server";
import { devicesOf } from "~/.server/profile/devices.server";

/** Kratos: GET /sessions. */
export const endpoint = getEndpoint("/api/sessions", {
  summary: "The member's signed-in devices (live sessions), this one first: browser and system, signed in, last seen",
  ok: { status: 200, schema: devicesAnswer, description: "The sessions" },
  async handler({ request, signedIn }) {
    const devices = await devicesOf(signedIn, await localeOf(request));
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
  },
});
