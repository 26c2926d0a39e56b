import { describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { requireCoach } from "~/.server/auth/role-guard.server";
import { coachOfMember } from "~/.server/coaching/coaches/coach-accounts.server";
import { db } from "~/.server/db/client.server";
import { coaches } from "~/.server/db/schema.server";
import { grantRole, withdrawRole } from "~/.server/coaching/coaches/role-changes.server";
import { verifiedMember } from "../support/accounts";
import { CLAIRE_EMAIL, coachMember } from "../support/coaches";
import { buildRequest, statusOf } from "../support/http";

/** Issue 24: the coach role brings the coach record its space works on. */
describe("making a member a coach", () => {
  it("links the seeded coach with the member's address, keeping her hours and sessions' record", async () => {
    const [seeded] = await db().select().from(coaches).where(eq(coaches.slug, "claire-moreau"));
    const claire = await coachMember({ email: CLAIRE_EMAIL });
    expect(claire.coach.id).toBe(seeded.id);
    expect(claire.coach.weekly).toEqual(seeded.weekly);
    expect(claire.coach.memberId).toBe(claire.memberId);
  });

  it("starts a new coach from the member's name and language, with no hours and a slug of their own", async () => {
    const first = await coachMember({ email: "elodie@example.com", first: { firstName: "Élodie", lastName: "Dupré" } });
    const second = await coachMember({
      email: "elodie2@example.com",
      first: { firstName: "Élodie", lastName: "Dupré" },
    });
    expect(first.coach).toMatchObject({ slug: "elodie-dupre", name: "Élodie Dupré", weekly: {}, retired: false });
    expect(first.coach.email).toBe("elodie@example.com");
    expect(second.coach.slug).toBe("elodie-dupre-2");
  });

  it("brings a retired coach back rather than making a second record", async () => {
    const coach = await coachMember({ email: "paul@example.com" });
    await withdrawRole({ memberId: null }, coach.memberId, "coach");
    await db().update(coaches).set({ retired: true }).where(eq(coaches.id, coach.coach.id));
    await grantRole({ memberId: null }, coach.memberId, "coach");
    const again = await coachOfMember(coach.memberId);
    expect(again).toMatchObject({ id: coach.coach.id, retired: false });
  });

  it("opens the coach's space to the coach only: a plain member gets the 404 page", async () => {
    const coach = await coachMember({ email: "paul@example.com" });
    const member = await verifiedMember({ email: "zoe@example.com" });
    const guarded = await requireCoach(buildRequest("/coach/hours", { cookie: coach.cookie }));
    expect(guarded.coach.id).toBe(coach.coach.id);
    const refused = await requireCoach(buildRequest("/coach/hours", { cookie: member.cookie })).catch(
      (thrown) => thrown,
    );
    expect(statusOf(refused)).toBe(404);
  });
});
