import { asc, eq } from "drizzle-orm";
import { createElement, type ComponentType } from "react";
import { renderToString } from "react-dom/server";
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from "react-router-dom/server";
import { readToken, setTokenCookie } from "~/.server/auth/token-cookie.server";
import { db } from "~/.server/db/client.server";
import { languageCookie } from "~/.server/i18n/i18n.server";
import { appUsers, mailOutbox } from "~/.server/db/schema.server";
import { identity } from "~/.server/identity/identity-service.server";
import { I18nProvider } from "~/i18n/react";
import { createT } from "~/i18n/translate";
import { resources } from "~/locales/resources";
import { action as verificationAction } from "~/routes/_home.account_verification";
import { action as registerAction } from "~/routes/_home.home.register/route";
import { buildRequest, callWith, headerOf, statusOf } from "./http";

/**
 * Accounts test helpers: members registered and verified through the real actions (what a
 * browser without JavaScript posts), the mail they receive, and pages rendered as HTML.
 */

/** Every Set-Cookie header of an answer, whole (attributes included). */
export function setCookies(answer: unknown): string[] {
  if (answer instanceof Response) return answer.headers.getSetCookie();
  const init = (answer as { init?: ResponseInit | null } | null)?.init;
  return new Headers(init?.headers).getSetCookie();
}

/** The whole Set-Cookie header for cookie `name`, if the answer sets it. */
export function setCookie(answer: unknown, name: string): string | undefined {
  return setCookies(answer).find((cookie) => cookie.startsWith(`${name}=`));
}

/** "name=value" of cookie `name` as the answer sets it, ready for a Cookie header. */
export function cookiePair(answer: unknown, name: string): string {
  const whole = setCookie(answer, name);
  if (!whole) throw new Error(`the answer sets no ${name} cookie (status ${statusOf(answer)})`);
  return whole.split(";")[0];
}

/** A `token` cookie carrying `token`, as the app sets it. */
export async function tokenCookie(token: string): Promise<string> {
  return (await setTokenCookie(token)).split(";")[0];
}

/** "lng=…", the language cookie of `lang` as the language switch sets it, ready for a Cookie header. */
export async function languageCookiePair(lang: "fr" | "en"): Promise<string> {
  return (await languageCookie.serialize(lang)).split(";")[0];
}

/** The raw session token inside a `token=…` cookie pair (what a bearer header carries). */
export async function tokenOf(cookie: string): Promise<string> {
  const token = await readToken(buildRequest("/", { cookie }));
  if (!token) throw new Error("no token in the cookie");
  return token;
}

// --- Registration --------------------------------------------------------------------------------

export const PASSWORD = "Boussole-2024";

export type FirstStep = {
  firstName: string;
  lastName: string;
  birthDate: string;
  gender: string;
  userType: string;
  invitedId: string;
};

export function firstStep(overrides: Partial<FirstStep> = {}): Record<string, string> {
  return {
    intent: "next",
    firstName: "Marie",
    lastName: "Curie",
    birthDate: "1990-05-14",
    gender: "female",
    userType: "adventurer",
    invitedId: "",
    ...overrides,
  };
}

export function secondStep(overrides: Record<string, string> = {}): Record<string, string> {
  return {
    intent: "register",
    email: "marie@example.com",
    mobileCountryCode: "33",
    mobile: "",
    password: PASSWORD,
    confirmPassword: overrides.password ?? PASSWORD,
    userType: "adventurer",
    invitedId: "",
    ...overrides,
  };
}

export type TestMember = {
  email: string;
  password: string;
  /** "token=…", for the Cookie header. */
  cookie: string;
  /** The raw session token. */
  token: string;
  memberId: string;
  identityId: string;
};

/** Registers through both steps of /home/register and answers the signed-in (unverified) member. */
export async function registerMember(
  options: { email?: string; password?: string; first?: Partial<FirstStep>; second?: Record<string, string> } = {},
): Promise<TestMember> {
  const email = options.email ?? "marie@example.com";
  const password = options.password ?? PASSWORD;
  const next = await callWith(registerAction, buildRequest("/home/register", { form: firstStep(options.first) }));
  if (statusOf(next) !== 302) throw new Error(`step one refused (${statusOf(next)})`);
  const draft = cookiePair(next, "register_draft");
  // The second step's hidden fields carry what the first one had (the loader's draft).
  const carried = { userType: options.first?.userType ?? "adventurer", invitedId: options.first?.invitedId ?? "" };
  const form = secondStep({ email, password, confirmPassword: password, ...carried, ...options.second });
  const done = await callWith(registerAction, buildRequest("/home/register", { form, cookie: draft }));
  if (statusOf(done) !== 302 || headerOf(done, "Location") !== "/trainings")
    throw new Error(`registration refused (${statusOf(done)})`);
  const cookie = cookiePair(done, "token");
  // Through the identity port: the same helper serves the embedded store and Kratos.
  const identityId = await identity().findIdByEmail(email);
  if (!identityId) throw new Error(`no identity for ${email}`);
  const [row] = await db().select({ memberId: appUsers.id }).from(appUsers).where(eq(appUsers.identityId, identityId));
  return { email, password, cookie, token: await tokenOf(cookie), memberId: row.memberId, identityId };
}

/** Registers, then types the code of the verification email: a member who can use the app. */
export async function verifiedMember(options: Parameters<typeof registerMember>[0] = {}): Promise<TestMember> {
  const member = await registerMember(options);
  const code = codeIn(await lastMailTo(member.email));
  const answer = await callWith(
    verificationAction,
    buildRequest("/account_verification", { form: { intent: "verify", code }, cookie: member.cookie }),
  );
  if (statusOf(answer) !== 303) throw new Error(`verification refused (${statusOf(answer)})`);
  return member;
}

/** `verifiedMember` at `email`, named `name` ("Marie Curie": the first name, then the last). */
export function namedMember(email: string, name: string): Promise<TestMember> {
  const [firstName, ...last] = name.split(" ");
  return verifiedMember({ email, first: { firstName, lastName: last.join(" ") } });
}

// --- Mail ----------------------------------------------------------------------------------------

export type Mail = typeof mailOutbox.$inferSelect;

export function mailsTo(email: string): Promise<Mail[]> {
  return db()
    .select()
    .from(mailOutbox)
    .where(eq(mailOutbox.to, email.toLowerCase()))
    .orderBy(asc(mailOutbox.createdAt));
}

export async function lastMailTo(email: string): Promise<Mail> {
  const mails = await mailsTo(email);
  if (mails.length === 0) throw new Error(`no mail to ${email}`);
  return mails[mails.length - 1];
}

/** The 6-digit code of a verification or recovery email (alone on its line in the text part). */
export function codeIn(mail: Mail): string {
  const match = mail.text.match(/^(\d{6})$/m);
  if (!match) throw new Error(`no code in "${mail.subject}"`);
  return match[1];
}

/** The path and query of the first link of the email to `pathname`. */
export function linkIn(mail: Mail, pathname: string): string {
  const found = mail.text
    .match(/https?:\/\/\S+/g)
    ?.map((href) => new URL(href))
    .find((url) => url.pathname.startsWith(pathname));
  if (!found) throw new Error(`no ${pathname} link in "${mail.subject}"`);
  return found.pathname + found.search;
}

/** A 6-digit code that is not `code`. */
export function otherCode(code: string): string {
  return String((Number(code) + 1) % 1_000_000).padStart(6, "0");
}

// --- Words and pages -----------------------------------------------------------------------------

/** A key of the "auth" namespace in `lang`, as the pages show it. */
export function authText(lang: "fr" | "en", key: string): string {
  return createT(lang, "auth", resources[lang], resources.en)(key);
}

/**
 * The HTML a browser without JavaScript receives for a route component, given its loader's data
 * (and its action's answer, for the page shown after a refused POST).
 */
export async function renderPage(
  Component: ComponentType,
  options: { path: string; lang?: "fr" | "en"; loaderData: object; actionData?: object },
): Promise<string> {
  const lang = options.lang ?? "fr";
  const handler = createStaticHandler([
    { id: "page", path: "*", loader: () => options.loaderData, action: () => options.actionData ?? null, Component },
  ]);
  const method = options.actionData === undefined ? "GET" : "POST";
  const context = await handler.query(buildRequest(options.path, { method, form: method === "POST" ? {} : undefined }));
  if (context instanceof Response) throw new Error(`the page answered ${context.status}`);
  const router = createStaticRouter(handler.dataRoutes, context);
  const page = createElement(StaticRouterProvider, { router, context, hydrate: false });
  return renderToString(
    createElement(I18nProvider, {
      value: { language: lang, resources: resources[lang], fallback: resources.en },
      // biome-ignore lint/correctness/noChildrenProp: createElement's typing asks for children among the props here
      children: page,
    }),
  );
}
