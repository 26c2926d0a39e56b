import { describe, expect, it } from "vitest";
import { REGISTRATIONS_PER_INBOX_PER_DAY, REGISTRATIONS_PER_IP_PER_HOUR } from "~/.server/accounts/registration.server";
import { VERIFICATION_RESENDS_PER_INBOX_PER_DAY } from "~/.server/accounts/verification.server";
import { db } from "~/.server/db/client.server";
import { appUsers, mailOutbox, rateLimitEvents, registrationDrafts } from "~/.server/db/schema.server";
import { identity } from "~/.server/identity/identity-service.server";
import { translator } from "~/.server/i18n/i18n.server";
import { whoami } from "~/.server/accounts/members.server";
import { action as verificationAction } from "~/routes/_home.account_verification";
import Register, { action, loader } from "~/routes/_home.home.register/route";
import {
  authText,
  codeIn,
  cookiePair,
  firstStep,
  linkIn,
  mailsTo,
  PASSWORD,
  registerMember,
  renderPage,
  secondStep,
  setCookie,
  tokenOf,
} from "../support/accounts";
import { endpointAt } from "../support/endpoints";
import { answerOf, buildRequest, callWith, dataOf, headerOf, statusOf } from "../support/http";
import { identityCount, sessionCount } from "../support/identity-backend";
import { checkedJson } from "../support/openapi";

type Reply = { status: string; initialValue?: Record<string, unknown>; error?: Record<string, string[] | null> };
type LoaderData = { title: string; step: "first" | "second"; draft: Record<string, string | undefined> };

const ENGLISH = { "Accept-Language": "en-GB,en;q=0.9" };

function post(
  form: Record<string, string>,
  options: { cookie?: string; headers?: Record<string, string>; query?: string } = {},
) {
  return callWith(
    action,
    buildRequest(`/home/register${options.query ?? ""}`, { form, cookie: options.cookie, headers: options.headers }),
  );
}

async function load(path = "/home/register", cookie?: string, headers?: Record<string, string>) {
  return dataOf<LoaderData>(await callWith(loader, buildRequest(path, { cookie, headers })));
}

/** Submits step one, answers the draft cookie. */
async function stepOne(overrides: Parameters<typeof firstStep>[0] = {}) {
  const answer = await post(firstStep(overrides));
  expect(statusOf(answer)).toBe(302);
  return cookiePair(answer, "register_draft");
}

/** Twelve years and a bit ago: always under 13 whatever today is. */
function twelveYearsOld() {
  return `${new Date().getUTCFullYear() - 12}-01-01`;
}

async function count(table: typeof appUsers | typeof registrationDrafts | typeof mailOutbox) {
  return (await db().select().from(table)).length;
}

// SPEC §5, word for word.
const SPEC_FR = {
  "errors.firstNameRequired": "Veuillez saisir votre prénom.",
  "errors.lastNameRequired": "Veuillez saisir votre nom.",
  "errors.birthDateRequired": "Date d’anniversaire requis",
  "errors.tooYoung": "Vous devez avoir au moins 13 ans.",
  "errors.genderRequired": "Genre requis.",
  "errors.emailRequired": "Veuillez saisir votre email",
  "errors.emailInvalid": "Adresse e-mail invalide.",
  "errors.passwordRequired": "Veuillez saisir votre mot de passe",
  "errors.passwordTooShort": "Le mot de passe doit comporter au moins 8 caractères.",
};
const EN = {
  "errors.firstNameRequired": "Please enter your first name.",
  "errors.lastNameRequired": "Please enter your last name.",
  "errors.birthDateRequired": "Birth date required",
  "errors.tooYoung": "You must be at least 13 years old.",
  "errors.genderRequired": "Gender required.",
  "errors.emailRequired": "Please enter your email",
  "errors.emailInvalid": "Invalid email address.",
  "errors.passwordRequired": "Please enter your password",
  "errors.passwordTooShort": "The password must have at least 8 characters.",
};

/** Every refused field of SPEC §5: [which step's form, what is sent, the field, the message key]. */
const refusals: [string, Record<string, string>, string, keyof typeof SPEC_FR][] = [
  ["first name empty", firstStep({ firstName: "  " }), "firstName", "errors.firstNameRequired"],
  ["last name empty", firstStep({ lastName: "" }), "lastName", "errors.lastNameRequired"],
  ["birth date empty", firstStep({ birthDate: "" }), "birthDate", "errors.birthDateRequired"],
  ["younger than 13", firstStep({ birthDate: twelveYearsOld() }), "birthDate", "errors.tooYoung"],
  ["no gender", (({ gender: _, ...rest }) => rest)(firstStep()), "gender", "errors.genderRequired"],
  ["email empty", secondStep({ email: "" }), "email", "errors.emailRequired"],
  ["email invalid", secondStep({ email: "marie@" }), "email", "errors.emailInvalid"],
  ["password empty", secondStep({ password: "", confirmPassword: "" }), "password", "errors.passwordRequired"],
  [
    "password of 7 characters",
    secondStep({ password: "abcdefg", confirmPassword: "abcdefg" }),
    "password",
    "errors.passwordTooShort",
  ],
];

describe("registration: SPEC §5 messages", () => {
  it("refuses each invalid field with SPEC §5's French message", async () => {
    const draft = await stepOne();
    for (const [, form, field, key] of refusals) {
      const answer = await post(form, { cookie: draft });
      expect(statusOf(answer), field).toBe(400);
      const reply = await dataOf<Reply>(answer);
      expect(reply.error?.[field], field).toEqual([key]);
      expect(authText("fr", key)).toBe(SPEC_FR[key]);
      expect((await translator(buildRequest("/home/register"), "auth"))(key)).toBe(SPEC_FR[key]);
    }
    expect(await count(appUsers)).toBe(0);
  });

  it("answers the same refusals in English to a visitor whose browser asks for English", async () => {
    const draft = await stepOne();
    for (const [, form, field, key] of refusals) {
      const request = buildRequest("/home/register", { form, cookie: draft, headers: ENGLISH });
      const answer = await callWith(action, request);
      expect((await dataOf<Reply>(answer)).error?.[field], field).toEqual([key]);
      expect((await translator(request, "auth"))(key)).toBe(EN[key]);
      expect(authText("en", key)).toBe(EN[key]);
    }
  });

  it("shows the messages on the page a browser without JavaScript gets back, in French or English", async () => {
    const empty = await post({ intent: "next" });
    const loaderData = await load();
    const french = await renderPage(Register, { path: "/home/register", loaderData, actionData: await dataOf(empty) });
    for (const key of [
      "errors.firstNameRequired",
      "errors.lastNameRequired",
      "errors.birthDateRequired",
      "errors.genderRequired",
    ] as const) {
      expect(french).toContain(SPEC_FR[key]);
    }
    const tooYoung = await post(firstStep({ birthDate: twelveYearsOld() }), { headers: ENGLISH });
    const english = await renderPage(Register, {
      path: "/home/register",
      lang: "en",
      loaderData: await load("/home/register", undefined, ENGLISH),
      actionData: await dataOf(tooYoung),
    });
    expect(english).toContain("You must be at least 13 years old.");
    expect(english).toContain("Create my account");

    const draft = await stepOne();
    const second = await load("/home/register?step=second", draft);
    const badEmail = await post(secondStep({ email: "marie@", password: "abc", confirmPassword: "abc" }), {
      cookie: draft,
    });
    const page = await renderPage(Register, {
      path: "/home/register?step=second",
      loaderData: second,
      actionData: await dataOf(badEmail),
    });
    expect(page).toContain("Adresse e-mail invalide.");
    expect(page).toContain("Le mot de passe doit comporter au moins 8 caractères.");
  });

  it("a step posted with its fields missing is refused with a general message, shown whichever step the page is at", async () => {
    const draft = await stepOne();
    const before = await db().select().from(registrationDrafts);
    // A post of the second step to the address of the first: the page shows step one.
    const answer = await post({ intent: "register" }, { cookie: draft });
    expect(statusOf(answer)).toBe(400);
    const reply = await dataOf<Reply>(answer);
    expect(reply.error?.[""]).toEqual(["errors.checkFields"]);
    expect(reply.error?.email).toEqual(["errors.emailRequired"]);
    const shown = await load("/home/register", draft);
    expect(shown.step).toBe("first");
    const page = await renderPage(Register, { path: "/home/register", loaderData: shown, actionData: reply });
    expect(page).toMatch(/role="alert">Vérifiez les champs signalés\.</);
    expect(await count(appUsers)).toBe(0);
    expect((await db().select().from(registrationDrafts)).map((row) => row.data)).toEqual(
      before.map((row) => row.data),
    );

    const empty = await post({ intent: "next" });
    expect(statusOf(empty)).toBe(400);
    expect((await dataOf<Reply>(empty)).error?.[""]).toEqual(["errors.checkFields"]);
  });

  it("accepts a member who turns 13 today", async () => {
    const today = new Date();
    const birthday = `${today.getUTCFullYear() - 13}-${String(today.getUTCMonth() + 1).padStart(2, "0")}-${String(today.getUTCDate()).padStart(2, "0")}`;
    // 29 February has no anniversary in most years: the check is the other dates' business.
    if (birthday.endsWith("-02-29")) return;
    const answer = await post(firstStep({ birthDate: birthday }));
    expect(statusOf(answer)).toBe(302);
  });
});

describe("registration: two steps and the draft", () => {
  it("starts at step first, and a bookmark to ?step=second without a draft starts over", async () => {
    expect((await load()).step).toBe("first");
    expect((await load("/home/register?step=second")).step).toBe("first");
  });

  it("'next' with a valid first step goes to ?step=second and keeps the draft in a cookie", async () => {
    const answer = await post(firstStep({ firstName: "Léa", gender: "other" }));
    expect(statusOf(answer)).toBe(302);
    expect(headerOf(answer, "Location")).toBe("/home/register?step=second");
    const cookie = setCookie(answer, "register_draft") ?? "";
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);

    const restored = await load("/home/register?step=second", cookiePair(answer, "register_draft"));
    expect(restored.step).toBe("second");
    expect(restored.draft).toMatchObject({
      firstName: "Léa",
      lastName: "Curie",
      birthDate: "1990-05-14",
      gender: "other",
    });
  });

  it("'back' keeps what was typed on step two, but never the password", async () => {
    const draft = await stepOne();
    const answer = await post(
      secondStep({
        intent: "back",
        email: "lea@example.com",
        mobile: "612345678",
        password: "SecretTyped1",
        confirmPassword: "SecretTyped1",
      }),
      { cookie: draft },
    );
    expect(statusOf(answer)).toBe(302);
    expect(headerOf(answer, "Location")).toBe("/home/register?step=first");
    const back = await load("/home/register?step=first", cookiePair(answer, "register_draft"));
    expect(back.step).toBe("first");
    expect(back.draft).toMatchObject({ firstName: "Marie", email: "lea@example.com", mobile: "612345678" });
    expect(JSON.stringify(back.draft)).not.toContain("SecretTyped1");
    const rows = await db().select().from(registrationDrafts);
    expect(rows).toHaveLength(1);
    expect(JSON.stringify(rows)).not.toContain("SecretTyped1");
    expect(Object.keys(rows[0].data)).not.toContain("password");
    expect(Object.keys(rows[0].data)).not.toContain("confirmPassword");
  });

  it("a refused account keeps the typing but never sends the password back", async () => {
    const draft = await stepOne();
    const answer = await post(
      secondStep({ email: "lea@example.com", password: "SecretTyped1", confirmPassword: "Different1" }),
      { cookie: draft },
    );
    expect(statusOf(answer)).toBe(400);
    const reply = await dataOf<Reply>(answer);
    expect(reply.error?.confirmPassword).toEqual(["errors.passwordsDiffer"]);
    expect(reply.initialValue?.email).toBe("lea@example.com");
    expect(JSON.stringify(reply)).not.toContain("SecretTyped1");
    expect(JSON.stringify(await db().select().from(registrationDrafts))).not.toContain("SecretTyped1");
  });

  it("'register' without a finished first step goes back to step first", async () => {
    const answer = await post(secondStep());
    expect(statusOf(answer)).toBe(302);
    expect(headerOf(answer, "Location")).toBe("/home/register?step=first");
    expect(await count(appUsers)).toBe(0);
  });
});

describe("registration: defaults", () => {
  it("the form a browser without JavaScript gets has gender female and country code 33 preselected", async () => {
    const first = await renderPage(Register, { path: "/home/register", loaderData: await load() });
    const radios = first.match(/<input[^>]*name="gender"[^>]*>/g) ?? [];
    expect(radios).toHaveLength(3);
    expect(
      radios.filter((radio) => /\schecked(=""|\s|\/|>)/.test(radio)).map((radio) => radio.match(/value="(\w+)"/)?.[1]),
    ).toEqual(["female"]);
    expect(first).toMatch(/name="userType"[^>]*value="adventurer"/);

    const draft = await stepOne();
    const second = await renderPage(Register, {
      path: "/home/register?step=second",
      loaderData: await load("/home/register?step=second", draft),
    });
    expect(second).toMatch(/name="mobileCountryCode"[^>]*value="33"/);
    expect(second).not.toContain(PASSWORD);
  });

  it("user_type is adventurer by default, or who-are-you's choice carried through both steps", async () => {
    expect((await load()).draft.userType).toBe("adventurer");
    expect((await load("/home/register?user_type=pirate")).draft.userType).toBe("adventurer");

    // who-are-you sends a GET to /home/register?user_type=captain; the hidden field carries it.
    const arriving = await load("/home/register?user_type=captain");
    expect(arriving.draft.userType).toBe("captain");
    const next = await post(firstStep({ userType: arriving.draft.userType! }));
    const draft = cookiePair(next, "register_draft");
    const second = await load("/home/register?step=second", draft);
    expect(second.draft.userType).toBe("captain");
    const done = await post(secondStep({ userType: second.draft.userType! }), { cookie: draft });
    expect(headerOf(done, "Location")).toBe("/trainings");
    const [row] = await db().select().from(appUsers);
    expect(row.userType).toBe("captain");
  });

  it("a mobile number gets +33 when the country code is left as is, without the national trunk 0, another code when one is typed", async () => {
    await registerMember({ email: "fr@example.com", second: { mobile: "06 12 34 56 78" } });
    await registerMember({ email: "uk@example.com", second: { mobileCountryCode: "+44", mobile: "7700900123" } });
    await registerMember({ email: "none@example.com" });
    const rows = await db()
      .select({ mobile: appUsers.mobile, lang: appUsers.lang, gender: appUsers.gender })
      .from(appUsers);
    expect(rows.map((row) => row.mobile).sort()).toEqual(["+33 612345678", "+44 7700900123", null].sort());
  });

  it("a visitor registering on English pages reads Cap in English, mails included; on French pages, in French", async () => {
    // SPEC §3 fixes the payload's lang at fr: the form sends none, and the pages' language decides.
    const next = await post(firstStep(), { headers: ENGLISH });
    await post(secondStep(), { cookie: cookiePair(next, "register_draft"), headers: ENGLISH });
    const [row] = await db().select().from(appUsers);
    expect(row.lang).toBe("en");
    const [mail] = await mailsTo("marie@example.com");
    expect(mail.subject).toBe("Your Cap confirmation code");
    const french = await registerMember({ email: "lea@example.com" });
    expect((await mailsTo(french.email))[0].subject).toBe("Votre code de confirmation Cap");
  });
});

describe("registration: success", () => {
  it("creates the member, signs them in with an HttpOnly SameSite=Lax token cookie and goes to /trainings", async () => {
    const draft = await stepOne({ firstName: "Léa", lastName: "Martin", birthDate: "2001-02-03", gender: "male" });
    const answer = await post(secondStep({ email: " Lea.Martin@Example.com ", mobile: "612345678" }), {
      cookie: draft,
    });

    expect(statusOf(answer)).toBe(302);
    expect(headerOf(answer, "Location")).toBe("/trainings");
    const token = setCookie(answer, "token") ?? "";
    expect(token).toMatch(/HttpOnly/i);
    expect(token).toMatch(/SameSite=Lax/i);
    expect(token).toMatch(/Path=\//);
    // The draft is gone: its cookie is cleared and its row deleted.
    expect(setCookie(answer, "register_draft")).toMatch(/Max-Age=0|Expires=Thu, 01 Jan 1970/);
    expect(await count(registrationDrafts)).toBe(0);

    const [row] = await db().select().from(appUsers);
    expect(row).toMatchObject({
      firstname: "Léa",
      lastname: "Martin",
      birthDate: "2001-02-03",
      gender: "male",
      mobile: "+33 612345678",
      lang: "fr",
      userType: "adventurer",
      invitedBy: null,
    });
    const signedIn = await whoami(await tokenOf(cookiePair(answer, "token")));
    expect(signedIn?.member.id).toBe(row.id);
    expect(signedIn?.identity.traits.email).toBe("lea.martin@example.com");
    expect(signedIn?.identity.verifiable_addresses[0]).toMatchObject({
      value: "lea.martin@example.com",
      verified: false,
      status: "sent",
    });
  });

  it("queues the verification email with a 6-digit code and a one-click link", async () => {
    const member = await registerMember({ first: { firstName: "Léa" } });
    const mails = await mailsTo(member.email);
    expect(mails).toHaveLength(1);
    const [mail] = mails;
    expect(mail.subject).toBe("Votre code de confirmation Cap");
    expect(mail.status).toBe("pending");
    expect(mail.text).toMatch(/^Bonjour Léa,/);
    expect(codeIn(mail)).toMatch(/^\d{6}$/);
    expect(linkIn(mail, "/account_verification")).toMatch(
      /^\/account_verification\?code_id=[0-9a-f-]{36}&token=[\w-]+$/,
    );
  });

  it("a taken email (whatever its case) is a field error, 409, and creates nothing", async () => {
    const first = await registerMember({ email: "marie@example.com" });
    const before = {
      users: await count(appUsers),
      identities: await identityCount(),
      sessions: await sessionCount(first.identityId),
      mails: await count(mailOutbox),
    };

    const draft = await stepOne({ firstName: "Autre" });
    const answer = await post(
      secondStep({ email: "MARIE@example.com", password: "AnotherPass1", confirmPassword: "AnotherPass1" }),
      { cookie: draft },
    );
    expect(statusOf(answer)).toBe(409);
    const reply = await dataOf<Reply>(answer);
    expect(reply.error?.email).toEqual(["errors.emailTaken"]);
    expect(reply.initialValue?.email).toBe("MARIE@example.com");
    expect(JSON.stringify(reply)).not.toContain("AnotherPass1");
    expect(setCookie(answer, "token")).toBeUndefined();
    expect({
      users: await count(appUsers),
      identities: await identityCount(),
      sessions: await sessionCount(first.identityId),
      mails: await count(mailOutbox),
    }).toEqual(before);
  });

  it("invited_id of an existing member links invited_by; an unknown or malformed one is ignored", async () => {
    const host = await registerMember({ email: "host@example.com" });

    // The invitation link: /home/register?invited_id=…, carried by the form and the redirects.
    const arriving = await load(`/home/register?invited_id=${host.memberId}`);
    expect(arriving.draft.invitedId).toBe(host.memberId);
    const next = await post(firstStep({ invitedId: host.memberId }));
    expect(headerOf(next, "Location")).toBe(`/home/register?step=second&invited_id=${host.memberId}`);
    const draft = cookiePair(next, "register_draft");
    const second = await load(`/home/register?step=second&invited_id=${host.memberId}`, draft);
    expect(second.draft.invitedId).toBe(host.memberId);
    await post(secondStep({ email: "guest@example.com", invitedId: second.draft.invitedId! }), { cookie: draft });

    await registerMember({
      email: "stranger@example.com",
      first: { invitedId: "00000000-0000-4000-8000-000000000000" },
    });
    await registerMember({ email: "garbage@example.com", first: { invitedId: "not-a-member'--" } });

    const rows = await db()
      .select({ id: appUsers.id, invitedBy: appUsers.invitedBy, identityId: appUsers.identityId })
      .from(appUsers);
    expect(rows).toHaveLength(4);
    const byEmail = async (email: string) => {
      const id = await identity().findIdByEmail(email);
      return rows.find((row) => row.identityId === id)!;
    };
    expect((await byEmail("guest@example.com")).invitedBy).toBe(host.memberId);
    expect((await byEmail("stranger@example.com")).invitedBy).toBeNull();
    expect((await byEmail("garbage@example.com")).invitedBy).toBeNull();
    expect((await byEmail("host@example.com")).invitedBy).toBeNull();
  });

  it("a signed-in member posting the form again is sent away and creates nothing", async () => {
    const member = await registerMember();
    const answer = await post(firstStep(), { cookie: member.cookie });
    expect(headerOf(answer, "Location")).toBe("/account_verification");
    expect(await count(appUsers)).toBe(1);
    expect(await sessionCount(member.identityId)).toBe(1);
  });
});

/**
 * Issue 25 item 3: registrations are bounded per inbox (sub-addresses and case folded, so
 * `x+1@`, `x+2@`, … cannot mail one inbox a hundred times) and per client address; the slots
 * are taken atomically before the identity is created.
 */
describe("registration quotas", () => {
  /** Both steps of the form, as a browser without JavaScript posts them, from client address `ip`. */
  async function registerFrom(email: string, ip: string) {
    const context = { clientIp: ip };
    const next = await callWith(action, buildRequest("/home/register", { form: firstStep() }), { context });
    const cookie = cookiePair(next, "register_draft");
    const form = secondStep({ email });
    return callWith(action, buildRequest("/home/register", { form, cookie }), { context });
  }

  async function mailsToInbox(local: string) {
    const rows = await db().select({ to: mailOutbox.to }).from(mailOutbox);
    return rows.filter((row) => row.to.startsWith(local) && row.to.endsWith("@example.com")).length;
  }

  it(`registers one inbox at most ${REGISTRATIONS_PER_INBOX_PER_DAY} times a day, however its address is spelled, even all at once`, async () => {
    const variants = ["flood+1@example.com", "Flood+2@example.com", "FLOOD@example.com", "flood+4@Example.com"];
    // From as many client addresses: only the inbox's own quota can refuse.
    const answers = await Promise.all(
      [...variants, "flood+5@example.com", "flood+6@example.com"].map((email, i) =>
        registerFrom(email, `192.0.2.${i + 1}`),
      ),
    );
    const statuses = answers.map(statusOf);
    expect(statuses.filter((status) => status === 302)).toHaveLength(REGISTRATIONS_PER_INBOX_PER_DAY);
    expect(statuses.filter((status) => status === 429)).toHaveLength(6 - REGISTRATIONS_PER_INBOX_PER_DAY);
    expect(await identityCount()).toBe(REGISTRATIONS_PER_INBOX_PER_DAY);
    expect(await mailsToInbox("flood")).toBe(REGISTRATIONS_PER_INBOX_PER_DAY);
    const refused = await dataOf<Reply>(answers[statuses.indexOf(429)]);
    expect(refused.error?.email).toEqual(["errors.tooManyRegistrationsForAddress"]);
    // The address typed stays in the form; the passwords do not.
    expect(refused.initialValue?.email).toMatch(/^flood/i);
    expect(refused.initialValue?.password).toBeUndefined();
    // The page without JavaScript shows the message under the address.
    const second = await load("/home/register?step=second", await stepOne());
    const page = await renderPage(Register, {
      path: "/home/register?step=second",
      loaderData: second,
      actionData: refused,
    });
    expect(page).toContain(authText("fr", "errors.tooManyRegistrationsForAddress"));
    expect(authText("fr", "errors.tooManyRegistrationsForAddress")).toMatch(/demain/);
    // Another inbox registers as before.
    expect(statusOf(await registerFrom("someone@example.com", "192.0.2.1"))).toBe(302);
  });

  it(`resends at most ${VERIFICATION_RESENDS_PER_INBOX_PER_DAY} verification codes a day to one inbox, whichever of its accounts asks`, async () => {
    const first = await registerMember({ email: "resend+1@example.com" });
    const second = await registerMember({ email: "Resend+2@example.com" });
    // The day's resends to this inbox so far, all but the last.
    await db()
      .insert(rateLimitEvents)
      .values(
        Array.from({ length: VERIFICATION_RESENDS_PER_INBOX_PER_DAY - 1 }, () => ({
          bucket: "verification-inbox",
          key: "resend@example.com",
        })),
      );
    const resend = (member: { cookie: string }) =>
      callWith(
        verificationAction,
        buildRequest("/account_verification", { form: { intent: "resend" }, cookie: member.cookie }),
      );
    const before = await mailsToInbox("resend");
    expect(statusOf(await resend(first))).toBe(200);
    // The other account has its own three a quarter of an hour, but the inbox has had its day's.
    const refused = await resend(second);
    expect(statusOf(refused)).toBe(429);
    expect(await dataOf(refused)).toEqual({ resent: false, resendRefused: "tooManyCodeRequests" });
    expect(await mailsToInbox("resend")).toBe(before + 1);
  });

  it("a refused registration (address taken) takes no slot: the owner can still register a fresh account later", async () => {
    expect(statusOf(await registerFrom("taken@example.com", "192.0.2.1"))).toBe(302);
    for (let i = 0; i < REGISTRATIONS_PER_INBOX_PER_DAY + 1; i += 1)
      expect(statusOf(await registerFrom("taken@example.com", "192.0.2.1"))).toBe(409);
    expect(statusOf(await registerFrom("taken+2@example.com", "192.0.2.1"))).toBe(302);
  });

  it(`registers at most ${REGISTRATIONS_PER_IP_PER_HOUR} accounts an hour from one client address, with a translated message`, async () => {
    // The hour's registrations from this address so far, all but the last slot.
    await db()
      .insert(rateLimitEvents)
      .values(
        Array.from({ length: REGISTRATIONS_PER_IP_PER_HOUR - 1 }, () => ({
          bucket: "registration-ip",
          key: "198.51.100.9",
        })),
      );
    expect(statusOf(await registerFrom("first@example.com", "198.51.100.9"))).toBe(302);
    const refused = await registerFrom("second@example.com", "198.51.100.9");
    expect(statusOf(refused)).toBe(429);
    expect((await dataOf<Reply>(refused)).error?.[""]).toEqual(["errors.tooManyRegistrationsFromHere"]);
    expect(await identity().findIdByEmail("second@example.com")).toBeNull();
    const t = await translator("fr", "auth");
    expect(t("errors.tooManyRegistrationsFromHere")).not.toBe("errors.tooManyRegistrationsFromHere");
    expect((await translator("en", "auth"))("errors.tooManyRegistrationsForAddress")).toMatch(/address/i);
    // Another client address is not concerned.
    expect(statusOf(await registerFrom("second@example.com", "198.51.100.10"))).toBe(302);
  });

  it("the API refuses with 429, Retry-After and the message in the caller's language", async () => {
    const register = endpointAt("/api/dashboard/register").action;
    const user = (email: string) => ({
      firstname: "Ana",
      lastname: "Barros",
      birth_date: "1990-02-03",
      email,
      password: "correct horse",
    });
    const statuses: number[] = [];
    let last: Response | null = null;
    for (let i = 0; i <= REGISTRATIONS_PER_INBOX_PER_DAY; i += 1) {
      const request = buildRequest("/api/dashboard/register", {
        json: { user: user(`ana+${i}@example.com`) },
        headers: ENGLISH,
      });
      last = await answerOf(register({ request, params: {}, context: { clientIp: "203.0.113.7" } }));
      statuses.push(last.status);
    }
    expect(statuses).toEqual([...Array(REGISTRATIONS_PER_INBOX_PER_DAY).fill(201), 429]);
    expect(Number(last!.headers.get("Retry-After"))).toBeGreaterThan(0);
    const { errors } = await checkedJson<{ errors: Record<string, string[]> }>(
      last!,
      "/api/dashboard/register",
      "post",
    );
    expect(errors.email[0]).toMatch(/address/i);
  });
});
