import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { db } from "~/.server/db/client.server";
import { appUsers, crewMembers, invitations, surveyAnswers, surveyRequests } from "~/.server/db/schema.server";
import { loader as registerLoader } from "~/routes/_home.home.register/route";
import { loader as surveyLoader, action as surveyAction } from "~/routes/_home.survey.$token";
import { loader as invitationsLoader, action as invitationsAction } from "~/routes/_default.invitations";
import { loader as editLoader, action as editAction } from "~/routes/_default.my_team.$page";
import { action as addAction } from "~/routes/_default.my_team.add";
import { loader as listLoader } from "~/routes/_default.my_team.list";
import { loader as surveysLoader, action as surveysAction } from "~/routes/_default.my_team.surveys";
import { lastMailTo, linkIn, mailsTo, registerMember, type TestMember, verifiedMember } from "../support/accounts";
import { aDayLater } from "../support/crew-mail";
import { buildRequest, callWith, dataOf, headerOf, statusOf } from "../support/http";

type Crew = { id: string; name: string; email: string; status: string; invitationId: string | null };

async function addCrew(member: TestMember, form: Record<string, string>) {
  return callWith(addAction, buildRequest("/my_team/add", { form, cookie: member.cookie }));
}

async function crewOf(member: TestMember): Promise<Crew[]> {
  return (
    await dataOf<{ crew: Crew[] }>(await callWith(listLoader, buildRequest("/my_team/list", { cookie: member.cookie })))
  ).crew;
}

async function addThree(member: TestMember, names = ["Paul", "Lina", "Sami"]) {
  for (const name of names) {
    expect(
      statusOf(await addCrew(member, { name, email: `${name.toLowerCase()}@example.com`, relation: "friend" })),
    ).toBe(303);
  }
  return crewOf(member);
}

function surveyForm(
  crew: string[],
  questions = ["Suis-je à l’écoute ?", "Peut-on compter sur moi ?", "Quelle énergie ?"],
) {
  return {
    title: "Comment me vois-tu ?",
    ...Object.fromEntries(questions.map((q, i) => [`questions[${i}]`, q])),
    crew,
  };
}

async function sendSurvey(member: TestMember, crew: Crew[]) {
  const answer = await callWith(
    surveysAction,
    buildRequest("/my_team/surveys", { form: surveyForm(crew.map((c) => c.id)), cookie: member.cookie }),
  );
  expect(statusOf(answer)).toBe(303);
  return Promise.all(crew.map(async (person) => linkIn(await lastMailTo(person.email), "/survey/")));
}

async function answer(link: string, scores: number[], comment = "") {
  const token = link.split("/").at(-1)!;
  const form: Record<string, string> = {};
  scores.forEach((score, i) => {
    form[`score_q${i + 1}`] = String(score);
    form[`comment_q${i + 1}`] = comment;
  });
  return callWith(surveyAction, buildRequest(link, { form }), { params: { token } });
}

async function surveysOf(member: TestMember) {
  type Survey = {
    id: string;
    answered: number;
    closed: boolean;
    results: { average: number; comments: string[] }[] | null;
  };
  return (
    await dataOf<{ surveys: Survey[] }>(
      await callWith(surveysLoader, buildRequest("/my_team/surveys", { cookie: member.cookie })),
    )
  ).surveys;
}

describe("my team", () => {
  it("adds a crew member with an invitation whose email carries the register link, in one go", async () => {
    const member = await verifiedMember();
    const added = await addCrew(member, { name: "Paul Martin", email: "Paul@Example.com", relation: "colleague" });
    expect(statusOf(added)).toBe(303);
    const [crew] = await crewOf(member);
    expect(headerOf(added, "Location")).toBe(`/my_team/list?added=${crew.id}`);
    const list = await dataOf<{ notice: string; name: string }>(
      await callWith(listLoader, buildRequest(`/my_team/list?added=${crew.id}`, { cookie: member.cookie })),
    );
    expect(list).toMatchObject({ notice: "added", name: "Paul Martin" });

    expect(crew).toMatchObject({ name: "Paul Martin", email: "paul@example.com", status: "invited" });
    const mail = await lastMailTo("paul@example.com");
    // The subject is Cap's own words; the inviter is named in the body only.
    expect(mail.subject).toBe("Une invitation à rejoindre un équipage sur Cap");
    expect(mail.text).toContain("Marie Curie vous a ajouté·e à son équipage");
    expect(linkIn(mail, "/home/register")).toBe(`/home/register?invited_id=${crew.invitationId}`);
  });

  it("greets the invited person in Cap's words only: the name the inviter typed is not in the mail", async () => {
    const member = await verifiedMember();
    const lure = "Gagnez 500 € sur cadeau.example";
    expect(statusOf(await addCrew(member, { name: lure, email: "paul@example.com", relation: "friend" }))).toBe(303);
    const mail = await lastMailTo("paul@example.com");
    expect(mail.text).toMatch(/^Bonjour,\n/);
    expect(mail.text).not.toContain(lure);
    expect(mail.html).not.toContain("cadeau.example");
  });

  it("refuses bad input with a translated message and changes nothing", async () => {
    const member = await verifiedMember();
    for (const form of [
      { name: "", email: "paul@example.com", relation: "friend" },
      { name: "Paul", email: "not-an-email", relation: "friend" },
      { name: "Paul", email: "paul@example.com", relation: "pirate" },
      { name: "x".repeat(81), email: "paul@example.com", relation: "friend" },
    ]) {
      const refused = await addCrew(member, form);
      expect(statusOf(refused)).toBe(400);
    }
    expect(await crewOf(member)).toEqual([]);
    const refused = await dataOf<{ error: Record<string, string[]> }>(
      await addCrew(member, { name: "Paul", email: "nope", relation: "friend" }),
    );
    expect(refused.error.email).toEqual(["team:errors.emailInvalid"]);

    await addCrew(member, { name: "Paul", email: "paul@example.com", relation: "friend" });
    const twice = await addCrew(member, { name: "Paul bis", email: "PAUL@example.com", relation: "family" });
    expect(statusOf(twice)).toBe(409);
    expect(await crewOf(member)).toHaveLength(1);
    expect(await mailsTo("paul@example.com")).toHaveLength(1);
  });

  it("registering through the invitation fills in the email, links inviter and invitee and shows joined", async () => {
    const member = await verifiedMember();
    await addCrew(member, { name: "Paul", email: "paul@example.com", relation: "friend" });
    const link = linkIn(await lastMailTo("paul@example.com"), "/home/register");
    const invitedId = new URL(link, "http://x").searchParams.get("invited_id")!;

    const page = await dataOf<{ draft: { email: string; invitedId: string } }>(
      await callWith(registerLoader, buildRequest(link)),
    );
    expect(page.draft).toMatchObject({ email: "paul@example.com", invitedId });

    const paul = await registerMember({ email: "paul@example.com", first: { firstName: "Paul", invitedId } });
    const [row] = await db().select().from(appUsers).where(eq(appUsers.id, paul.memberId));
    expect(row.invitedBy).toBe(member.memberId);
    const [invitation] = await db().select().from(invitations).where(eq(invitations.id, invitedId));
    expect(invitation).toMatchObject({ status: "accepted", inviteeId: paul.memberId });
    expect((await crewOf(member))[0].status).toBe("joined");
  });

  it("edits name and relation, and removes only after the confirmation step", async () => {
    const member = await verifiedMember();
    const [crew] = await addThree(member);
    const params = { page: `edit-${crew.id}` };
    const path = `/my_team/edit-${crew.id}`;

    const saved = await callWith(
      editAction,
      buildRequest(path, { form: { intent: "save", name: "Paulo", relation: "coach" }, cookie: member.cookie }),
      { params },
    );
    expect(headerOf(saved, "Location")).toBe("/my_team/list?saved");
    const refused = await callWith(
      editAction,
      buildRequest(path, { form: { intent: "save", name: "", relation: "coach" }, cookie: member.cookie }),
      { params },
    );
    expect(statusOf(refused)).toBe(400);
    const [row] = await db().select().from(crewMembers).where(eq(crewMembers.id, crew.id));
    expect(row).toMatchObject({ name: "Paulo", relation: "coach", email: crew.email });

    const confirm = await dataOf<{ confirmRemove: boolean }>(
      await callWith(editLoader, buildRequest(`${path}?remove`, { cookie: member.cookie }), { params }),
    );
    expect(confirm.confirmRemove).toBe(true);
    const removed = await callWith(
      editAction,
      buildRequest(path, { form: { intent: "remove" }, cookie: member.cookie }),
      { params },
    );
    expect(headerOf(removed, "Location")).toBe("/my_team/list?removed");
    expect(await crewOf(member)).toHaveLength(2);
    const [invitation] = await db().select().from(invitations).where(eq(invitations.id, crew.invitationId!));
    expect(invitation.status).toBe("revoked");
    // A revoked invitation's link no longer fills in the email.
    const page = await dataOf<{ draft: { email: string } }>(
      await callWith(registerLoader, buildRequest(`/home/register?invited_id=${crew.invitationId}`)),
    );
    expect(page.draft.email).toBe("");
  });

  it("answers 404 for another member's ids and for pages that are not edit-{id}", async () => {
    const owner = await verifiedMember();
    const [crew] = await addThree(owner);
    const other = await verifiedMember({ email: "other@example.com" });

    for (const page of [`edit-${crew.id}`, "edit-nope", `edit-${crew.id.replace(/.$/, "0")}`, crew.id, "whatever"]) {
      expect(
        statusOf(
          await callWith(editLoader, buildRequest(`/my_team/${page}`, { cookie: other.cookie }), { params: { page } }),
        ),
        page,
      ).toBe(404);
      const post = buildRequest(`/my_team/${page}`, { form: { intent: "remove" }, cookie: other.cookie });
      expect(statusOf(await callWith(editAction, post, { params: { page } })), page).toBe(404);
    }
    for (const intent of ["resend", "revoke", "accept", "decline"]) {
      const post = buildRequest("/invitations", { form: { intent, id: crew.invitationId! }, cookie: other.cookie });
      expect(statusOf(await callWith(invitationsAction, post)), intent).toBe(404);
    }
    expect(await crewOf(other)).toEqual([]);
    expect((await crewOf(owner)).map((c) => c.status)).toEqual(["invited", "invited", "invited"]);
  });
});

describe("invitations", () => {
  it("resends at most once a day, and revokes", async () => {
    const member = await verifiedMember();
    const [crew] = await addThree(member);
    const post = (intent: string) =>
      callWith(
        invitationsAction,
        buildRequest("/invitations", { form: { intent, id: crew.invitationId! }, cookie: member.cookie }),
      );

    expect(statusOf(await post("resend"))).toBe(429);
    await aDayLater(crew.invitationId!);
    expect(headerOf(await post("resend"), "Location")).toBe("/invitations?done=resend");
    expect(await mailsTo(crew.email)).toHaveLength(2);
    expect(statusOf(await post("resend"))).toBe(429);

    expect(headerOf(await post("revoke"), "Location")).toBe("/invitations?done=revoke");
    expect(statusOf(await post("revoke"))).toBe(409);
    const page = await dataOf<{ sent: { status: string }[] }>(
      await callWith(invitationsLoader, buildRequest("/invitations", { cookie: member.cookie })),
    );
    expect(page.sent.map((s) => s.status).sort()).toEqual(["pending", "pending", "revoked"]);
  });

  it("shows a member the invitations sent to their address, to accept or decline", async () => {
    const inviter = await verifiedMember();
    await addCrew(inviter, { name: "Paul", email: "paul@example.com", relation: "friend" });
    const paul = await verifiedMember({ email: "paul@example.com" });
    const page = await dataOf<{ received: { id: string; inviterName: string; status: string }[] }>(
      await callWith(invitationsLoader, buildRequest("/invitations", { cookie: paul.cookie })),
    );
    expect(page.received).toEqual([expect.objectContaining({ inviterName: "Marie Curie", status: "pending" })]);

    const accepted = await callWith(
      invitationsAction,
      buildRequest("/invitations", { form: { intent: "accept", id: page.received[0].id }, cookie: paul.cookie }),
    );
    expect(headerOf(accepted, "Location")).toBe("/invitations?done=accept");
    expect((await crewOf(inviter))[0].status).toBe("joined");
    const declined = await callWith(
      invitationsAction,
      buildRequest("/invitations", { form: { intent: "decline", id: page.received[0].id }, cookie: paul.cookie }),
    );
    expect(statusOf(declined)).toBe(409);
    const bad = await callWith(
      invitationsAction,
      buildRequest("/invitations", { form: { intent: "explode", id: "x" }, cookie: paul.cookie }),
    );
    expect(statusOf(bad)).toBe(400);
  });
});

describe("360 surveys", () => {
  it("shows anonymous results once everyone answered (3 or more); a used link cannot answer again", async () => {
    const member = await verifiedMember();
    const crew = await addThree(member);
    const links = await sendSurvey(member, crew);
    expect(new Set(links).size).toBe(3);
    // Only the SHA-256 of each token is stored.
    const stored = await db().select({ tokenHash: surveyRequests.tokenHash }).from(surveyRequests);
    for (const link of links) expect(stored.map((s) => s.tokenHash)).not.toContain(link.split("/").at(-1));

    const open = await dataOf<{ state: string; survey: { memberName: string; questions: unknown[] } }>(
      await callWith(surveyLoader, buildRequest(links[0]), { params: { token: links[0].split("/").at(-1)! } }),
    );
    expect(open).toMatchObject({ state: "open", survey: { memberName: "Marie Curie" } });
    expect(open.survey.questions).toHaveLength(3);

    expect(headerOf(await answer(links[0], [5, 4, 3], "Toujours là"), "Location")).toBe(`${links[0]}?done`);
    expect(statusOf(await answer(links[1], [3, 4, 5], "Bonne écoute"))).toBe(303);
    let [survey] = await surveysOf(member);
    expect(survey).toMatchObject({ answered: 2, results: null });

    const again = await answer(links[0], [1, 1, 1], "Encore");
    expect(statusOf(again)).toBe(409);
    const used = await dataOf<{ state: string }>(
      await callWith(surveyLoader, buildRequest(links[0]), { params: { token: links[0].split("/").at(-1)! } }),
    );
    expect(used.state).toBe("used");

    expect(statusOf(await answer(links[2], [4, 4, 4]))).toBe(303);
    [survey] = await surveysOf(member);
    expect(survey.answered).toBe(3);
    expect(survey.results!.map((r) => r.average)).toEqual([4, 4, 4]);
    expect(survey.results![0].comments).toEqual(["Bonne écoute", "Toujours là"]);
    expect(await db().select().from(surveyAnswers)).toHaveLength(3);
  });

  it("never shows a total that changes with one answer: results only at close, late answers refused (issue 11, item 7)", async () => {
    const member = await verifiedMember();
    await addThree(member);
    const crew = await addThree(member, ["Dora", "Eli", "Fanny"]);
    const links = await sendSurvey(member, crew);
    for (const [index, scores] of [
      [5, 5, 5],
      [1, 1, 1],
      [3, 3, 3],
    ].entries())
      await answer(links[index], scores);
    let [survey] = await surveysOf(member);
    // Three answers on an open survey: nothing to compare the next total with.
    expect(survey).toMatchObject({ answered: 3, closed: false, results: null });
    await answer(links[3], [4, 4, 4]);
    [survey] = await surveysOf(member);
    expect(survey).toMatchObject({ answered: 4, results: null });

    const close = (id: string, who = member) =>
      callWith(surveysAction, buildRequest("/my_team/surveys", { form: { intent: "close", id }, cookie: who.cookie }));
    const other = await verifiedMember({ email: "other@example.com" });
    expect(statusOf(await close(survey.id, other))).toBe(404);
    expect(headerOf(await close(survey.id), "Location")).toBe("/my_team/surveys?closed");
    [survey] = await surveysOf(member);
    expect(survey.closed).toBe(true);
    expect(survey.results!.map((result) => result.average)).toEqual([3.3, 3.3, 3.3]);

    // A fifth answer would give itself away by difference: refused, and the link page says closed.
    const late = await answer(links[4], [1, 1, 1]);
    expect(statusOf(late)).toBe(409);
    expect((await dataOf<{ error: Record<string, string[]> }>(late)).error[""]).toEqual(["errors.closed"]);
    const token = links[5].split("/").at(-1)!;
    expect(
      (await dataOf<{ state: string }>(await callWith(surveyLoader, buildRequest(links[5]), { params: { token } })))
        .state,
    ).toBe("closed");
    expect((await surveysOf(member))[0].results!.map((result) => result.average)).toEqual([3.3, 3.3, 3.3]);
  });

  it("a survey closed with fewer than 3 answers never shows results", async () => {
    const member = await verifiedMember();
    const links = await sendSurvey(member, await addThree(member));
    await answer(links[0], [5, 5, 5]);
    await answer(links[1], [1, 1, 1]);
    const [open] = await surveysOf(member);
    await callWith(
      surveysAction,
      buildRequest("/my_team/surveys", { form: { intent: "close", id: open.id }, cookie: member.cookie }),
    );
    expect(statusOf(await answer(links[2], [3, 3, 3]))).toBe(409);
    expect((await surveysOf(member))[0]).toMatchObject({ answered: 2, closed: true, results: null });
  });

  it("refuses bad surveys and bad answers, and 404s unknown links", async () => {
    const member = await verifiedMember();
    const crew = await addThree(member);
    const other = await verifiedMember({ email: "other@example.com" });
    const send = (who: TestMember, form: Record<string, string | string[]>) =>
      callWith(surveysAction, buildRequest("/my_team/surveys", { form, cookie: who.cookie }));

    expect(statusOf(await send(member, surveyForm([crew[0].id], ["Une", "Deux"])))).toBe(400);
    expect(statusOf(await send(member, surveyForm([])))).toBe(400);
    expect(statusOf(await send(member, surveyForm(["not-a-uuid"])))).toBe(422);
    expect(statusOf(await send(other, surveyForm([crew[0].id])))).toBe(422);
    expect(await surveysOf(member)).toEqual([]);
    expect(await surveysOf(other)).toEqual([]);

    const [link] = await sendSurvey(member, [crew[0]]);
    expect(statusOf(await answer(link, [6, 4, 3]))).toBe(400);
    expect(statusOf(await answer(link, [5, 4]))).toBe(400);
    expect((await surveysOf(member))[0].answered).toBe(0);
    for (const token of ["nope", "x".repeat(300)]) {
      expect(statusOf(await callWith(surveyLoader, buildRequest(`/survey/${token}`), { params: { token } }))).toBe(404);
      expect(statusOf(await answer(`/survey/${token}`, [5, 5, 5]))).toBe(404);
    }
  });
});
