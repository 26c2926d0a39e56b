import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { agendaPath } from "~/.server/coaching/agenda/agenda-link.server";
import { coachOf, freeSlotsOf } from "~/.server/coaching/booking/free-times.server";
import { db } from "~/.server/db/client.server";
import { coachingBookings, coachingSessionPreps } from "~/.server/db/schema.server";
import { languageCookie } from "~/.server/i18n/i18n.server";
import { editGoal } from "~/.server/space/goals.server";
import { lifeAreas, saveLifeGps } from "~/.server/space/life-gps.server";
import { action as coachAction } from "~/routes/_default.coaching.$coach_slug/route";
import { loader as sessionLoader } from "~/routes/_default.coaching.sessions.$id";
import PrepPage, {
  action as prepAction,
  loader as prepLoader,
} from "~/routes/_default.coaching.sessions.$id_.prepare/route";
import AgendaSessionPage, {
  loader as agendaSessionLoader,
} from "~/routes/_default.coach.agenda_.sessions.$id._index/route";
import { loader as linkedAgendaSessionLoader } from "~/routes/_home.coach.agenda.$token_.sessions.$id._index/route";
import CoachLinkPage, { loader as coachLinkLoader } from "~/routes/_home.coach.session.$token";
import { loader as dataFileLoader } from "~/routes/profile.data[.]json";
import { mailsTo, renderPage, type TestMember, verifiedMember } from "../support/accounts";
import { CLAIRE_EMAIL, coachMember } from "../support/coaches";
import { buildRequest, callWith, dataOf, headerOf, statusOf } from "../support/http";
import { completeTraining } from "../support/trainings";

/**
 * Before a session (issue 28 item 10): the member writes what they want to talk about and
 * chooses what the coach may see; the session's coach sees exactly that — on the private link of
 * their email and on both doors of the agenda's session page — and nothing else.
 */
const DAY = 24 * 60 * 60 * 1000;

async function lng(lang: "fr" | "en") {
  return (await languageCookie.serialize(lang)).split(";")[0];
}
const as = async (who: TestMember, path: string, form?: Record<string, string | string[]>) =>
  buildRequest(path, { form, cookie: `${who.cookie}; ${await lng("fr")}` });

/** The member books the first free time of `coachSlug` from three days on. */
async function book(member: TestMember, coachSlug: string) {
  const coach = (await coachOf(coachSlug))!;
  const from = new Date(Date.now() + 3 * DAY);
  const [slot] = await freeSlotsOf(coach, from, new Date(from.getTime() + 14 * DAY));
  const answer = await callWith(
    coachAction,
    await as(member, `/coaching/${coachSlug}`, { start: slot.start.toISOString(), tz: "Europe/Paris" }),
    { params: { coach_slug: coachSlug } },
  );
  expect(statusOf(answer)).toBe(303);
  const mine = await db().select().from(coachingBookings).where(eq(coachingBookings.memberId, member.memberId));
  return mine.find((row) => row.coachId === coach.id)!;
}

const openPrep = async (who: TestMember, id: string) =>
  callWith(prepLoader, await as(who, `/coaching/sessions/${id}/prepare`), { params: { id } });
const postPrep = async (who: TestMember, id: string, form: Record<string, string | string[]>) =>
  callWith(prepAction, await as(who, `/coaching/sessions/${id}/prepare`, form), { params: { id } });
const openAgendaSession = async (who: TestMember, id: string) =>
  callWith(agendaSessionLoader, await as(who, `/coach/agenda/sessions/${id}`), { params: { id } });

async function openLinkedAgendaSession(token: string, id: string) {
  const request = buildRequest(`/coach/agenda/${token}/sessions/${id}`, { cookie: await lng("fr") });
  return callWith(linkedAgendaSessionLoader, request, { params: { token, id } });
}

/** The private link of the coach's confirmation email for the member's session. */
async function coachLinkOf(coachEmail: string) {
  const confirmation = (await mailsTo(coachEmail)).find((m) => m.subject.startsWith("Séance découverte confirmée"))!;
  return /\/coach\/session\/([\w-]{43})/.exec(confirmation.text)![1];
}

async function openCoachLink(token: string) {
  return callWith(coachLinkLoader, buildRequest(`/coach/session/${token}`, { cookie: await lng("fr") }), {
    params: { token },
  });
}

async function prepRow(bookingId: string) {
  const [row] = await db().select().from(coachingSessionPreps).where(eq(coachingSessionPreps.bookingId, bookingId));
  return row ?? null;
}

const ratings = (note: string) =>
  Object.fromEntries(lifeAreas.map((area, index) => [area, { score: index + 3, note: `${note} ${area}` }]));

type PrepPageData = {
  session: { changeable: boolean };
  prep: { topics: string; shareGoal: boolean; shareLifeGps: boolean; sharedResult: string | null };
  shareable: { goal: string | null; lifeGps: string | null; results: { slug: string; kind: string }[] };
  saved: boolean;
};
type SharedPrep = {
  topics: string;
  goal: string | null;
  lifeGps: { areas: { id: string; score: number; note: string }[] } | null;
  result: { kind: string; title: string } | null;
};

/**
 * Marie, with a goal, two life GPS fillings, the "capitaine" test taken and J'embarque begun,
 * booked with Claire (who signs in) and with Julien; Paul, another member, booked with Claire too.
 */
async function scene() {
  const claire = await coachMember({ email: CLAIRE_EMAIL });
  const marie = await verifiedMember({ email: "marie@example.com" });
  const paul = await verifiedMember({ email: "paul@example.com", first: { firstName: "Paul", lastName: "Valéry" } });
  await editGoal(marie.memberId, "Changer de métier sans tout perdre");
  await saveLifeGps(marie.memberId, ratings("ancien"));
  await saveLifeGps(marie.memberId, ratings("récent"));
  await completeTraining(marie, "capitaine");
  await completeTraining(marie, "j-embarque", { modules: 1 });
  await editGoal(paul.memberId, "Le but secret de Paul");
  const withClaire = await book(marie, "claire-moreau");
  const withJulien = await book(marie, "julien-bernard");
  const paulWithClaire = await book(paul, "claire-moreau");
  return { claire, marie, paul, withClaire, withJulien, paulWithClaire };
}

describe("preparing a session (/coaching/sessions/{id}/prepare)", () => {
  it("offers what the member has to share, shares nothing until they choose, and saves their choice", async () => {
    const { claire, marie, withClaire } = await scene();
    const before = await dataOf<PrepPageData>(await openPrep(marie, withClaire.id));
    expect(before.prep).toEqual({ topics: "", shareGoal: false, shareLifeGps: false, sharedResult: null });
    expect(before.shareable.goal).toBe("Changer de métier sans tout perdre");
    expect(before.shareable.lifeGps).toMatch(/\d{4}/);
    expect(before.shareable.results.map((r) => [r.slug, r.kind])).toEqual([
      ["capitaine", "test"],
      ["j-embarque", "training"],
    ]);
    // Untouched, the coach's page shows nothing of Marie's space.
    const untouched = await dataOf<{ page: { prep: SharedPrep } }>(await openAgendaSession(claire, withClaire.id));
    expect(untouched.page.prep).toEqual({ topics: "", goal: null, lifeGps: null, result: null });

    const saved = await postPrep(marie, withClaire.id, {
      topics: "  Mon changement de métier.\nEt ma peur de l’échec.  ",
      goal: "on",
      result: "capitaine",
    });
    expect(headerOf(saved, "Location")).toBe(`/coaching/sessions/${withClaire.id}/prepare?saved`);
    expect(await prepRow(withClaire.id)).toMatchObject({
      topics: "Mon changement de métier.\nEt ma peur de l’échec.",
      shareGoal: true,
      shareLifeGps: false,
      sharedResult: "capitaine",
    });
    const after = await dataOf<PrepPageData>(
      await callWith(prepLoader, await as(marie, `/coaching/sessions/${withClaire.id}/prepare?saved`), {
        params: { id: withClaire.id },
      }),
    );
    expect(after).toMatchObject({ saved: true, prep: { shareGoal: true, sharedResult: "capitaine" } });
    // The session page sums it up and leads to the prep page.
    const session = await dataOf<{ prep: PrepPageData["prep"] }>(
      await callWith(sessionLoader, await as(marie, `/coaching/sessions/${withClaire.id}`), {
        params: { id: withClaire.id },
      }),
    );
    expect(session.prep).toMatchObject({ shareGoal: true, shareLifeGps: false, sharedResult: "capitaine" });

    // The member's copy of their data holds it, with the session.
    const file = (await callWith(dataFileLoader, await as(marie, "/profile/data.json"))) as Response;
    const copy = (await file.json()) as { coaching_sessions: { coach: string; preparation: unknown }[] };
    expect(copy.coaching_sessions.find((row) => row.coach === "Claire Moreau")?.preparation).toMatchObject({
      topics: "Mon changement de métier.\nEt ma peur de l’échec.",
      share_goal: true,
      share_life_gps: false,
      shared_result: "capitaine",
    });
    expect(copy.coaching_sessions.find((row) => row.coach === "Julien Bernard")?.preparation).toBeNull();

    // Unticking takes it back: the next save shares only what is ticked then.
    await postPrep(marie, withClaire.id, { topics: "", lifeGps: "on", result: "" });
    expect(await prepRow(withClaire.id)).toMatchObject({
      topics: "",
      shareGoal: false,
      shareLifeGps: true,
      sharedResult: null,
    });
  });

  it("shows the coach exactly what the member chose, on the private link and on both doors of the agenda, and nothing else", async () => {
    const { claire, marie, paul, withClaire, withJulien, paulWithClaire } = await scene();
    await postPrep(marie, withClaire.id, {
      topics: "Parler de ma reconversion",
      lifeGps: "on",
      result: "j-embarque",
    });
    // What Marie writes for Julien, and Paul's own prep for Claire, are not this session's.
    await postPrep(marie, withJulien.id, { topics: "Note pour Julien seulement", goal: "on", result: "capitaine" });
    await postPrep(paul, paulWithClaire.id, { topics: "Note de Paul", goal: "on" });

    const signedIn = await dataOf<{ title: string; page: { memberName: string; prep: SharedPrep } }>(
      await openAgendaSession(claire, withClaire.id),
    );
    expect(signedIn.title).toBe("Séance avec Marie Curie");
    const linked = await dataOf<{ page: { prep: SharedPrep } }>(
      await openLinkedAgendaSession(agendaPath(claire.coach).split("/").pop()!, withClaire.id),
    );
    const link = await dataOf<{ prep: SharedPrep }>(await openCoachLink(await coachLinkOf(CLAIRE_EMAIL)));

    for (const prep of [signedIn.page.prep, linked.page.prep, link.prep]) {
      expect(prep.topics).toBe("Parler de ma reconversion");
      // Not ticked: the goal stays hidden although Marie has one.
      expect(prep.goal).toBeNull();
      // The last filling, not the one before.
      expect(prep.lifeGps?.areas[0]).toEqual({ id: "sante", label: "Santé", score: 3, note: "récent sante" });
      expect(prep.result).toMatchObject({ kind: "training", title: "J’embarque" });
      const everything = JSON.stringify(prep);
      for (const hidden of [
        "Changer de métier", // Marie's goal, not shared
        "ancien", // her earlier life GPS
        "Quel capitaine", // her other result
        "Note pour Julien", // her prep of another session
        "Note de Paul",
        "Le but secret de Paul", // another member's data
      ]) {
        expect(everything).not.toContain(hidden);
      }
      // A training's result goes without the member's answers to its quiz.
      expect(everything).not.toContain("answers");
    }
    // Claire's page of Paul's session shows Paul's words, not Marie's.
    const paulsPage = await dataOf<{ page: { prep: SharedPrep } }>(await openAgendaSession(claire, paulWithClaire.id));
    expect(paulsPage.page.prep).toMatchObject({ topics: "Note de Paul", goal: "Le but secret de Paul" });

    // The page a coach's browser receives, with JavaScript off: the words and the table, read as such.
    const html = await renderPage(AgendaSessionPage, {
      path: `/coach/agenda/sessions/${withClaire.id}`,
      loaderData: signedIn,
    });
    expect(html).toContain("Ce que Marie Curie vous confie");
    expect(html).toContain("Parler de ma reconversion");
    expect(html).toContain("récent sante");
    expect(html).not.toContain("Changer de métier");
    const linkHtml = await renderPage(CoachLinkPage, { path: "/coach/session/x", loaderData: link });
    expect(linkHtml).toContain("Son dernier GPS de vie");
  });

  it("shows a test result as its profile and skills, and tells the coach when nothing was shared", async () => {
    const { claire, marie, withClaire, paulWithClaire } = await scene();
    await postPrep(marie, withClaire.id, { goal: "on", result: "capitaine" });
    const { page } = await dataOf<{ page: { prep: SharedPrep & { result: { skills: unknown[] } } } }>(
      await openAgendaSession(claire, withClaire.id),
    );
    expect(page.prep).toMatchObject({
      topics: "",
      goal: "Changer de métier sans tout perdre",
      lifeGps: null,
      result: { kind: "test", title: "Quel capitaine suis-je ?" },
    });
    expect(page.prep.result.skills.length).toBeGreaterThan(0);

    // Paul prepared nothing: the coach reads so.
    const nothing = await dataOf<{ page: { prep: SharedPrep } }>(await openAgendaSession(claire, paulWithClaire.id));
    expect(nothing.page.prep).toEqual({ topics: "", goal: null, lifeGps: null, result: null });
    const html = await renderPage(AgendaSessionPage, {
      path: `/coach/agenda/sessions/${paulWithClaire.id}`,
      loaderData: nothing,
    });
    expect(html).toContain("Paul Valéry n’a rien écrit ni partagé pour cette séance.");
  });
});

describe("who may prepare and who may read", () => {
  it("refuses another member's session (404, nothing saved), and a result that is not the member's", async () => {
    const { marie, paul, withClaire } = await scene();
    expect(statusOf(await openPrep(paul, withClaire.id))).toBe(404);
    expect(statusOf(await postPrep(paul, withClaire.id, { topics: "Je lis ta séance", goal: "on" }))).toBe(404);
    expect(statusOf(await openPrep(marie, "not-a-uuid"))).toBe(404);
    expect(await prepRow(withClaire.id)).toBeNull();

    // "le-point-gps" exists, but Marie has not begun it: it is no result of hers to share.
    const unknown = await postPrep(marie, withClaire.id, { topics: "Bonjour", result: "le-point-gps" });
    expect(statusOf(unknown)).toBe(422);
    expect(await dataOf(unknown)).toMatchObject({ error: { result: ["prep.errors.resultUnknown"] } });
    expect(await prepRow(withClaire.id)).toBeNull();
  });

  it("refuses bad input with a clear message and changes nothing", async () => {
    const { marie, withClaire } = await scene();
    await postPrep(marie, withClaire.id, { topics: "Avant", goal: "on" });
    const cases: [Record<string, string>, string, string][] = [
      [{ topics: "x".repeat(1001) }, "topics", "coaching:prep.errors.topicsTooLong"],
      [{ goal: "yes please" }, "goal", "coaching:prep.errors.choice"],
      [{ lifeGps: "1" }, "lifeGps", "coaching:prep.errors.choice"],
      [{ result: "r".repeat(101) }, "result", "coaching:prep.errors.resultUnknown"],
    ];
    for (const [form, field, message] of cases) {
      const refused = await postPrep(marie, withClaire.id, form);
      expect(statusOf(refused)).toBe(400);
      expect(await dataOf(refused)).toMatchObject({ error: { [field]: [message] } });
    }
    expect(await prepRow(withClaire.id)).toMatchObject({ topics: "Avant", shareGoal: true });
    // The form shows the refusal under its field, what was typed kept.
    const refused = await postPrep(marie, withClaire.id, { topics: "y".repeat(1001) });
    const html = await renderPage(PrepPage, {
      path: `/coaching/sessions/${withClaire.id}/prepare`,
      loaderData: await dataOf(await openPrep(marie, withClaire.id)),
      actionData: await dataOf(refused),
    });
    expect(html).toContain("Votre texte fait plus de 1000 caractères : raccourcissez-le.");
    expect(html).toContain("y".repeat(1001));
  });

  it("lets no other coach read a session: another signed-in coach, another coach's link, a plain member (404)", async () => {
    const { claire, marie, withClaire, withJulien } = await scene();
    await postPrep(marie, withClaire.id, { topics: "Pour Claire", goal: "on" });
    // Julien signs in as a coach: Claire's session is no session of his.
    const julien = await coachMember({ email: "julien.bernard@coachs.cap.example" });
    expect(julien.coach.slug).toBe("julien-bernard");
    expect(statusOf(await openAgendaSession(julien, withClaire.id))).toBe(404);
    expect(statusOf(await openAgendaSession(julien, withJulien.id))).toBe(200);
    // Julien's private link with Claire's session id: 404; Claire's with her own: 200.
    const julienToken = agendaPath(julien.coach).split("/").pop()!;
    expect(statusOf(await openLinkedAgendaSession(julienToken, withClaire.id))).toBe(404);
    expect(statusOf(await openLinkedAgendaSession("x".repeat(43), withClaire.id))).toBe(404);
    expect(statusOf(await openLinkedAgendaSession(agendaPath(claire.coach).split("/").pop()!, withClaire.id))).toBe(
      200,
    );
    // The member herself, without the coach role, has no agenda at all.
    expect(statusOf(await openAgendaSession(marie, withClaire.id))).toBe(404);
  });
});

describe("until the session starts", () => {
  it("refuses changes once the session has started or was cancelled, and the page only reads (409)", async () => {
    const { claire, marie, withClaire, withJulien } = await scene();
    await postPrep(marie, withClaire.id, { topics: "Avant le début", goal: "on" });
    // The session starts: a minute ago.
    await db()
      .update(coachingBookings)
      .set({ startsAt: new Date(Date.now() - 60_000), endsAt: new Date(Date.now() + 30 * 60_000) })
      .where(eq(coachingBookings.id, withClaire.id));
    const late = await postPrep(marie, withClaire.id, { topics: "Trop tard", lifeGps: "on" });
    expect(statusOf(late)).toBe(409);
    expect(await dataOf(late)).toMatchObject({ error: { "": ["prep.errors.started"] } });
    expect(await prepRow(withClaire.id)).toMatchObject({
      topics: "Avant le début",
      shareGoal: true,
      shareLifeGps: false,
    });
    const page = await dataOf<PrepPageData>(await openPrep(marie, withClaire.id));
    expect(page.session.changeable).toBe(false);
    const html = await renderPage(PrepPage, {
      path: `/coaching/sessions/${withClaire.id}/prepare`,
      loaderData: page,
    });
    expect(html).toContain("La séance a commencé ou est annulée");
    expect(html).not.toContain("Enregistrer ma préparation");
    // The coach still reads what was shared before it started.
    const { page: coachPage } = await dataOf<{ page: { prep: SharedPrep } }>(
      await openAgendaSession(claire, withClaire.id),
    );
    expect(coachPage.prep.topics).toBe("Avant le début");

    // A cancelled session takes no prep either.
    await db().update(coachingBookings).set({ status: "cancelled" }).where(eq(coachingBookings.id, withJulien.id));
    expect(statusOf(await postPrep(marie, withJulien.id, { topics: "Annulée" }))).toBe(409);
    expect(await prepRow(withJulien.id)).toBeNull();
  });
});
