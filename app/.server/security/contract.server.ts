import { z } from "zod";
import { securityEventKinds } from "./kinds.server";

/** The security events' contract: GET /api/profile/security-events answers this. */
export const securityEventsAnswer = z.object({
  events: z
    .array(
      z.object({
        kind: z.enum(securityEventKinds),
        at: z.string().datetime(),
        browser: z.string().nullable().describe("As the user agent names it; null when it does not say"),
        system: z.string().nullable(),
      }),
    )
    .max(20)
    .describe("The member's last 20 events, newest first"),
});
