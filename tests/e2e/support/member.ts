import {
  type APIRequestContext,
  type APIResponse,
  type Browser,
  type BrowserContextOptions,
  expect,
  type Page,
  type PlaywrightWorkerArgs,
} from "@playwright/test";
import { test as base } from "./test";
import { waitForMail } from "./mailbox";

type StorageState = Awaited<ReturnType<APIRequestContext["storageState"]>>;

export type Member = { email: string; password: string; firstName: string; storageState: StorageState };

/**
 * A registered member with a verified address, signed in: one per worker, made the way a visitor
 * does it without JavaScript (the registration form's two steps, the code from the real email,
 * the verification form), over HTTP so that it costs no browser time.
 */
export async function registerMember(api: APIRequestContext, email: string): Promise<Member> {
  const member = { email, password: "Bon-vent-2024!", firstName: "Marie" };

  const first = await api.post("/home/register", {
    form: {
      intent: "next",
      firstName: member.firstName,
      lastName: "Testeuse",
      birthDate: "1990-05-17",
      gender: "female",
      userType: "adventurer",
    },
  });
  await expectOk(first, "registration, first step");
  expect(new URL(first.url()).searchParams.get("step"), "registration, first step").toBe("second");

  const second = await api.post("/home/register", {
    form: {
      intent: "register",
      email,
      mobileCountryCode: "33",
      password: member.password,
      confirmPassword: member.password,
      userType: "adventurer",
    },
  });
  await expectOk(second, "registration, second step");
  expect(new URL(second.url()).pathname, "a new member is sent to verify the address").toBe("/account_verification");

  const mail = await waitForMail(email, /code de confirmation|confirmation code/i);
  const code = /^\s*(\d{6})\s*$/m.exec(mail.text)?.[1];
  expect(code, `a 6-digit code in the verification email:\n${mail.text}`).toBeTruthy();

  const verified = await api.post("/account_verification", { form: { intent: "verify", code: code! } });
  await expectOk(verified, "verification");

  const home = await api.get("/");
  expect(new URL(home.url()).pathname, "a verified member reaches /").toBe("/");
  expect(home.status()).toBe(200);

  return { ...member, storageState: await api.storageState() };
}

/** French, as the journeys' pages are written: the language every context here asks for. */
const FRENCH = { "Accept-Language": "fr-FR,fr;q=0.9" };

/**
 * A request context of its own, with no cookies: one made in a test would otherwise start from the
 * test's storage state (the page member's session).
 */
export function requestContextOf(
  playwright: PlaywrightWorkerArgs["playwright"],
  baseURL = base.info().project.use.baseURL,
) {
  return playwright.request.newContext({
    storageState: { cookies: [], origins: [] },
    baseURL,
    extraHTTPHeaders: FRENCH,
  });
}

/**
 * Another member than the test's own, registered on a request context of their own (one made in a
 * test would carry the page member's cookies).
 */
export async function registerAnotherMember(
  playwright: PlaywrightWorkerArgs["playwright"],
  email: string,
): Promise<Member> {
  const api = await requestContextOf(playwright);
  try {
    return await registerMember(api, email);
  } finally {
    await api.dispose();
  }
}

/**
 * A browser of `member`'s own, signed in (null: a visitor's, signed in as nobody), in French, with
 * JavaScript as the project runs it.
 */
export function browserOf(browser: Browser, member: Member | null, options: BrowserContextOptions = {}) {
  return browser.newContext({
    // The runner's defaults would carry the page member's session into this context too.
    storageState: member?.storageState ?? { cookies: [], origins: [] },
    javaScriptEnabled: base.info().project.use.javaScriptEnabled !== false,
    locale: "fr-FR",
    extraHTTPHeaders: FRENCH,
    ...options,
  });
}

/** A visitor's page (no session), in a browser context of its own: close it with `page.context().close()`. */
export async function visitorPage(browser: Browser): Promise<Page> {
  return (await browserOf(browser, null)).newPage();
}

async function expectOk(response: APIResponse, step: string) {
  if (response.ok()) return;
  const body = (await response.text()).replace(/\s+/g, " ").slice(0, 600);
  throw new Error(`${step}: HTTP ${response.status()} at ${response.url()}\n${body}`);
}

/** `test` whose pages belong to a signed-in, verified member (one member per worker). */
export const signedInTest = base.extend<object, { member: Member }>({
  member: [
    async ({ playwright }, use, workerInfo) => {
      const api = await requestContextOf(playwright, workerInfo.project.use.baseURL);
      try {
        const email = `e2e-${workerInfo.project.name}-${workerInfo.workerIndex}-${Date.now()}@cap.test`;
        await use(await registerMember(api, email));
      } finally {
        await api.dispose();
      }
    },
    { scope: "worker", timeout: 60_000 },
  ],
  storageState: async ({ member }, use) => use(member.storageState),
});

/** `test` whose page belongs to a member of its own, new for each test (for journeys that change progress). */
export const newMemberTest = base.extend<{ member: Member }>({
  member: [
    async ({ playwright }, use, testInfo) => {
      const api = await requestContextOf(playwright, testInfo.project.use.baseURL);
      try {
        const email = `e2e-${testInfo.project.name}-${testInfo.workerIndex}-${testInfo.testId}-${Date.now()}@cap.test`;
        await use(await registerMember(api, email));
      } finally {
        await api.dispose();
      }
    },
    { timeout: 60_000 },
  ],
  storageState: async ({ member }, use) => use(member.storageState),
});

/** Signs in on the sign-in form (/home/login) of `page`, as `who`, and sends it. */
export async function signInOnForm(page: Page, who: { email: string; password: string }) {
  await page.goto("/home/login");
  await page.getByLabel("Adresse e-mail").fill(who.email);
  await page.getByLabel("Mot de passe").fill(who.password);
  await page.getByRole("button", { name: "Se connecter" }).click();
}
