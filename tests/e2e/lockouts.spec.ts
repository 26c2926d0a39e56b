import { expect } from "@playwright/test";
import { test } from "./support/test";
import { registerMember } from "./support/member";

/**
 * Issue 25, item 1, in a browser (JavaScript on and off): every browser here reaches the app from
 * 127.0.0.1, as behind a proxy without TRUST_PROXY. A stranger fills the address's limit for the
 * member's account (5 failures for one email from one address: the limit of the address, for this
 * account only, so that the suite's other sign-ins are not held back); the member's own browser,
 * which registered and so carries the account's device cookie, still signs in.
 */
test("a member's browser still signs in after a stranger at the same address filled its limit", async ({
  browser,
  page,
  playwright,
}, testInfo) => {
  const api = await playwright.request.newContext({ baseURL: testInfo.project.use.baseURL });
  const member = await registerMember(api, `lockout-${testInfo.project.name}-${Date.now()}@example.com`);
  await api.dispose();

  async function signIn(on: typeof page, password: string) {
    await on.goto("/home/login");
    await on.getByLabel("Adresse e-mail").fill(member.email);
    await on.getByLabel("Mot de passe").fill(password);
    await on.getByRole("button", { name: "Se connecter" }).click();
  }

  // The stranger: five wrong passwords, then even the right one is refused from this address.
  for (let attempt = 1; attempt <= 5; attempt++) {
    await signIn(page, `Mauvais-${attempt}-mot`);
    await expect(page.getByText("Adresse e-mail ou mot de passe incorrect.")).toBeVisible();
  }
  await signIn(page, member.password);
  await expect(page.getByText("Trop de tentatives de connexion.", { exact: false })).toBeVisible();

  // The member's browser, signed out (its session cookie gone, its device cookie kept).
  const own = await browser.newContext({ storageState: member.storageState });
  await own.clearCookies({ name: "token" });
  const ownPage = await own.newPage();
  await signIn(ownPage, member.password);
  await expect(ownPage).toHaveURL(/\/$/);
  await expect(ownPage.getByRole("heading", { level: 1 })).toHaveText("Vue d’ensemble");
  await own.close();
});
