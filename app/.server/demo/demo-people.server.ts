import { desc, eq } from "drizzle-orm";
import { register } from "~/.server/accounts/registration.server";
import { verifyWithCode } from "~/.server/accounts/verification.server";
import { createTraining } from "~/.server/authoring/training-create.server";
import { bookSession } from "~/.server/coaching/booking/book.server";
import { coachOf, freeSlotsOf } from "~/.server/coaching/booking/free-times.server";
import { grantRole } from "~/.server/coaching/coaches/role-changes.server";
import { db } from "~/.server/db/client.server";
import { appUsers, mailOutbox } from "~/.server/db/schema.server";
import { addCommitment } from "~/.server/space/commitments.server";
import { replaceGoal } from "~/.server/space/goals.server";
import { trainingOf } from "~/.server/trainings/catalogue.server";
import { markPartRead, submitQuiz } from "~/.server/trainings/progress.server";
import type { Role } from "~/.server/roles/roles.server";

/**
 * The people of `npm run demo`, made the way members make themselves: registered, verified with
 * the code their mail carries, given their role as an admin would, then each with something to
 * show — the member a module done, a goal, a commitment and a session booked; the coach (the
 * seeded Claire Moreau, whose hours come with the content) that session; the author a draft.
 */
export const DEMO_PASSWORD = "Demo-Cap-2026";

export type DemoPerson = { role: "member" | Role; email: string; name: string; opens: string };

export const demoPeople: DemoPerson[] = [
  { role: "member", email: "membre@demo.cap.example", name: "Léa Martin", opens: "/" },
  { role: "coach", email: "claire.moreau@coachs.cap.example", name: "Claire Moreau", opens: "/coach" },
  { role: "author", email: "auteur@demo.cap.example", name: "Hugo Bernard", opens: "/author/trainings" },
  { role: "admin", email: "admin@demo.cap.example", name: "Inès Petit", opens: "/admin" },
];

const FIRST_TRAINING = "j-embarque";
const DAY_MS = 24 * 60 * 60 * 1000;

export async function makeDemoPeople(now = new Date()): Promise<void> {
  const ids = new Map<DemoPerson["role"], string>();
  for (const person of demoPeople) {
    const memberId = await verifiedMember(person);
    ids.set(person.role, memberId);
    if (person.role !== "member") {
      const granted = await grantRole({ memberId: null }, memberId, person.role);
      if (!granted.ok) throw new Error(`the ${person.role} role was refused to ${person.email}`);
    }
  }
  const memberId = ids.get("member") as string;
  await firstModuleDone(memberId);
  await replaceGoal(memberId, "Retrouver du temps pour ma famille");
  await addCommitment(memberId, {
    title: "Marcher 20 minutes chaque matin",
    dueDate: new Date(now.getTime() + 7 * DAY_MS).toISOString().slice(0, 10),
    moduleId: null,
  });
  await sessionWithClaire(memberId, now);
  const author = ids.get("author") as string;
  const draft = await createTraining(
    { kind: "training", slug: "mieux-dormir", titleFr: "Mieux dormir", titleEn: "Sleep better", access: "free" },
    { id: author, lang: "fr" },
  );
  if (!draft) throw new Error("the author's draft was not made");
  // Their mails (codes, the booking) wait in the dev mailbox rather than bury the sign-in lines in the log.
  await db().update(mailOutbox).set({ status: "sent", sentAt: now }).where(eq(mailOutbox.status, "pending"));
}

async function verifiedMember(person: DemoPerson): Promise<string> {
  const [firstname, ...last] = person.name.split(" ");
  const registered = await register({
    firstname,
    lastname: last.join(" "),
    birthDate: "1988-04-12",
    gender: "female",
    email: person.email,
    mobile: null,
    password: DEMO_PASSWORD,
    userType: "adventurer",
    lang: "fr",
    ip: "127.0.0.1",
  });
  if (!registered.ok) throw new Error(`${person.email} could not register (${registered.error})`);
  const [member] = await db()
    .select({ identityId: appUsers.identityId })
    .from(appUsers)
    .where(eq(appUsers.id, registered.memberId));
  const [mail] = await db()
    .select({ text: mailOutbox.text })
    .from(mailOutbox)
    .where(eq(mailOutbox.to, person.email))
    .orderBy(desc(mailOutbox.createdAt))
    .limit(1);
  const code = mail?.text.match(/^(\d{6})$/m)?.[1];
  if (!code) throw new Error(`no verification code was mailed to ${person.email}`);
  const verified = await verifyWithCode(member.identityId, code, "127.0.0.1");
  if (!verified.ok) throw new Error(`${person.email} could not be verified`);
  return registered.memberId;
}

/** The first module of the first training: every part read and its quiz passed. */
async function firstModuleDone(memberId: string): Promise<void> {
  const training = await trainingOf(db(), memberId, FIRST_TRAINING);
  const module = training?.modules[0];
  if (!module) throw new Error(`${FIRST_TRAINING} is not seeded`);
  for (const part of module.content.parts) await markPartRead(memberId, FIRST_TRAINING, module.content.slug, part.slug);
  const quiz = module.content.quiz;
  if (!quiz) return;
  // The right answers where there are some; a question about the member takes its first answers.
  const answers = Object.fromEntries(
    quiz.questions.map((question) => {
      const right = question.answers.filter((answer) => answer.correct);
      return [question.id, (right.length > 0 ? right : question.answers.slice(0, question.min)).map((a) => a.id)];
    }),
  );
  const outcome = await submitQuiz(memberId, FIRST_TRAINING, module.content.slug, answers);
  if (!outcome.ok) throw new Error(`the demo member's quiz was refused (${outcome.error})`);
}

/** The member's session with Claire, on her first free time three days from now. */
async function sessionWithClaire(memberId: string, now: Date): Promise<void> {
  const coach = await coachOf("claire-moreau");
  if (!coach) throw new Error("claire-moreau is not seeded");
  const from = new Date(now.getTime() + 3 * DAY_MS);
  const [slot] = await freeSlotsOf(coach, from, new Date(from.getTime() + 14 * DAY_MS));
  if (!slot) throw new Error("Claire Moreau has no free time in the next two weeks");
  const [member] = await db().select().from(appUsers).where(eq(appUsers.id, memberId));
  const person = demoPeople[0];
  const booked = await bookSession(
    { id: memberId, firstname: member.firstname, lastname: member.lastname, email: person.email, lang: "fr" },
    { coachSlug: "claire-moreau", start: slot.start, timeZone: "Europe/Paris", fromPath: null },
    now,
  );
  if (!booked.ok) throw new Error(`the demo session was refused (${booked.error})`);
}
