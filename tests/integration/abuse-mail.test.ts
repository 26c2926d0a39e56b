import { describe, expect, it } from "vitest";
import { db } from "~/.server/db/client.server";
import { mailOutbox, surveys } from "~/.server/db/schema.server";
import { CREW_MAILS_PER_MEMBER_PER_DAY, CREW_MAILS_PER_RECIPIENT_PER_DAY } from "~/.server/team/mail-quota.server";
import { action as addAction } from "~/routes/_default.my_team.add";
import { action as editAction } from "~/routes/_default.my_team.$page";
import { action as invitationsAction } from "~/routes/_default.invitations";
import { action as surveysAction } from "~/routes/_default.my_team.surveys";
import { mailsTo, type TestMember, verifiedMember } from "../support/accounts";
import { aDayLater } from "../support/crew-mail";
import { buildRequest, callApi, callWith, dataOf, statusOf } from "../support/http";
import { checkedJson } from "../support/openapi";
import { endpointAt } from "../support/endpoints";

const teamApi = endpointAt("/api/team").action;
const surveysApi = endpointAt("/api/surveys").action;

/** Issue 11, item 8: a member cannot make Cap flood an inbox or send their words in a Subject line. */
function add(member: TestMember, email: string, name = "Paul") {
  return callWith(
    addAction,
    buildRequest("/my_team/add", { form: { name, email, relation: "friend" }, cookie: member.cookie }),
  );
}

function remove(member: TestMember, crewId: string) {
  const page = `edit-${crewId}`;
  return callWith(editAction, buildRequest(`/my_team/${page}`, { form: { intent: "remove" }, cookie: member.cookie }), {
    params: { page },
  });
}

function sendSurvey(member: TestMember, crew: string[]) {
  const form = {
    title: "Comment me vois-tu ?",
    "questions[0]": "A ?",
    "questions[1]": "B ?",
    "questions[2]": "C ?",
    crew,
  };
  return callWith(surveysAction, buildRequest("/my_team/surveys", { form, cookie: member.cookie }));
}

const api = (handler: typeof teamApi, path: string, member: TestMember, json: unknown) =>
  callApi(handler, path, member, { json });

const errorOf = async (answer: unknown, field: string) =>
  (await dataOf<{ error: Record<string, string[]> }>(answer)).error[field];
const guestMails = async () => (await db().select().from(mailOutbox)).filter((mail) => mail.to.startsWith("guest"));

describe("crew mail quotas", () => {
  it(`never sends a member more than ${CREW_MAILS_PER_MEMBER_PER_DAY} crew emails a day, even when 20 requests race for the last 19`, async () => {
    const member = await verifiedMember();
    expect(statusOf(await add(member, "first@example.com"))).toBe(303);
    const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => add(member, `guest${i}@example.com`)));
    const statuses = answers.map(statusOf);
    expect(statuses.filter((status) => status === 303)).toHaveLength(CREW_MAILS_PER_MEMBER_PER_DAY - 1);
    expect(statuses.filter((status) => status === 429)).toHaveLength(1);
    expect(await guestMails()).toHaveLength(CREW_MAILS_PER_MEMBER_PER_DAY - 1);
    expect(
      await errorOf(
        answers.find((answer) => statusOf(answer) === 429),
        "email",
      ),
    ).toEqual(["errors.tooManyMails"]);
  }, 60_000);

  it("counts survey links in the same quota: a survey that would go over it is refused whole, nothing sent", async () => {
    const member = await verifiedMember();
    for (let i = 0; i < CREW_MAILS_PER_MEMBER_PER_DAY - 2; i++)
      expect(statusOf(await add(member, `guest${i}@example.com`))).toBe(303);
    const crew = (await db().query.crewMembers.findMany()).slice(0, 3).map((person) => person.id);
    const refused = await sendSurvey(member, crew);
    expect(statusOf(refused)).toBe(429);
    expect(await errorOf(refused, "crew")).toEqual(["errors.tooManyMails"]);
    const viaApi = await api(surveysApi, "/api/surveys", member, {
      title: "Moi ?",
      questions: ["A ?", "B ?", "C ?"],
      crew,
    });
    expect(viaApi.status).toBe(429);
    expect((await checkedJson(viaApi, "/api/surveys", "post")).errors.crew).toEqual([
      "Cap a déjà envoyé beaucoup d’e-mails de votre part ou à cette adresse aujourd’hui. Réessayez demain.",
    ]);
    expect(await db().select().from(surveys)).toEqual([]);
    expect(await guestMails()).toHaveLength(CREW_MAILS_PER_MEMBER_PER_DAY - 2);
  }, 60_000);

  it(`sends one address at most ${CREW_MAILS_PER_RECIPIENT_PER_DAY} crew emails a day whoever asks, and one invitation a day from one member, however often it is removed and added again`, async () => {
    const members = [await verifiedMember()];
    for (const email of ["b@example.com", "c@example.com", "d@example.com"])
      members.push(await verifiedMember({ email }));
    const [first, second, third, fourth] = members;

    expect(statusOf(await add(first, "victim@example.com"))).toBe(303);
    const [crew] = await db().query.crewMembers.findMany();
    expect(statusOf(await remove(first, crew.id))).toBe(303);
    // Added again at once (the old way around the resend gap): refused, with why.
    const again = await add(first, "victim@example.com");
    expect(statusOf(again)).toBe(429);
    expect(await errorOf(again, "email")).toEqual(["errors.tooSoon"]);
    const viaApi = await api(teamApi, "/api/team", first, {
      name: "Paul",
      email: "VICTIM@example.com",
      relation: "friend",
    });
    expect(viaApi.status).toBe(429);
    expect((await checkedJson(viaApi, "/api/team", "post")).errors.email).toEqual([
      "Vous avez déjà invité cette adresse il y a moins de 24 heures : vous pourrez l’inviter de nouveau ensuite.",
    ]);

    expect(statusOf(await add(second, "victim@example.com"))).toBe(303);
    expect(statusOf(await add(third, "victim@example.com"))).toBe(303);
    const fourthTry = await add(fourth, "victim@example.com");
    expect(statusOf(fourthTry)).toBe(429);
    expect(await errorOf(fourthTry, "email")).toEqual(["errors.tooManyMails"]);
    expect(await mailsTo("victim@example.com")).toHaveLength(CREW_MAILS_PER_RECIPIENT_PER_DAY);
  }, 60_000);

  it("a resend waits a day, and the gap holds for a new invitation to the same address", async () => {
    const member = await verifiedMember();
    expect(statusOf(await add(member, "paul@example.com"))).toBe(303);
    const [crew] = await db().query.crewMembers.findMany();
    const resend = (id: string) =>
      callWith(
        invitationsAction,
        buildRequest("/invitations", { form: { intent: "resend", id }, cookie: member.cookie }),
      );
    const invitation = (await db().query.invitations.findMany())[0];
    expect(statusOf(await resend(invitation.id))).toBe(429);
    await aDayLater(invitation.id);
    expect(statusOf(await resend(invitation.id))).toBe(303);
    expect(statusOf(await resend(invitation.id))).toBe(429);
    expect(statusOf(await remove(member, crew.id))).toBe(303);
    expect(statusOf(await add(member, "paul@example.com"))).toBe(429);
    expect(await mailsTo("paul@example.com")).toHaveLength(2);
  });

  it("puts no member-chosen text in a Subject line; names in the body are the member's, escaped", async () => {
    const member = await verifiedMember({ first: { firstName: "URGENT <b>Votre compte</b>" } });
    expect(statusOf(await add(member, "paul@example.com", "Paul"))).toBe(303);
    const [crew] = await db().query.crewMembers.findMany();
    const form = {
      title: "Cliquez ici pour gagner",
      "questions[0]": "A ?",
      "questions[1]": "B ?",
      "questions[2]": "C ?",
      crew: [crew.id],
    };
    expect(
      statusOf(await callWith(surveysAction, buildRequest("/my_team/surveys", { form, cookie: member.cookie }))),
    ).toBe(303);
    const mails = await mailsTo("paul@example.com");
    expect(mails.map((mail) => mail.subject)).toEqual([
      "Une invitation à rejoindre un équipage sur Cap",
      "Un questionnaire vous attend sur Cap",
    ]);
    for (const mail of mails) {
      expect(mail.html).toContain("URGENT &#60;b&#62;Votre compte&#60;/b&#62;");
      expect(mail.html).not.toContain("<b>Votre compte");
      expect(mail.text + mail.html).not.toContain("Cliquez ici");
    }
  });
});
