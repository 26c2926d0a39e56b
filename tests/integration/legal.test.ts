import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { db } from "~/.server/db/client.server";
import { appUsers, auditEvents, legalAcceptances, legalVersions } from "~/.server/db/schema.server";
import { publisherDetails } from "~/.server/legal/publisher.server";
import { action as editAction, loader as editLoader } from "~/routes/_default.admin.legal.$page/route";
import { action as adminAction, loader as adminLoader } from "~/routes/_default.admin.legal._index/route";
import { loader as pageLoader } from "~/routes/_home.legal.$page";
import { loader as registerLoader, action as registerAction } from "~/routes/_home.home.register/route";
import { cookiePair, firstStep, registerMember, secondStep, verifiedMember } from "../support/accounts";
import { endpointAt } from "../support/endpoints";
import { buildRequest, callApi, callWith, dataOf, getAs, headerOf, postAs, statusOf } from "../support/http";
import { adminMember } from "../support/roles";

/**
 * The pages French law asks for: public in both languages, versioned (each publication a new
 * dated version, earlier ones readable), edited by admins only (audited), the publisher's
 * details shown on the legal notice, and registration recording which versions were accepted.
 */
type Page = {
  number: number;
  date: string;
  inForce: boolean;
  sections: { heading: string | null; blocks: unknown[] }[];
  history: { number: number; date: string }[];
  publisher: { name: string; value: string }[] | null;
};

const readPage = async (page: string, options: { query?: string; lang?: string } = {}) => {
  const request = buildRequest(`/legal/${page}${options.query ?? ""}`, { lang: options.lang });
  return callWith(pageLoader, request, { params: { page } });
};

const text = (page: Page) => JSON.stringify(page.sections);

const publish = (who: { cookie: string }, page: string, form: Record<string, string>) =>
  postAs(editAction, `/admin/legal/${page}`, who, form, { page });

describe("the public legal pages", () => {
  it("show the first-run text of each page in both languages, dated, to anyone", async () => {
    for (const page of ["mentions-legales", "conditions-utilisation", "confidentialite"]) {
      const fr = await dataOf<Page>(await readPage(page));
      expect(fr.number).toBe(1);
      expect(fr.inForce).toBe(true);
      expect(text(fr)).toContain("à compléter par l’exploitant");
      const en = await dataOf<Page>(await readPage(page, { lang: "en" }));
      expect(text(en)).toContain("to be completed by the operator");
    }
    const privacy = await dataOf<Page>(await readPage("confidentialite"));
    expect(privacy.sections.map((section) => section.heading)).toContain("Cookies et stockage local");
    expect(text(privacy)).toContain("remembered_device");
  });

  it("answers 404 for an unknown page or version", async () => {
    expect(statusOf(await readPage("cookies"))).toBe(404);
    expect(statusOf(await readPage("confidentialite", { query: "?version=7" }))).toBe(404);
    expect(statusOf(await readPage("confidentialite", { query: "?version=abc" }))).toBe(404);
  });

  it("puts the publisher's details on the legal notice, blank ones marked as to be completed", async () => {
    const notice = await dataOf<Page>(await readPage("mentions-legales"));
    expect(notice.publisher?.map((field) => field.name)).toContain("hostAddress");
    expect(notice.publisher?.every((field) => field.value === "")).toBe(true);
    expect((await dataOf<Page>(await readPage("confidentialite"))).publisher).toBeNull();
  });
});

describe("publishing a new version", () => {
  it("adds a dated version, keeps the earlier one readable, and logs who did it", async () => {
    const admin = await adminMember();
    const form = await dataOf<{ values: { bodyFr: string } }>(
      await getAs(editLoader, "/admin/legal/conditions-utilisation", admin, { page: "conditions-utilisation" }),
    );
    expect(form.values.bodyFr).toContain("## Objet");

    const answer = await publish(admin, "conditions-utilisation", {
      bodyFr: "## Objet\nNouvelles conditions, **complètes**.",
      bodyEn: "## Purpose\nNew terms, **complete**.",
    });
    expect(statusOf(answer)).toBe(303);
    expect(headerOf(answer, "Location")).toBe("/admin/legal?published=conditions-utilisation");

    const now = await dataOf<Page>(await readPage("conditions-utilisation"));
    expect(now.number).toBe(2);
    expect(text(now)).toContain("Nouvelles conditions");
    expect(now.history.map((entry) => entry.number)).toEqual([2, 1]);
    const before = await dataOf<Page>(await readPage("conditions-utilisation", { query: "?version=1" }));
    expect(before.inForce).toBe(false);
    expect(text(before)).toContain("Texte de première installation");

    const [entry] = await db().select().from(auditEvents).where(eq(auditEvents.action, "legal.published"));
    expect(entry).toMatchObject({ actorId: admin.memberId, subjectName: "conditions-utilisation" });
    expect(entry.after).toEqual({ version: 2 });
  });

  it("refuses a text with a formatting mistake, with its line, and publishes nothing", async () => {
    const admin = await adminMember();
    const answer = await publish(admin, "confidentialite", {
      bodyFr: "## Cookies\nVoir [ici](javascript:alert(1)).",
      bodyEn: "",
    });
    expect(statusOf(answer)).toBe(400);
    const reply = await dataOf<{ error: Record<string, string[]> }>(answer);
    expect(reply.error.bodyEn).toEqual(["legal.errors.required"]);
    const refused = await publish(admin, "confidentialite", {
      bodyFr: "## Cookies\nVoir [ici](javascript:alert(1)).",
      bodyEn: "Fine.",
    });
    const lines = (await dataOf<{ error: Record<string, string[]> }>(refused)).error.bodyFr;
    expect(lines[0]).toMatch(/^Ligne 2 : un lien/);
    expect(await db().select().from(legalVersions).where(eq(legalVersions.page, "confidentialite"))).toHaveLength(1);
  });

  it("is the admins' only: a member gets the 404 of an unknown page on the loaders and the actions", async () => {
    const member = await verifiedMember();
    const params = { page: "conditions-utilisation" };
    expect(statusOf(await getAs(editLoader, "/admin/legal/conditions-utilisation", member, params))).toBe(404);
    expect(statusOf(await publish(member, "conditions-utilisation", { bodyFr: "x", bodyEn: "x" }))).toBe(404);
    expect(statusOf(await getAs(adminLoader, "/admin/legal", member))).toBe(404);
    expect(statusOf(await postAs(adminAction, "/admin/legal", member, { companyName: "Pirate SARL" }))).toBe(404);
    expect(
      await db().select().from(legalVersions).where(eq(legalVersions.page, "conditions-utilisation")),
    ).toHaveLength(1);
    expect((await publisherDetails()).companyName).toBe("");
  });
});

describe("the publisher's details", () => {
  it("are saved by an admin, audited, shown on the legal notice and read by publisherDetails()", async () => {
    const admin = await adminMember();
    const answer = await postAs(adminAction, "/admin/legal", admin, {
      companyName: "Cap Coaching SAS",
      legalForm: "SAS",
      shareCapital: "10 000 €",
      registration: "123 456 789 RCS Paris",
      hostName: "OVH SAS",
      hostAddress: "2 rue Kellermann, 59100 Roubaix",
      hostPhone: "1007",
    });
    expect(statusOf(answer)).toBe(303);
    expect(await publisherDetails()).toMatchObject({ companyName: "Cap Coaching SAS", vatNumber: "" });
    const notice = await dataOf<Page>(await readPage("mentions-legales"));
    expect(notice.publisher).toContainEqual({ name: "hostName", value: "OVH SAS" });
    const [entry] = await db().select().from(auditEvents).where(eq(auditEvents.action, "legal.publisher.changed"));
    expect(entry.actorId).toBe(admin.memberId);
    expect(entry.after).toMatchObject({ companyName: "Cap Coaching SAS" });

    const tooLong = await postAs(adminAction, "/admin/legal", admin, { companyName: "x".repeat(301) });
    expect(statusOf(tooLong)).toBe(400);
    expect((await publisherDetails()).companyName).toBe("Cap Coaching SAS");
  });
});

describe("accepting the terms on registering", () => {
  const acceptedBy = (memberId: string) =>
    db()
      .select({ page: legalAcceptances.page, number: legalAcceptances.number, at: legalAcceptances.acceptedAt })
      .from(legalAcceptances)
      .where(eq(legalAcceptances.memberId, memberId))
      .orderBy(legalAcceptances.page);

  it("shows the versions in force on the second step and records those the member accepted, and when", async () => {
    const next = await callWith(registerAction, buildRequest("/home/register", { form: firstStep() }));
    const draft = cookiePair(next, "register_draft");
    const step = await dataOf<{ terms: { page: string; number: number }[] }>(
      await callWith(registerLoader, buildRequest("/home/register?step=second", { cookie: draft })),
    );
    expect(step.terms.map(({ page, number }) => [page, number])).toEqual([
      ["conditions-utilisation", 1],
      ["confidentialite", 1],
    ]);
    const member = await registerMember({
      second: { "accepted-conditions-utilisation": "1", "accepted-confidentialite": "1" },
    });
    const accepted = await acceptedBy(member.memberId);
    expect(accepted.map(({ page, number }) => [page, number])).toEqual([
      ["conditions-utilisation", 1],
      ["confidentialite", 1],
    ]);
    expect(Date.now() - accepted[0].at.getTime()).toBeLessThan(60_000);
  });

  it("refuses a registration whose terms changed while it was filled in, and creates no account", async () => {
    const admin = await adminMember();
    await publish(admin, "conditions-utilisation", { bodyFr: "## Objet\nV2.", bodyEn: "## Purpose\nV2." });
    const next = await callWith(registerAction, buildRequest("/home/register", { form: firstStep() }));
    const form = secondStep({ email: "late@example.com", "accepted-conditions-utilisation": "1" });
    const answer = await callWith(
      registerAction,
      buildRequest("/home/register", { form, cookie: cookiePair(next, "register_draft") }),
    );
    expect(statusOf(answer)).toBe(409);
    expect((await dataOf<{ error: Record<string, string[]> }>(answer)).error[""]).toEqual(["register.termsChanged"]);
    expect(await db().select({ id: appUsers.id }).from(appUsers)).toEqual([{ id: admin.memberId }]);
  });

  it("records the versions in force for a registration through the API, which names none (SPEC §7)", async () => {
    const admin = await adminMember();
    await publish(admin, "confidentialite", { bodyFr: "## Données\nV2.", bodyEn: "## Data\nV2." });
    const user = {
      firstname: "Ana",
      lastname: "Barros",
      birth_date: "1990-02-03",
      email: "ana@example.com",
      password: "correct horse",
    };
    const answer = await callApi(endpointAt("/api/dashboard/register").action, "/api/dashboard/register", null, {
      json: { user },
      context: { clientIp: "203.0.113.7" },
    });
    expect(answer.status).toBe(201);
    const [{ id }] = await db().select({ id: appUsers.id }).from(appUsers).where(eq(appUsers.firstname, "Ana"));
    expect((await acceptedBy(id)).map(({ page, number }) => [page, number])).toEqual([
      ["conditions-utilisation", 1],
      ["confidentialite", 2],
    ]);
  });
});
