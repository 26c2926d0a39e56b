import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { env } from "~/.server/config/env.server";
import { db } from "~/.server/db/client.server";
import { certificates } from "~/.server/db/schema.server";
import { localDay } from "~/.server/calendar/time-zones.server";
import { readTrainingFiles } from "~/.server/trainings/seed.server";
import { loader as verifyLoader } from "~/routes/_home.certificate.$id";
import { action as moduleAction } from "~/routes/_default.training.$training_slug.modules.$module_slug";
import { loader as trainingLoader } from "~/routes/_default.training.$training_slug._index";
import {
  action as certificateAction,
  loader as certificateLoader,
} from "~/routes/_next.training.$training_slug.certificate";
import { loader as congratulationsLoader } from "~/routes/_next.training.$training_slug.congratulations";
import { type TestMember, verifiedMember } from "../support/accounts";
import { buildRequest, callWith, dataOf, headerOf, statusOf } from "../support/http";
import { validAnswers } from "../support/trainings";

/** Issue 28 item 2: a certificate when a training is completed, its public verification page, its withdrawal. */
const onboarding = readTrainingFiles().find((file) => file.content.slug === "j-embarque")!.content;
const params = { training_slug: "j-embarque" };

async function completeOnboarding(member: TestMember) {
  for (const module of onboarding.modules) {
    const post = (form: Record<string, string | string[]>) =>
      callWith(
        moduleAction,
        buildRequest(`/training/j-embarque/modules/${module.slug}`, { form, cookie: member.cookie }),
        { params: { ...params, module_slug: module.slug } },
      );
    for (const part of module.parts) await post({ intent: "read", part: part.slug });
    const quiz: Record<string, string[]> = { intent: ["quiz"] };
    for (const [question, ids] of Object.entries(validAnswers(module))) quiz[`q_${question}`] = ids;
    await post(quiz);
  }
}

type Facts = { name: string; training: string; date: string; url: string };
type MemberPage = { certificate: Facts | null; withdrawn: boolean; done: string | null };

function memberPage(member: TestMember, query = "") {
  return callWith(
    certificateLoader,
    buildRequest(`/training/j-embarque/certificate${query}`, { cookie: member.cookie }),
    { params },
  );
}

function change(member: TestMember, intent: string, slug = "j-embarque") {
  return callWith(
    certificateAction,
    buildRequest(`/training/${slug}/certificate`, { form: { intent }, cookie: member.cookie }),
    { params: { training_slug: slug } },
  );
}

/** The public page, as a stranger (no cookie) in `lang` sees it. */
function publicPage(url: string, lang: "fr" | "en" = "fr") {
  const id = url.split("/certificate/")[1];
  return callWith(verifyLoader, buildRequest(`/certificate/${id}`, { headers: { "Accept-Language": lang } }), {
    params: { id },
  });
}

const frenchDate = (day: string) =>
  new Intl.DateTimeFormat("fr", { day: "numeric", month: "long", year: "numeric", timeZone: "UTC" }).format(
    new Date(`${day}T00:00:00Z`),
  );

describe("a certificate of a completed training", () => {
  it("is issued on completion: the member's name, the training, the day, an unguessable public address", async () => {
    const member = await verifiedMember({ first: { firstName: "Marie", lastName: "Curie" } });
    // Before the end: no certificate, and its page sends the member to the training.
    const early = await memberPage(member);
    expect(statusOf(early)).toBe(302);
    expect(headerOf(early, "Location")).toBe("/training/j-embarque");

    await completeOnboarding(member);
    const page = await dataOf<MemberPage>(await memberPage(member));
    const today = localDay(new Date(), "Europe/Paris");
    expect(page.certificate).toMatchObject({ name: "Marie Curie", training: "J’embarque", date: frenchDate(today) });
    const url = page.certificate!.url;
    // 32 base64url characters: 192 random bits.
    expect(url).toMatch(new RegExp(`^${env().APP_URL}/certificate/[A-Za-z0-9_-]{32}$`));
    const [row] = await db().select().from(certificates).where(eq(certificates.memberId, member.memberId));
    expect(Buffer.from(row.publicId, "base64url")).toHaveLength(24);

    // The training page and the congratulation page lead to it.
    const training = await dataOf<{ certificatePath: string | null }>(
      await callWith(trainingLoader, buildRequest("/training/j-embarque", { cookie: member.cookie }), { params }),
    );
    expect(training.certificatePath).toBe("/training/j-embarque/certificate");
    const congratulations = await dataOf<{ certificatePath: string | null }>(
      await callWith(
        congratulationsLoader,
        buildRequest("/training/j-embarque/congratulations", { cookie: member.cookie }),
        { params },
      ),
    );
    expect(congratulations.certificatePath).toBe("/training/j-embarque/certificate");
  });

  it("its public page shows the same facts to anyone, in their language, and nothing else", async () => {
    const member = await verifiedMember({ email: "marie.curie@example.com" });
    await completeOnboarding(member);
    const { certificate } = await dataOf<MemberPage>(await memberPage(member));

    const french = await publicPage(certificate!.url);
    expect(statusOf(french)).toBe(200);
    expect(headerOf(french, "Cache-Control")).toBe("no-store");
    expect(headerOf(french, "X-Robots-Tag")).toBe("noindex");
    const shown = await dataOf<Record<string, unknown>>(french);
    expect(shown).toEqual({ title: "Vérification d’une attestation", certificate });
    // No email, no member id, no other data: only what the certificate says.
    const text = JSON.stringify(shown);
    expect(text).not.toContain("marie.curie@example.com");
    expect(text).not.toContain(member.memberId);

    const english = await dataOf<{ certificate: Facts }>(await publicPage(certificate!.url, "en"));
    expect(english.certificate).toMatchObject({ name: certificate!.name, training: "Coming aboard" });
    expect(english.certificate.date).toMatch(/^[A-Z][a-z]+ \d{1,2}, \d{4}$/);
  });

  it("withdrawn, its address says it is no longer valid (410); a new one has a new address", async () => {
    const member = await verifiedMember();
    await completeOnboarding(member);
    const first = (await dataOf<MemberPage>(await memberPage(member))).certificate!;

    const withdrawn = await change(member, "withdraw");
    expect(statusOf(withdrawn)).toBe(303);
    expect(headerOf(withdrawn, "Location")).toBe("/training/j-embarque/certificate?done=withdrawn");
    const gone = await publicPage(first.url);
    expect(statusOf(gone)).toBe(410);
    expect(await dataOf(gone)).toEqual({ title: "Attestation plus valable", certificate: null });
    expect(await dataOf<MemberPage>(await memberPage(member, "?done=withdrawn"))).toMatchObject({
      certificate: null,
      withdrawn: true,
      done: "withdrawn",
    });

    expect(statusOf(await change(member, "issue"))).toBe(303);
    const second = (await dataOf<MemberPage>(await memberPage(member))).certificate!;
    expect(second.url).not.toBe(first.url);
    expect(second).toMatchObject({ name: first.name, training: first.training, date: first.date });
    expect(statusOf(await publicPage(second.url))).toBe(200);
    expect(statusOf(await publicPage(first.url))).toBe(410);
    // Asking again while one is valid issues nothing more.
    await change(member, "issue");
    const rows = await db().select().from(certificates).where(eq(certificates.memberId, member.memberId));
    expect(rows.filter((row) => row.withdrawnAt === null)).toHaveLength(1);
  });

  it("an address that never was a certificate is not found, whatever its shape", async () => {
    for (const id of ["A".repeat(32), "short", "../../etc/passwd", "A".repeat(5000)]) {
      const answer = await callWith(verifyLoader, buildRequest(`/certificate/${encodeURIComponent(id)}`), {
        params: { id },
      });
      expect(statusOf(answer)).toBe(404);
    }
  });

  it("belongs to its member: another member can neither see nor withdraw it, nor get one unearned", async () => {
    const alice = await verifiedMember({ email: "alice@example.com" });
    const bob = await verifiedMember({ email: "bob@example.com" });
    await completeOnboarding(alice);
    const hers = (await dataOf<MemberPage>(await memberPage(alice))).certificate!;

    // Bob has not completed the training: his page sends him to it, his posts change nothing.
    expect(statusOf(await memberPage(bob))).toBe(302);
    expect(headerOf(await change(bob, "issue"), "Location")).toBe("/training/j-embarque");
    await change(bob, "withdraw");
    expect(statusOf(await publicPage(hers.url))).toBe(200);
    expect(await db().select().from(certificates).where(eq(certificates.memberId, bob.memberId))).toHaveLength(0);

    // Signed out, the member page asks to sign in; an unknown intent is refused and changes nothing.
    const anonymous = await callWith(certificateLoader, buildRequest("/training/j-embarque/certificate"), { params });
    expect(headerOf(anonymous, "Location")).toMatch(/^\/home\/login\?redirect_after=/);
    expect(statusOf(await change(alice, "delete-everything"))).toBe(400);
    expect(statusOf(await change(alice, "withdraw", "no-such-training"))).toBe(404);
    expect(statusOf(await publicPage(hers.url))).toBe(200);
  });
});
