import { expect, type APIRequestContext } from "@playwright/test";
import { totpCode } from "../../app/.server/secrets/totp.server";
import { openMemberFile } from "./support/admin-pages";
import { checkPage } from "./support/check-page";
import { signInOnForm } from "./support/member";
import { grantRole, othersTest as test } from "./support/roles";

/**
 * Issue 25 item 5, the operator's side, with JavaScript on and off: a member who lost their app and
 * recovery codes is let back in by an admin, who opens their page, gives the reason and confirms;
 * the member then signs in with the password alone.
 */
// A member beside the admin, an app and a visitor, and `npm run roles`.
test.describe.configure({ timeout: 180_000 });

/** Turns two-step sign-in on for the member through the JSON API, as an app would (a bearer token, no cookie). */
async function turnOnTwoFactor(api: APIRequestContext, email: string, password: string) {
  const login = await api.post("/api/dashboard/login", { data: { email, password } });
  expect(login.status()).toBe(200);
  const headers = { Authorization: `Bearer ${await login.json()}` };
  const setup = await api.post("/api/profile/two-factor/setup", { headers, data: { current_password: password } });
  expect(setup.status()).toBe(200);
  const { flow_id, secret } = await setup.json();
  const confirm = await api.post("/api/profile/two-factor/confirm", {
    headers,
    data: { flow_id, code: totpCode(secret) },
  });
  expect(confirm.status()).toBe(200);
}

test("an admin turns off a member's two-step sign-in; the member signs in with the password alone", async ({
  page,
  member,
  others,
}) => {
  const target = await others.registered("lost-phone");
  await turnOnTwoFactor(await others.api(), target.email, target.password);
  await grantRole(member.email, "admin");

  await page.goto(`/admin/members?q=${encodeURIComponent(target.email)}`);
  await openMemberFile(page, target.email);
  const section = page.getByRole("region", { name: "Validation en deux étapes" });
  await expect(section.getByText("Activée", { exact: true })).toBeVisible();

  await section.getByLabel(/J’ai vérifié l’identité/).check();
  await section.getByLabel("Motif").fill("Rappelée au numéro du compte ; pièce d’identité vue en visio.");
  await checkPage(page, "admin-member-two-factor");
  await section.getByRole("button", { name: "Désactiver la validation en deux étapes" }).click();
  await expect(page.getByText("La validation en deux étapes du membre est désactivée", { exact: false })).toBeVisible();
  await expect(section.getByText("Désactivée", { exact: true })).toBeVisible();
  await checkPage(page, "admin-member-two-factor-off");

  // The member signs in with the password alone: no second step.
  const visitor = await others.visitor();
  await signInOnForm(visitor, target);
  await expect(visitor).toHaveURL(/\/$/);

  await page.getByRole("link", { name: "Son historique dans le journal" }).click();
  await expect(page.getByRole("cell", { name: "Validation en deux étapes désactivée" }).first()).toBeVisible();
});
