import { getEndpoint } from "~/.server/api/endpoint.server";
import { apiAnswer } from "~/.server/api/respond.server";
import { localeOf } from "~/.server/i18n/i18n.server";
import { securityEventsAnswer } from "~/.server/security/contract.server";
import { recentSecurityEvents } from "~/.server/security/security-events.server";

export const endpoint = getEndpoint("/api/profile/security-events", {
  summary:
    "The member's last 20 security events, newest first (sign-in from a new device, password or email change, " +
    "two-factor changes, lockouts), each mailed to the member when it happened",
  ok: { status: 200, schema: securityEventsAnswer, description: "The events" },
  async handler({ request, signedIn }) {
    const events = await recentSecurityEvents(signedIn.member, await localeOf(request));
    return apiAnswer({
      events: events.map(({ kind, at, browser, system }) => ({ kind, at, browser, system })),
    });
  },
});
