import { describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { db } from "~/.server/db/client.server";
import { auditEvents } from "~/.server/db/schema.server";
import { loggablePath } from "~/.server/http/request-log.server";
import { firstAdminAnnouncement, firstAdminPath } from "~/.server/roles/first-admin.server";
import { rolesOf } from "~/.server/roles/roles.server";
import { action, loader } from "~/routes/_default.setup.first-admin.$token";
import { verifiedMember } from "../support/accounts";
import { dataOf, getAs, headerOf, postAs, statusOf } from "../support/http";

const tokenOf = (path: string) => path.split("/").pop()!;

describe("the first admin's link (a fresh install without an admin)", () => {
  it("is printed at start while no admin exists, and makes the member who confirms it the first admin, once", async () => {
    const line = await firstAdminAnnouncement("http://cap.example");
    expect(line).toMatch(
      /^No admin yet: sign in, then open http:\/\/cap\.example\/setup\/first-admin\/\S+ within 60 minutes/,
    );
    const path = /(\/setup\/first-admin\/\S+)/.exec(line!)![1];
    const params = { token: tokenOf(path) };
    const first = await verifiedMember({ email: "premiere@example.com" });

    expect(await dataOf(await getAs(loader, path, first, params))).toMatchObject({ state: "valid" });
    const claimed = await postAs(action, path, first, {}, params);
    expect(statusOf(claimed)).toBe(303);
    expect(headerOf(claimed, "Location")).toBe("/admin/members");
    expect(await rolesOf(first.memberId)).toContain("admin");
    const audited = await db().select().from(auditEvents).where(eq(auditEvents.subjectId, first.memberId));
    expect(audited.map((event) => [event.action, event.actorId])).toEqual([["role.granted", null]]);

    // Served once: the same link, for someone else, opens nothing.
    const second = await verifiedMember({ email: "second@example.com" });
    expect(await dataOf(await getAs(loader, path, second, params))).toMatchObject({ state: "taken" });
    const again = await postAs(action, path, second, {}, params);
    expect(statusOf(again)).toBe(409);
    expect(await dataOf(again)).toEqual({ state: "taken" });
    expect(await rolesOf(second.memberId)).not.toContain("admin");
    expect(await firstAdminAnnouncement("http://cap.example")).toBeNull();
  });

  it("refuses a link past its hour or not signed by this install, and asks a visitor to sign in first", async () => {
    const member = await verifiedMember();
    const old = tokenOf(firstAdminPath(new Date(Date.now() - 61 * 60_000)));
    const expired = await postAs(action, `/setup/first-admin/${old}`, member, {}, { token: old });
    expect(statusOf(expired)).toBe(410);
    expect(await dataOf(expired)).toEqual({ state: "expired" });
    const fresh = tokenOf(firstAdminPath());
    const forged = `${Number(fresh.split(".")[0]) + 3600}.${fresh.split(".")[1]}`;
    for (const token of [forged, "123", `${fresh}x`, "x".repeat(5000)]) {
      const refused = await postAs(action, `/setup/first-admin/${token}`, member, {}, { token });
      expect(statusOf(refused)).toBe(404);
      expect(await dataOf(refused)).toEqual({ state: "forged" });
    }
    expect(await rolesOf(member.memberId)).not.toContain("admin");

    const visitor = await getAs(loader, `/setup/first-admin/${fresh}`, null, { token: fresh });
    expect(statusOf(visitor)).toBe(302);
    expect(headerOf(visitor, "Location")).toMatch(/^\/home\/login\?redirect_after=/);
  });

  it("keeps the link out of the request log", () => {
    expect(loggablePath(`${firstAdminPath()}?x=1`)).toBe("/setup/first-admin/[token]");
  });
});
