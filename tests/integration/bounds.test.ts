import { describe, expect, it } from "vitest";
import { db } from "~/.server/db/client.server";
import { commitments } from "~/.server/db/schema.server";
import { isCalendarDay } from "~/.server/calendar/days.server";
import { loader as overviewLoader } from "~/routes/_default._index/route";
import { action as commitmentsAction } from "~/routes/_default.my_commitments/route";
import { action as loginAction } from "~/routes/_main.home.login";
import { verifiedMember } from "../support/accounts";
import { answerOf, buildRequest, callWith, dataOf, statusOf } from "../support/http";
import { endpointAt } from "../support/endpoints";

const slotList = endpointAt("/api/coaches/:coach_slug/slots").loader;
const loginApi = endpointAt("/api/dashboard/login").action;

/** Issue 11, items 5 and 6: ranges, dates, ids and lengths a caller controls are bounded: a 4xx, never a 500. */
describe("bounds on what a caller controls", () => {
  it("computes free times over 62 days at most: 200 years is a 400 at once", async () => {
    const member = await verifiedMember();
    const request = buildRequest("/api/coaches/claire-moreau/slots?from=2026-01-01T00:00:00Z&to=2226-01-01T00:00:00Z", {
      headers: { Authorization: `Bearer ${member.token}`, "Accept-Language": "en" },
    });
    const answer = await answerOf(slotList({ request, params: { coach_slug: "claire-moreau" }, context: {} }));
    expect(answer.status).toBe(400);
    expect((await answer.json()).errors.to).toEqual(["Choose a period of 62 days at most."]);
  });

  it("takes calendar days between 1900 and 2100 only (years 0000 and 9999 are refused, ?week= included)", async () => {
    expect(isCalendarDay("0000-01-01")).toBe(false);
    expect(isCalendarDay("9999-12-31")).toBe(false);
    expect(isCalendarDay("2026-11-24")).toBe(true);
    const member = await verifiedMember();
    for (const week of ["0000-01-01", "9999-12-31"]) {
      const answer = await callWith(overviewLoader, buildRequest(`/?week=${week}`, { cookie: member.cookie }));
      expect(statusOf(answer)).toBeLessThan(500);
    }
  });

  it("refuses a commitment naming a module that does not exist (422) and stores nothing", async () => {
    const member = await verifiedMember();
    const form = { intent: "create", title: "Lire", moduleId: "00000000-0000-4000-8000-000000000000" };
    const refused = await callWith(commitmentsAction, buildRequest("/my_commitments", { form, cookie: member.cookie }));
    expect(statusOf(refused)).toBe(422);
    expect((await dataOf<{ error: Record<string, string[]> }>(refused)).error.moduleId).toEqual([
      "errors.moduleInvalid",
    ]);
    expect(await db().select().from(commitments)).toHaveLength(0);
  });

  it("refuses a 3,000-character email at login, on the page and in the API", async () => {
    const email = `${"x".repeat(3000)}@example.com`;
    const page = await callWith(
      loginAction,
      buildRequest("/home/login", { form: { email, password: "whatever-password" } }),
      {
        context: { clientIp: "192.0.2.1" },
      },
    );
    expect(statusOf(page)).toBe(400);
    const api = await answerOf(
      loginApi({
        request: buildRequest("/api/dashboard/login", { json: { email, password: "whatever-password" } }),
        params: {},
        context: { clientIp: "192.0.2.1" },
      }),
    );
    expect(api.status).toBe(422);
  });
});
