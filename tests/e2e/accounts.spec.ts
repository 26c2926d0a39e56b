import { expect, type APIRequestContext, type Page } from "@playwright/test";
import { modulesTheLoaderImports } from "../../app/.server/http/scripts-after-paint.server";
import { test } from "./support/test";
import { checkPage } from "./support/check-page";
import { waitForMail } from "./support/mailbox";
import { signInOnForm } from "./support/member";

/**
 * The accounts journeys of issue 3, through the pages as a member uses them, with JavaScript on
 * and off (one project each): register → verification email → verify → /trainings; log out; log in
 * with redirect_after; forgot password → email → new password; the guard's redirects.
 */
const password = "Bon-vent-2024!";

function uniqueEmail(prefix: string) {
  return `${prefix}-${test.info().project.name}-${test.info().workerIndex}-${Date.now()}@cap.test`;
}

function codeIn(text: string) {
  const code = /^\s*(\d{6})\s*$/m.exec(text)?.[1];
  expect(code, `a 6-digit code in:\n${text}`).toBeTruthy();
  return code!;
}

/** Both steps of the registration form filled in for `email`, the account not yet asked for. */
async function fillRegistration(page: Page, email: string) {
  await page.goto("/home/register");
  await page.getByLabel("Prénom").fill("Marie");
  await page.getByLabel("Nom", { exact: true }).fill("Curie");
  await page.getByLabel("Date de naissance").fill("1990-05-17");
  await page.getByRole("button", { name: "Continuer" }).click();
  await expect(page).toHaveURL(/step=second/);
  await page.getByLabel("Adresse e-mail").fill(email);
  await page.getByLabel("Mot de passe", { exact: true }).fill(password);
  await page.getByLabel("Confirmez le mot de passe").fill(password);
}

async function register(page: Page, email: string) {
  await fillRegistration(page, email);
  await page.getByRole("button", { name: "Créer mon compte" }).click();
  // Sent to /trainings, which sends an unverified member to verify first.
  await expect(page).toHaveURL(/\/account_verification\?redirect_after=%2Ftrainings$/);
}

async function verify(page: Page, email: string) {
  const mail = await waitForMail(email, /code de confirmation/i);
  await page.getByLabel("Code reçu par e-mail").fill(codeIn(mail.text));
  await page.getByRole("button", { name: "Vérifier mon adresse" }).click();
  await expect(page).toHaveURL(/\/trainings$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Formations");
}

/** A member registered and verified on `page`, as a visitor does it; answers their address. */
async function verifiedMember(page: Page, prefix: string) {
  const email = uniqueEmail(prefix);
  await register(page, email);
  await verify(page, email);
  return email;
}

async function logOut(page: Page) {
  await page.getByRole("button", { name: "Se déconnecter" }).filter({ visible: true }).click();
  await expect(page).toHaveURL(/\/home$/);
}

test("register, read the verification email, verify, land on /trainings", async ({ page }) => {
  const email = uniqueEmail("register");
  await register(page, email);
  await checkPage(page, "account-verification");
  await verify(page, email);
  await checkPage(page, "trainings");
});

test("registered on English pages, the member gets the verification and welcome mails in English", async ({ page }) => {
  const email = uniqueEmail("english");
  await page.goto("/home/register");
  await page.getByRole("form", { name: "Langue" }).getByRole("button", { name: "EN", exact: true }).click();
  await expect(page.getByRole("button", { name: "Continue" })).toBeVisible();
  await page.getByLabel("First name").fill("Mary");
  await page.getByLabel("Last name").fill("Curie");
  await page.getByLabel("Birth date").fill("1990-05-17");
  await page.getByRole("button", { name: "Continue" }).click();
  await expect(page).toHaveURL(/step=second/);
  await page.getByLabel("Email address").fill(email);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByLabel("Confirm the password").fill(password);
  await page.getByRole("button", { name: "Create my account" }).click();
  const mail = await waitForMail(email, /Your Cap confirmation code/);
  expect(mail.text).toMatch(/^Hello Mary,/);
  await page.getByLabel("Code from the email").fill(codeIn(mail.text));
  await page.getByRole("button", { name: "Verify my address" }).click();
  await expect(page).toHaveURL(/\/trainings$/);
  await waitForMail(email, /Welcome aboard Cap!/);
});

test("registration shows SPEC §5's French messages and keeps what was typed", async ({ page }) => {
  await page.goto("/home/register");
  await checkPage(page, "register");
  await page.getByLabel("Prénom").fill("Marie");
  await page.getByLabel("Date de naissance").fill("2020-01-01");
  await page.getByRole("button", { name: "Continuer" }).click();
  await expect(page.getByText("Veuillez saisir votre nom.")).toBeVisible();
  await expect(page.getByText("Vous devez avoir au moins 13 ans.")).toBeVisible();
  await expect(page.getByLabel("Prénom")).toHaveValue("Marie");

  await page.getByLabel("Nom", { exact: true }).fill("Curie");
  await page.getByLabel("Date de naissance").fill("1990-05-17");
  await page.getByRole("button", { name: "Continuer" }).click();
  await expect(page).toHaveURL(/step=second/);
  await page.getByLabel("Adresse e-mail").fill("pas-une-adresse");
  await page.getByLabel("Mot de passe", { exact: true }).fill("court");
  await page.getByRole("button", { name: "Créer mon compte" }).click();
  await expect(page.getByText("Adresse e-mail invalide.")).toBeVisible();
  await expect(page.getByText("Le mot de passe doit comporter au moins 8 caractères.")).toBeVisible();
  await expect(page.getByLabel("Adresse e-mail")).toHaveValue("pas-une-adresse");
  await checkPage(page, "register-errors");

  // Back to the first step: the draft kept the name.
  await page.getByRole("button", { name: "Revenir à l’étape précédente" }).click();
  await expect(page.getByLabel("Prénom")).toHaveValue("Marie");
  await expect(page.getByLabel("Nom", { exact: true })).toHaveValue("Curie");
});

test("log out, then log in through redirect_after and land there", async ({ page }) => {
  const email = await verifiedMember(page, "login");
  await logOut(page);

  await page.goto("/my_commitments");
  await expect(page).toHaveURL(/\/home\/login\?redirect_after=%2Fmy_commitments$/);
  await checkPage(page, "login");
  await page.getByLabel("Adresse e-mail").fill(email);
  await page.getByLabel("Mot de passe").fill("wrong password");
  await page.getByRole("button", { name: "Se connecter" }).click();
  await expect(page.getByRole("alert")).toHaveText("Adresse e-mail ou mot de passe incorrect.");
  await expect(page.getByLabel("Adresse e-mail")).toHaveValue(email);

  await page.getByLabel("Mot de passe").fill(password);
  await page.getByRole("button", { name: "Se connecter" }).click();
  await expect(page).toHaveURL(/\/my_commitments$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Mes engagements");
});

test("forgot password, code by email, new password, signed in", async ({ page }) => {
  const email = await verifiedMember(page, "recovery");
  await logOut(page);

  await page.goto("/home/login");
  await page.getByRole("link", { name: "Mot de passe oublié ?" }).click();
  // With JavaScript this is a client navigation: type into the new page, not the one leaving.
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Mot de passe oublié");
  await page.getByLabel("Adresse e-mail").fill(email);
  await page.getByRole("button", { name: "Recevoir un code" }).click();
  await expect(page).toHaveURL(/\/home\/new-password-[0-9a-f-]{36}$/);
  await checkPage(page, "new-password");

  const mail = await waitForMail(email, /mot de passe/i);
  const newPassword = "Nouveau-cap-2025!";
  await page.getByLabel("Code reçu par e-mail").fill(codeIn(mail.text));
  await page.getByLabel("Nouveau mot de passe").fill(newPassword);
  await page.getByLabel("Confirmez le mot de passe").fill(newPassword);
  await page.getByRole("button", { name: "Enregistrer le mot de passe" }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Vue d’ensemble");

  await logOut(page);
  await signInOnForm(page, { email, password: newPassword });
  await expect(page).toHaveURL(/\/$/);
});

test("forgot password: a bad address is told under its field, a limit over the form, the same for any address", async ({
  page,
}) => {
  await page.goto("/home/forgot-password");
  await page.getByLabel("Adresse e-mail").fill("marie@");
  await page.getByRole("button", { name: "Recevoir un code" }).click();
  await expect(page.getByText("Adresse e-mail invalide.")).toBeVisible();
  await expect(page.getByRole("alert")).toHaveCount(0);

  // An address with no account: asked for the same way, refused the same way (SPEC §4, §8).
  const email = uniqueEmail("nobody");
  const ask = async () => {
    await page.goto("/home/forgot-password");
    await page.getByLabel("Adresse e-mail").fill(email);
    await page.getByRole("button", { name: "Recevoir un code" }).click();
  };
  for (let request = 1; request <= 3; request++) {
    await ask();
    await expect(page).toHaveURL(/\/home\/new-password-[0-9a-f-]{36}$/);
  }
  await ask();
  await expect(page.getByRole("alert")).toHaveText(
    "Vous avez demandé plusieurs codes récemment. Patientez quelques minutes avant d’en redemander un.",
  );
  await expect(page.getByLabel("Adresse e-mail")).toHaveValue(email);
  await expect(page.getByLabel("Adresse e-mail")).not.toHaveAttribute("aria-invalid", "true");
  await checkPage(page, "forgot-password-limit");
});

test("an unverified member is sent to /account_verification from every signed-in route", async ({ page }) => {
  await register(page, uniqueEmail("unverified"));
  for (const path of ["/", "/trainings", "/my_commitments"]) {
    await page.goto(path);
    await expect(page, path).toHaveURL(/\/account_verification\?redirect_after=/);
  }
});

test("a stale token is cleared and the member sent to /home", async ({ page, context }) => {
  await verifiedMember(page, "stale");
  const [token] = (await context.cookies()).filter((cookie) => cookie.name === "token");
  await logOut(page);

  // The old session was revoked on the server: its cookie, put back, opens nothing.
  await context.addCookies([token]);
  await page.goto("/trainings");
  await expect(page).toHaveURL(/\/home$/);
  expect((await context.cookies()).filter((cookie) => cookie.name === "token" && cookie.value)).toEqual([]);
});

// @js-only: the js-off project leaves these out (playwright.config.ts); without JavaScript the server checks.
test.describe("checks as one types, loaded once the member reaches the form @js-only", () => {
  /** The checker's chunk (app/forms/auth-checks.ts), which imports zod and conform's parse. */
  const checker = /\/build\/_shared\/auth-checks-[\w-]+\.js$/;

  /**
   * The scripts a page loads up front: the modules its inline loader imports once the page is
   * painted (app/.server/http/scripts-after-paint.server.ts; Remix drops it from the document once
   * hydrated, so read the HTML).
   */
  async function firstLoadScripts(request: APIRequestContext, path: string) {
    return modulesTheLoaderImports(await (await request.get(path)).text());
  }

  test("leaving the email field with a wrong address shows the error before any post", async ({ page, request }) => {
    const upFront = await firstLoadScripts(request, "/home/login");
    expect(upFront.length).toBeGreaterThan(3);
    expect(upFront.filter((url) => checker.test(url))).toEqual([]);

    const requested: string[] = [];
    const posts: string[] = [];
    page.on("request", (sent) => {
      requested.push(sent.url());
      if (sent.method() === "POST") posts.push(sent.url());
    });
    await page.goto("/home/login");
    await page.waitForLoadState("networkidle");
    // Not fetched with the page: only once the member reaches the form.
    expect(requested.filter((url) => checker.test(url))).toEqual([]);
    const loaded = page.waitForRequest(checker);
    await page.getByLabel("Adresse e-mail").focus();
    await loaded;

    await page.getByLabel("Adresse e-mail").fill("not-an-email");
    await page.getByLabel("Adresse e-mail").press("Tab");
    await expect(page.getByText("Adresse e-mail invalide.")).toBeVisible();
    await expect(page.getByLabel("Adresse e-mail")).toHaveAttribute("aria-invalid", "true");
    expect(posts).toEqual([]);

    // Corrected as one types: the error goes without a post.
    await page.getByLabel("Adresse e-mail").fill("marie@cap.test");
    await expect(page.getByText("Adresse e-mail invalide.")).toBeHidden();
    await expect(page.getByLabel("Adresse e-mail")).not.toHaveAttribute("aria-invalid", "true");

    // A post the check refuses is not sent, and says why.
    await page.getByRole("button", { name: "Se connecter" }).click();
    await expect(page.getByText("Veuillez saisir votre mot de passe")).toBeVisible();
    await expect(page.getByLabel("Mot de passe")).toBeFocused();
    expect(posts).toEqual([]);
  });

  test("the first load of every account page holds neither zod nor conform", async ({ request }) => {
    for (const path of ["/home/login", "/home/register", "/home/forgot-password"]) {
      const scripts = await firstLoadScripts(request, path);
      expect(scripts.length, path).toBeGreaterThan(3);
      for (const script of scripts) {
        const code = await (await request.get(script)).text();
        expect(code.length, script).toBeGreaterThan(0);
        expect(code.includes("ZodError"), `${path}: zod in ${script}`).toBe(false);
        expect(code.includes("__skipped__"), `${path}: conform in ${script}`).toBe(false);
      }
    }
  });

  test("without the checker (it could not load), a post is checked by the server", async ({ page }) => {
    await page.route(checker, (route) => route.abort());
    await page.goto("/home/login");
    await page.getByLabel("Adresse e-mail").fill("not-an-email");
    await page.getByLabel("Mot de passe").fill("whatever");
    const posted = page.waitForRequest((sent) => sent.method() === "POST");
    await page.getByRole("button", { name: "Se connecter" }).click();
    await posted;
    await expect(page.getByText("Adresse e-mail invalide.")).toBeVisible();
    await expect(page.getByLabel("Adresse e-mail")).toHaveValue("not-an-email");
  });
});

// @js-only: the local draft and the pending button are what JavaScript adds to registration.
test.describe("registration with JavaScript @js-only", () => {
  /** The draft's keys in localStorage and their values. */
  const localDraft = (page: Page) =>
    page.evaluate(() =>
      Object.fromEntries(
        Object.keys(localStorage)
          .filter((key) => key.startsWith("register_"))
          .map((key) => [key, localStorage.getItem(key)]),
      ),
    );

  test("the draft is kept under SPEC §3's keys, restored on return, kept when refused, erased once registered", async ({
    page,
  }) => {
    // Without the browser's checks (they could not load), the server is the one to refuse.
    await page.route(/\/build\/_shared\/auth-checks-[\w-]+\.js$/, (route) => route.abort());
    await page.goto("/home/who-are-you");
    await page.getByText("Capitaine").click();
    await page.getByRole("button", { name: "Continuer vers l’inscription" }).click();
    await expect(page).toHaveURL(/\/home\/register\?user_type=captain$/);
    await page.getByLabel("Prénom").fill("Marie");
    await page.getByLabel("Nom", { exact: true }).fill("Curie");
    await page.getByLabel("Date de naissance").fill("1990-05-17");
    await page.getByLabel("Homme").check();
    await expect
      .poll(() => localDraft(page))
      .toEqual({
        register_showForm: "true",
        register_firstName: "Marie",
        register_lastName: "Curie",
        register_birthDate: "1990-05-17",
        register_gender: "male",
        register_userType: "captain",
      });

    // Back later, at the plain address: the draft fills the form, who-are-you's choice included.
    await page.goto("/home/register");
    await expect(page.getByLabel("Prénom")).toHaveValue("Marie");
    await expect(page.getByLabel("Homme")).toBeChecked();
    await expect(page.locator('input[name="userType"]')).toHaveValue("captain");
    await page.getByRole("button", { name: "Continuer" }).click();
    await expect(page).toHaveURL(/step=second/);

    // Refused by the server: the draft stays, never the password.
    const email = uniqueEmail("draft");
    await page.getByLabel("Adresse e-mail").fill("marie@");
    await page.getByLabel("Mot de passe", { exact: true }).fill(password);
    await page.getByLabel("Confirmez le mot de passe").fill(password);
    await page.getByRole("button", { name: "Créer mon compte" }).click();
    await expect(page.getByText("Adresse e-mail invalide.")).toBeVisible();
    await expect(page.getByRole("alert")).toHaveText("Vérifiez les champs signalés.");
    const kept = await localDraft(page);
    expect(kept).toMatchObject({ register_firstName: "Marie", register_email: "marie@", register_userType: "captain" });
    expect(Object.values(kept)).not.toContain(password);

    await page.getByLabel("Adresse e-mail").fill(email);
    await page.getByLabel("Mot de passe", { exact: true }).fill(password);
    await page.getByLabel("Confirmez le mot de passe").fill(password);
    await page.getByRole("button", { name: "Créer mon compte" }).click();
    await expect(page).toHaveURL(/\/account_verification\?redirect_after=%2Ftrainings$/);
    await expect.poll(() => localDraft(page)).toEqual({});
  });

  test("the button says it is working while the account is created (SPEC §4 loading)", async ({ page }) => {
    await fillRegistration(page, uniqueEmail("pending"));

    // The server's answer is held until the pending state has been seen.
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route(/\/home\/register\.data/, async (route) => {
      if (route.request().method() === "POST") await held;
      await route.continue();
    });
    await page.getByRole("button", { name: "Créer mon compte" }).click();
    const pending = page.getByRole("button", { name: "Un instant…" });
    await expect(pending).toBeDisabled();
    await expect(page.getByRole("button", { name: "Créer mon compte" })).toHaveCount(0);
    release();
    await expect(page).toHaveURL(/\/account_verification\?redirect_after=%2Ftrainings$/);
  });
});
