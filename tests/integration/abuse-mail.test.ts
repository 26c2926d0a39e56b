import { describe, expect, it } from "vitest";
import { db } from "~/.server/db/client.server";
import { mailOutbox } from "~/.server/db/schema.server";
import { CREW_MAILS_PER_MEMBER_PER_DAY, CREW_MAILS_PER_RECIPIENT_PER_DAY } from "~/.server/team/mail-quota.server";
import { action as addAction } from "~/routes/_default.my_team.add";
import { action as editAction } from "~/routes/_default.my_team.$page";
import { action as surveysAction } from "~/routes/_default.my_team.surveys";
import { callWith, verifiedMember, type TestMember } from "../support/accounts";
import { buildRequest, dataOf, statusOf } from "../support/http";

/** Issue 11, item 8: a member cannot make Cap flood an inbox or send their words in a Subject line. */
function add(member: TestMember, email: string, name = "Paul") {
  return callWith(addAction, buildRequest("/my_team/add", { form: { name, email, relation: "friend" }, cookie: member.cookie }));
}

const mailsTo = async (email: string) => (await db().select().from(mailOutbox)).filter((mail) => mail.to === email);

describe("crew mail quotas", () => {
  it(`sends at most ${CREW_MAILS_PER_MEMBER_PER_DAY} crew emails a member a day, even when asked 30 times at once`, async () => {
    const member = await verifiedMember();
    const answers = await Promise.all(Array.from({ length: 30 }, (_, i) => add(member, `guest${i}@example.com`)));
    const statuses = answers.map(statusOf);
    expect(statuses.filter((status) => status === 303)).toHaveLength(CREW_MAILS_PER_MEMBER_PER_DAY);
    expect(statuses.filter((status) => status === 429)).toHaveLength(30 - CREW_MAILS_PER_MEMBER_PER_DAY);
    const invitations = (await db().select().from(mailOutbox)).filter((mail) => mail.to.startsWith("guest"));
    expect(invitations).toHaveLength(CREW_MAILS_PER_MEMBER_PER_DAY);
    const refused = answers.find((answer) => statusOf(answer) === 429);
    expect((await dataOf<{ error: Record<string, string[]> }>(refused)).error.email).toEqual(["errors.tooManyMails"]);
  }, 60_000);

  it(`sends one address at most ${CREW_MAILS_PER_RECIPIENT_PER_DAY} crew emails a day, whoever asks and however often it is removed and added again`, async () => {
    const first = await verifiedMember();
    const second = await verifiedMember({ email: "second@example.com" });
    for (let round = 0; round < 3; round++) {
      expect(statusOf(await add(first, "victim@example.com"))).toBe(303);
      const [crew] = await db().query.crewMembers.findMany();
      // Removed again, to be added again (the old way around the resend gap).
      const page = `edit-${crew.id}`;
      const removed = await callWith(editAction, buildRequest(`/my_team/${page}`, { form: { intent: "remove" }, cookie: first.cookie }), { params: { page } });
      expect(statusOf(removed)).toBe(303);
    }
    expect(statusOf(await add(first, "victim@example.com"))).toBe(429);
    expect(statusOf(await add(second, "victim@example.com"))).toBe(429);
    expect(await mailsTo("victim@example.com")).toHaveLength(CREW_MAILS_PER_RECIPIENT_PER_DAY);
  });

  it("puts no member-chosen text in a Subject line", async () => {
    const member = await verifiedMember({ first: { firstName: "URGENT Votre compte" } });
    expect(statusOf(await add(member, "paul@example.com", "Paul"))).toBe(303);
    const [crew] = await db().query.crewMembers.findMany();
    const form = { title: "Cliquez ici pour gagner", "questions[0]": "A ?", "questions[1]": "B ?", "questions[2]": "C ?", crew: [crew.id] };
    expect(statusOf(await callWith(surveysAction, buildRequest("/my_team/surveys", { form, cookie: member.cookie })))).toBe(303);
    const subjects = (await mailsTo("paul@example.com")).map((mail) => mail.subject);
    expect(subjects).toEqual(["Une invitation à rejoindre un équipage sur Cap", "Un questionnaire vous attend sur Cap"]);
  });
});
