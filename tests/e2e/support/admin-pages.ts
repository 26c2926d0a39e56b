import { expect, type Page } from "@playwright/test";

/**
 * From the admin's list of members (/admin/members, searched), opens the file of the member at
 * `email`: every journey's member is named Marie Testeuse, so the line is found by the address.
 */
export async function openMemberFile(page: Page, email: string) {
  await page.getByRole("listitem").filter({ hasText: email }).getByRole("link", { name: "Marie Testeuse" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Marie Testeuse");
}
