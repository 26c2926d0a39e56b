import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { login } from "~/.server/accounts/login.server";
import { whoami } from "~/.server/accounts/members.server";
import { db } from "~/.server/db/client.server";
import { appUsers, mailOutbox, mainGoals } from "~/.server/db/schema.server";
import { identity } from "~/.server/identity/identity-service.server";
import { loader as layoutLoader } from "~/routes/_default";
import ProfilePage, { action, loader } from "~/routes/_default.profile/route";
import {
  codeIn,
  lastMailTo,
  mailsTo,
  otherCode,
  PASSWORD,
  renderPage,
  setCookie,
  type TestMember,
  verifiedMember,
} from "../support/accounts";
import { buildRequest, callWith, dataOf, headerOf, statusOf } from "../support/http";

type Reply = { status: string; initialValue?: Record<string, unknown>; error?: Record<string, string[] | null> };
type ProfileData = Awaited<ReturnType<typeof loader>>;

const details = {
  intent: "profile",
  firstName: "Irène",
  lastName: "Joliot",
  birthDate: "1997-09-12",
  mobileCountryCode: "33",
  mobile: "06 12 34 56 78",
  levelOfStudy: "master",
  role: "Cheffe de projet",
};

function post(member: TestMember, form: Record<string, string>) {
  return callWith(action, buildRequest("/profile", { form, cookie: member.cookie }));
}

async function profileOf(member: TestMember) {
  return (await dataOf<ProfileData>(await callWith(loader, buildRequest("/profile", { cookie: member.cookie }))))
    .profile;
}

/** The page a browser without JavaScript shows after a refused POST. */
async function refusedPage(member: TestMember, answer: unknown, lang: "fr" | "en" = "fr") {
  const loaderData = await dataOf<object>(await callWith(loader, buildRequest("/profile", { cookie: member.cookie })));
  return renderPage(ProfilePage, { path: "/profile", lang, loaderData, actionData: await dataOf<object>(answer) });
}

describe("profile details", () => {
  it("saves every field; the sidebar shows the new name; the identity's name follows", async () => {
    const member = await verifiedMember();
    const answer = await post(member, details);
    expect(statusOf(answer)).toBe(303);
    expect(headerOf(answer, "Location")).toBe("/profile?saved=profile");

    expect(await profileOf(member)).toMatchObject({
      firstname: "Irène",
      lastname: "Joliot",
      birth_date: "1997-09-12",
      mobile: "+33 612345678",
      level_of_study: "master",
      role: "Cheffe de projet",
      email: member.email,
    });
    const sidebar = await dataOf<{ firstname: string; lastname: string }>(
      await callWith(layoutLoader, buildRequest("/profile", { cookie: member.cookie })),
    );
    expect(sidebar).toMatchObject({ firstname: "Irène", lastname: "Joliot" });
    expect((await whoami(member.token))!.identity.traits.name).toEqual({ first: "Irène", last: "Joliot" });

    // Emptied optional fields are cleared.
    await post(member, { ...details, mobile: "", levelOfStudy: "", role: "" });
    expect(await profileOf(member)).toMatchObject({ mobile: null, level_of_study: null, role: null });
  });

  it("refuses each bad field with its translated message, keeps what was typed and changes nothing", async () => {
    const member = await verifiedMember();
    const before = await profileOf(member);
    const bad = {
      intent: "profile",
      firstName: " ",
      lastName: "",
      birthDate: "2020-01-01",
      mobileCountryCode: "abc",
      mobile: "12",
      levelOfStudy: "astronaut",
      role: "x".repeat(81),
    };
    const answer = await post(member, bad);
    expect(statusOf(answer)).toBe(400);
    const reply = await dataOf<Reply>(answer);
    expect(reply.error).toMatchObject({
      firstName: ["errors.firstNameRequired"],
      lastName: ["errors.lastNameRequired"],
      birthDate: ["errors.tooYoung"],
      mobileCountryCode: ["errors.countryCodeInvalid"],
      mobile: ["errors.mobileInvalid"],
      levelOfStudy: ["profile:errors.levelOfStudyInvalid"],
      role: ["errors.tooLong"],
    });
    expect(await profileOf(member)).toEqual(before);

    const html = await refusedPage(member, answer);
    for (const message of [
      "Veuillez saisir votre prénom.",
      "Veuillez saisir votre nom.",
      "Vous devez avoir au moins 13 ans.",
      "L’indicatif pays se compose de 1 à 4 chiffres, par exemple 33.",
      "Le numéro de mobile doit compter entre 6 et 14 chiffres.",
      "Choisissez un niveau d’études dans la liste.",
      "Ce texte est trop long.",
    ]) {
      expect(html).toContain(message);
    }
    expect(html).toContain('value="2020-01-01"');
    expect(html).toContain(`value="${"x".repeat(81)}"`);
    expect(await refusedPage(member, answer, "en")).toContain("Pick a level of study from the list.");

    const invalidDate = await post(member, { ...details, birthDate: "2001-02-30" });
    expect((await dataOf<Reply>(invalidDate)).error?.birthDate).toEqual(["errors.birthDateInvalid"]);
  });

  it("define my path: changes the user type; an unknown one is refused", async () => {
    const member = await verifiedMember();
    expect(headerOf(await post(member, { intent: "path", userType: "captain" }), "Location")).toBe(
      "/profile?saved=path",
    );
    expect((await profileOf(member)).user_type).toBe("captain");
    const refused = await post(member, { intent: "path", userType: "admiral" });
    expect(statusOf(refused)).toBe(400);
    expect((await dataOf<Reply>(refused)).error?.userType).toEqual(["profile:errors.userTypeInvalid"]);
    expect((await profileOf(member)).user_type).toBe("captain");
    const html = await renderPage(ProfilePage, {
      path: "/profile",
      loaderData: await dataOf<object>(await callWith(loader, buildRequest("/profile", { cookie: member.cookie }))),
    });
    expect(html).toContain('href="/#goal"');
  });

  it("acts only on the session's member, whatever ids the form carries", async () => {
    const alice = await verifiedMember({ email: "alice@example.com" });
    const bob = await verifiedMember({ email: "bob@example.com", first: { firstName: "Bob" } });
    const bobBefore = await profileOf(bob);
    await post(alice, { ...details, id: bob.memberId, memberId: bob.memberId, identityId: bob.identityId });
    expect((await profileOf(alice)).firstname).toBe("Irène");
    expect(await profileOf(bob)).toEqual(bobBefore);
  });

  it("needs a signed-in member for the page and every form", async () => {
    const page = await callWith(loader, buildRequest("/profile"));
    expect(headerOf(page, "Location")).toBe("/home/login?redirect_after=%2Fprofile");
    const form = await callWith(action, buildRequest("/profile", { form: details }));
    expect(headerOf(form, "Location")).toBe("/home/login?redirect_after=%2Fprofile");
  });
});

describe("email change", () => {
  it("sends a code to the new address; the old one works until the code is confirmed", async () => {
    const member = await verifiedMember();
    const asked = await post(member, { intent: "email", currentPassword: PASSWORD, email: "Marie.New@Example.com" });
    expect(headerOf(asked, "Location")).toBe("/profile?saved=emailCodeSent");
    const mail = await lastMailTo("marie.new@example.com");
    expect(mail.subject).toBe("Confirmez votre nouvelle adresse e-mail Cap");
    expect((await mailsTo(member.email)).some((m) => m.subject === mail.subject)).toBe(false);

    expect(await profileOf(member)).toMatchObject({ email: member.email, pending_email: "marie.new@example.com" });
    expect((await login(member.email, PASSWORD, { ip: "203.0.113.1", userAgent: null })).ok).toBe(true);

    const wrong = await post(member, { intent: "confirmEmail", code: otherCode(codeIn(mail)) });
    expect(statusOf(wrong)).toBe(422);
    expect((await dataOf<Reply>(wrong)).error?.code).toEqual(["errors.codeInvalid"]);
    expect((await profileOf(member)).email).toBe(member.email);

    const confirmed = await post(member, { intent: "confirmEmail", code: codeIn(mail) });
    expect(headerOf(confirmed, "Location")).toBe("/profile?saved=email");
    expect(await profileOf(member)).toMatchObject({ email: "marie.new@example.com", pending_email: null });
    const identity = (await whoami(member.token))!.identity;
    expect(identity.verifiable_addresses).toHaveLength(1);
    expect(identity.verifiable_addresses[0]).toMatchObject({ value: "marie.new@example.com", verified: true });
    expect((await login("marie.new@example.com", PASSWORD, { ip: "203.0.113.1", userAgent: null })).ok).toBe(true);
    expect((await login(member.email, PASSWORD, { ip: "203.0.113.1", userAgent: null })).ok).toBe(false);
    const notice = await lastMailTo(member.email);
    expect(notice.subject).toBe("L’adresse e-mail de votre compte Cap a changé");
    expect(notice.text).toContain("marie.new@example.com");
  });

  it("can be withdrawn while it waits: the code stops working and the account keeps its address", async () => {
    const member = await verifiedMember();
    await post(member, { intent: "email", currentPassword: PASSWORD, email: "marie.new@example.com" });
    const code = codeIn(await lastMailTo("marie.new@example.com"));
    expect((await profileOf(member)).pending_email).toBe("marie.new@example.com");

    expect(headerOf(await post(member, { intent: "cancelEmail" }), "Location")).toBe("/profile?saved=emailCancelled");
    expect(await profileOf(member)).toMatchObject({ email: member.email, pending_email: null });
    const late = await post(member, { intent: "confirmEmail", code });
    expect(statusOf(late)).toBe(422);
    expect((await dataOf<Reply>(late)).error?.code).toEqual(["errors.codeExpired"]);
    expect((await profileOf(member)).email).toBe(member.email);
  });

  it("refuses a taken address, the same address and an invalid one, keeping what was typed", async () => {
    const member = await verifiedMember();
    await verifiedMember({ email: "taken@example.com" });
    const taken = await post(member, { intent: "email", currentPassword: PASSWORD, email: "TAKEN@example.com" });
    expect(statusOf(taken)).toBe(409);
    const reply = await dataOf<Reply>(taken);
    expect(reply.error?.email).toEqual(["errors.emailTaken"]);
    expect(reply.initialValue?.email).toBe("TAKEN@example.com");
    expect(await refusedPage(member, taken)).toContain("Un compte existe déjà avec cette adresse e-mail.");

    expect(
      (await dataOf<Reply>(await post(member, { intent: "email", currentPassword: PASSWORD, email: member.email })))
        .error?.email,
    ).toEqual(["profile:errors.sameEmail"]);
    expect(
      (await dataOf<Reply>(await post(member, { intent: "email", currentPassword: PASSWORD, email: "nope" }))).error
        ?.email,
    ).toEqual(["errors.emailInvalid"]);
    expect((await profileOf(member)).pending_email).toBeNull();
  });

  it("asks for the current password: without it nothing is sent, and the password is never sent back", async () => {
    const member = await verifiedMember();
    const refused = await post(member, {
      intent: "email",
      email: "thief@example.com",
      currentPassword: "not-the-password",
    });
    expect(statusOf(refused)).toBe(422);
    const reply = await dataOf<Reply>(refused);
    expect(reply.error?.currentPassword).toEqual(["profile:errors.currentPasswordWrong"]);
    expect(reply.initialValue?.email).toBe("thief@example.com");
    expect(reply.initialValue?.currentPassword).toBeUndefined();
    expect(await mailsTo("thief@example.com")).toHaveLength(0);
    expect((await profileOf(member)).pending_email).toBeNull();
  });

  it("once the new address is confirmed, every other session ends and this one stays", async () => {
    const member = await verifiedMember();
    const other = await login(member.email, PASSWORD, { ip: "203.0.113.1", userAgent: null });
    if (!other.ok) throw new Error("second login refused");
    await post(member, { intent: "email", currentPassword: PASSWORD, email: "moved@example.com" });
    await post(member, { intent: "confirmEmail", code: codeIn(await lastMailTo("moved@example.com")) });
    expect(await whoami(other.token)).toBeNull();
    expect(await whoami(member.token)).not.toBeNull();
  });

  it("refuses the code when the address was taken in the meantime", async () => {
    const member = await verifiedMember();
    await post(member, { intent: "email", currentPassword: PASSWORD, email: "race@example.com" });
    const code = codeIn(await lastMailTo("race@example.com"));
    await verifiedMember({ email: "race@example.com" });
    const answer = await post(member, { intent: "confirmEmail", code });
    expect((await dataOf<Reply>(answer)).error?.code).toEqual(["errors.emailTaken"]);
    expect((await profileOf(member)).email).toBe(member.email);
  });
});

describe("password change", () => {
  it("needs the current password, then ends every other session but this one", async () => {
    const member = await verifiedMember();
    const other = await login(member.email, PASSWORD, { ip: "203.0.113.1", userAgent: null });
    if (!other.ok) throw new Error("second login refused");

    const wrong = await post(member, {
      intent: "password",
      currentPassword: "not-it-at-all",
      password: "Nouveau-cap-1",
      confirmPassword: "Nouveau-cap-1",
    });
    expect(statusOf(wrong)).toBe(422);
    const reply = await dataOf<Reply>(wrong);
    expect(reply.error?.currentPassword).toEqual(["profile:errors.currentPasswordWrong"]);
    expect(reply.initialValue?.password).toBeUndefined();
    expect(await whoami(other.token)).not.toBeNull();

    const short = await post(member, {
      intent: "password",
      currentPassword: PASSWORD,
      password: "court",
      confirmPassword: "autre",
    });
    expect((await dataOf<Reply>(short)).error).toMatchObject({ password: ["errors.passwordTooShort"] });

    const done = await post(member, {
      intent: "password",
      currentPassword: PASSWORD,
      password: "Nouveau-cap-1",
      confirmPassword: "Nouveau-cap-1",
    });
    expect(headerOf(done, "Location")).toBe("/profile?saved=password");
    expect(await whoami(other.token)).toBeNull();
    expect(await whoami(member.token)).not.toBeNull();
    expect((await login(member.email, "Nouveau-cap-1", { ip: "203.0.113.1", userAgent: null })).ok).toBe(true);
    expect((await login(member.email, PASSWORD, { ip: "203.0.113.1", userAgent: null })).ok).toBe(false);
  });
  it("stops checking after five wrong current passwords", async () => {
    const member = await verifiedMember();
    const attempt = (currentPassword: string) =>
      post(member, {
        intent: "password",
        currentPassword,
        password: "Nouveau-cap-1",
        confirmPassword: "Nouveau-cap-1",
      });
    for (let i = 0; i < 5; i++) expect(statusOf(await attempt("not-it-at-all"))).toBe(422);
    const blocked = await attempt(PASSWORD);
    expect(statusOf(blocked)).toBe(429);
    expect((await dataOf<Reply>(blocked)).error?.currentPassword).toEqual(["profile:errors.tooManyAttempts"]);
    expect((await login(member.email, PASSWORD, { ip: "203.0.113.1", userAgent: null })).ok).toBe(true);
  });
});

describe("account deletion", () => {
  it("needs the address and the password, then removes the data, ends the session and clears the cookie", async () => {
    const member = await verifiedMember();
    const other = await verifiedMember({ email: "other@example.com" });
    await db().insert(mainGoals).values({ memberId: member.memberId, title: "Traverser l’Atlantique" });

    const wrongEmail = await post(member, { intent: "delete", email: "other@example.com", currentPassword: PASSWORD });
    expect((await dataOf<Reply>(wrongEmail)).error?.email).toEqual(["profile:errors.confirmEmailWrong"]);
    const wrongPassword = await post(member, {
      intent: "delete",
      email: member.email,
      currentPassword: "not-it-at-all",
    });
    expect((await dataOf<Reply>(wrongPassword)).error?.currentPassword).toEqual([
      "profile:errors.currentPasswordWrong",
    ]);
    expect(await whoami(member.token)).not.toBeNull();

    const done = await post(member, { intent: "delete", email: member.email, currentPassword: PASSWORD });
    expect(statusOf(done)).toBe(303);
    expect(headerOf(done, "Location")).toBe("/home");
    expect(setCookie(done, "token")).toMatch(/Max-Age=0/i);

    expect(await identity().findIdByEmail(member.email)).toBeNull();
    expect(await db().select().from(appUsers).where(eq(appUsers.id, member.memberId))).toEqual([]);
    expect(await db().select().from(mainGoals).where(eq(mainGoals.memberId, member.memberId))).toEqual([]);
    expect(await db().select().from(mailOutbox).where(eq(mailOutbox.to, member.email))).toEqual([]);
    expect(await whoami(member.token)).toBeNull();
    // The other member is untouched.
    expect(await whoami(other.token)).not.toBeNull();
  });
});
