import { readFile } from "node:fs/promises";
import { expect } from "@playwright/test";
import { checkPage } from "./support/check-page";
import { newMemberTest as test } from "./support/member";

/**
 * Issue 25 item 7, with JavaScript on and off: from the profile, download my data as a JSON file
 * (it names me) and open its readable copy, which a phone shows whole.
 */
test("download my data from the profile and read the copy", async ({ page, member }) => {
  await page.goto("/profile");
  const section = page.getByRole("region", { name: "Télécharger mes données" });
  await expect(section).toBeVisible();
  await section.scrollIntoViewIfNeeded();
  await checkPage(page, "profile-with-data-export");

  const [download] = await Promise.all([
    page.waitForEvent("download"),
    section.getByRole("link", { name: "Télécharger mes données (JSON)" }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^cap-data-\d{4}-\d\d-\d\d\.json$/);
  const copy = JSON.parse(await readFile((await download.path())!, "utf8"));
  expect(copy.identity.email).toBe(member.email);
  expect(copy.member.firstname).toBe(member.firstName);
  expect(copy.devices.length).toBeGreaterThan(0);
  expect(JSON.stringify(copy)).not.toMatch(/password|token_hash|secret/i);

  await section.getByRole("link", { name: "Voir une copie lisible" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Mes données");
  await expect(page.getByRole("heading", { name: "Mon profil", exact: true })).toBeVisible();
  await expect(page.getByText(member.email).first()).toBeVisible();
  await expect(page.getByRole("heading", { name: "Mes appareils connectés" })).toBeVisible();
  await checkPage(page, "profile-data");

  await page.getByRole("link", { name: "Revenir à mon profil" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Mon profil");
});
