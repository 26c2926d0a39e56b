import { expect } from "@playwright/test";
import { checkPage } from "./support/check-page";
import { newMemberTest as test } from "./support/member";

/**
 * The member's time zone (issue 15, item 2): with JavaScript the browser's zone is saved the first
 * time (here New York); without, Europe/Paris until the member chooses. Either way, choosing on
 * the profile (every zone on its own page) saves it and the pages count their days in it.
 */
test.use({ timezoneId: "America/New_York" });

const jsOn = () => test.info().project.use.javaScriptEnabled !== false;

test("the profile shows the zone the pages use, and saves another", async ({ page }) => {
  const guess = jsOn()
    ? page.waitForResponse(
        (answer) => answer.url().includes("/profile/time-zone") && answer.request().method() === "POST",
      )
    : null;
  await page.goto("/");
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await guess;
  await page.goto("/profile");
  const zone = page.getByRole("region", { name: "Mon fuseau horaire" });
  const guessed = jsOn() ? /dans le fuseau New York \(UTC−[45]\)/ : /dans le fuseau Paris \(UTC\+[12]\)/;
  await expect(zone.getByText(guessed)).toBeVisible();
  await checkPage(page, "profile-time-zone");

  await zone.getByRole("link", { name: "Un autre fuseau horaire…" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Choisir mon fuseau horaire");
  // Zones come a region of the world at a time, the member's own first.
  await expect(page.getByLabel("Région du monde")).toHaveValue(jsOn() ? "America" : "Europe");
  await page.getByLabel("Région du monde").selectOption("Asia");
  if (!jsOn()) await page.getByRole("button", { name: "Afficher ses fuseaux" }).click();
  await expect(page).toHaveURL((url) => url.searchParams.get("region") === "Asia");
  await page.getByLabel("Fuseau horaire").selectOption("Asia/Tokyo");
  await page.getByRole("button", { name: "Enregistrer" }).click();
  await expect(page.getByRole("status")).toHaveText("Votre fuseau horaire est enregistré.");
  await expect(zone.getByText(/dans le fuseau Tokyo \(UTC\+9\)/)).toBeVisible();

  // The guess never replaces a choice: back on a signed-in page, the choice stays.
  await page.goto("/");
  await page.goto("/profile");
  await expect(zone.getByText(/dans le fuseau Tokyo \(UTC\+9\)/)).toBeVisible();
  await zone.getByLabel("Fuseau horaire").selectOption("Europe/London");
  await zone.getByRole("button", { name: "Enregistrer" }).click();
  // London is at UTC itself in winter: no "+0".
  await expect(zone.getByText(/dans le fuseau Londres \(UTC(\+[01])?\)/)).toBeVisible();
});
