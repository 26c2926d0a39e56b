import { expect } from "@playwright/test";
import { checkPage } from "./support/check-page";
import { waitForMail } from "./support/mailbox";
import { newMemberTest as test } from "./support/member";

/**
 * The profile journeys of issue 5, with JavaScript on and off (one project each): edit the
 * details and see them saved (the sidebar too); a refused form keeps what was typed; change the
 * email through the code sent to the new address; delete the account.
 */
test("edit the profile and see it saved", async ({ page }) => {
  await page.goto("/profile");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Mon profil");
  await checkPage(page, "profile");

  const details = page.getByRole("region", { name: "Mes informations" });
  await details.getByLabel("Prénom").fill("");
  await details.getByLabel("Niveau d’études").selectOption({ label: "Bac + 5 (master)" });
  await details.getByLabel("Rôle ou fonction").fill("Cheffe de projet");
  await details.getByRole("button", { name: "Enregistrer" }).click();
  await expect(details.getByText("Veuillez saisir votre prénom.")).toBeVisible();
  await expect(details.getByLabel("Rôle ou fonction")).toHaveValue("Cheffe de projet");
  await checkPage(page, "profile-errors");

  await details.getByLabel("Prénom").fill("Irène");
  await details.getByLabel("Nom", { exact: true }).fill("Joliot");
  await details.getByLabel("Téléphone mobile").fill("06 12 34 56 78");
  await details.getByRole("button", { name: "Enregistrer" }).click();
  await expect(page.getByRole("status")).toHaveText("Vos informations sont enregistrées.");
  await expect(page.getByText("Irène Joliot").filter({ visible: true })).toBeVisible();

  await page.reload();
  await expect(details.getByLabel("Prénom")).toHaveValue("Irène");
  await expect(details.getByLabel("Téléphone mobile")).toHaveValue("612345678");
  await expect(details.getByLabel("Niveau d’études")).toHaveValue("master");

  const path = page.getByRole("region", { name: "Définir mon parcours" });
  await path.getByText("Capitaine").click();
  await path.getByRole("button", { name: "Mettre à jour mon parcours" }).click();
  await expect(page.getByRole("status")).toHaveText("Votre parcours est mis à jour.");
  await expect(path.getByRole("radio", { name: /Capitaine/ })).toBeChecked();
});

test("change the email through the code sent to the new address", async ({ page, member }) => {
  const newEmail = member.email.replace("@", "-new@");
  await page.goto("/profile");
  const email = page.getByRole("region", { name: "Adresse e-mail" });
  await expect(email.getByText(`Adresse actuelle : ${member.email}`)).toBeVisible();
  await email.getByLabel("Nouvelle adresse e-mail").fill(newEmail);
  await email.getByLabel("Mot de passe actuel").fill(member.password);
  await email.getByRole("button", { name: "Modifier mon adresse e-mail" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Un code vient de partir" })).toBeVisible();
  // The old address stays the account's until the code is confirmed.
  await expect(email.getByText(`Adresse actuelle : ${member.email}`)).toBeVisible();

  const mail = await waitForMail(newEmail, /nouvelle adresse/i);
  const code = /^\s*(\d{6})\s*$/m.exec(mail.text)?.[1];
  expect(code, mail.text).toBeTruthy();
  await email.getByLabel("Code reçu par e-mail").fill(String((Number(code) + 1) % 1_000_000).padStart(6, "0"));
  await email.getByRole("button", { name: "Confirmer la nouvelle adresse" }).click();
  await expect(email.getByText("Ce code n’est pas le bon.", { exact: false })).toBeVisible();

  await email.getByLabel("Code reçu par e-mail").fill(code!);
  await email.getByRole("button", { name: "Confirmer la nouvelle adresse" }).click();
  await expect(
    page.getByRole("status").filter({ hasText: "Votre nouvelle adresse e-mail est confirmée" }),
  ).toBeVisible();
  await expect(email.getByText(`Adresse actuelle : ${newEmail}`)).toBeVisible();
});

test("withdraw an email change that waits for its code", async ({ page, member }) => {
  await page.goto("/profile");
  const email = page.getByRole("region", { name: "Adresse e-mail" });
  await email.getByLabel("Nouvelle adresse e-mail").fill(member.email.replace("@", "-other@"));
  await email.getByLabel("Mot de passe actuel").fill(member.password);
  await email.getByRole("button", { name: "Modifier mon adresse e-mail" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Un code vient de partir" })).toBeVisible();
  await email.getByRole("button", { name: "Annuler ce changement" }).click();
  await expect(
    page
      .getByRole("status")
      .filter({ hasText: "Le changement d’adresse est annulé : votre compte garde son adresse." }),
  ).toBeVisible();
  await expect(email.getByLabel("Code reçu par e-mail")).toHaveCount(0);
  await expect(email.getByText(`Adresse actuelle : ${member.email}`)).toBeVisible();
});

test("delete the account after typing the address and the password", async ({ page, member }) => {
  await page.goto("/profile");
  const danger = page.getByRole("region", { name: "Supprimer mon compte" });
  await danger.getByLabel("Saisissez votre adresse e-mail pour confirmer").fill(member.email);
  await danger.getByLabel("Mot de passe actuel").fill("not the password");
  await danger.getByRole("button", { name: "Supprimer définitivement mon compte" }).click();
  await expect(danger.getByText("Ce mot de passe n’est pas le bon.")).toBeVisible();
  await expect(danger.getByLabel("Saisissez votre adresse e-mail pour confirmer")).toHaveValue(member.email);

  await danger.getByLabel("Mot de passe actuel").fill(member.password);
  await danger.getByRole("button", { name: "Supprimer définitivement mon compte" }).click();
  await expect(page).toHaveURL(/\/home$/);
  await page.goto("/profile");
  await expect(page).toHaveURL(/\/home\/login\?redirect_after=%2Fprofile$/);
  await page.getByLabel("Adresse e-mail").fill(member.email);
  await page.getByLabel("Mot de passe").fill(member.password);
  await page.getByRole("button", { name: "Se connecter" }).click();
  await expect(page.getByRole("alert")).toHaveText("Adresse e-mail ou mot de passe incorrect.");
});

test("see the devices signed in, sign one out, then all the others", async ({ page, member, playwright }, testInfo) => {
  /** Another device: a browser context of its own, signed in through the login form. */
  async function signInElsewhere(userAgent: string) {
    // Its own cookies: a request context would otherwise start from the test's signed-in state.
    const device = await playwright.request.newContext({
      baseURL: testInfo.project.use.baseURL,
      userAgent,
      storageState: { cookies: [], origins: [] },
    });
    const login = await device.post("/home/login", {
      form: { email: member.email, password: member.password, redirectAfter: "" },
    });
    expect(new URL(login.url()).pathname, "signed in on the other device").toBe("/");
    return device;
  }
  const stillSignedIn = async (device: Awaited<ReturnType<typeof signInElsewhere>>) =>
    new URL((await device.get("/profile")).url()).pathname === "/profile";

  const phone = await signInElsewhere("Mozilla/5.0 (Android 14; Mobile; rv:128.0) Gecko/128.0 Firefox/128.0");
  await page.goto("/profile");
  const devices = page.getByRole("region", { name: "Mes appareils connectés" });
  await expect(devices.getByText("Cet appareil", { exact: true })).toBeVisible();
  const phoneItem = devices.getByRole("listitem").filter({ hasText: "Firefox sur Android" });
  await expect(phoneItem).toBeVisible();
  await checkPage(page, "profile-devices");

  await phoneItem.getByRole("button", { name: "Déconnecter Firefox sur Android" }).click();
  await expect(page.getByRole("status")).toHaveText("Cet appareil est déconnecté.");
  await expect(devices.getByText("Firefox sur Android")).toHaveCount(0);
  expect(await stillSignedIn(phone), "the phone is signed out").toBe(false);

  const laptop = await signInElsewhere(
    "Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:128.0) Gecko/20100101 Firefox/128.0",
  );
  const tablet = await signInElsewhere(
    "Mozilla/5.0 (iPad; CPU OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1",
  );
  await page.reload();
  await devices.getByRole("button", { name: "Déconnecter les 2 autres appareils" }).click();
  await expect(page.getByRole("status")).toHaveText("Vos autres appareils sont déconnectés.");
  await expect(devices.getByText("Vous n’êtes connecté·e sur aucun autre appareil.")).toBeVisible();
  expect(await stillSignedIn(laptop)).toBe(false);
  expect(await stillSignedIn(tablet)).toBe(false);
  expect(await stillSignedIn(phone)).toBe(false);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Mon profil");
  await Promise.all([phone.dispose(), laptop.dispose(), tablet.dispose()]);
});

test("page through more devices than a page holds, then sign out every other one", async ({
  page,
  member,
  playwright,
}, testInfo) => {
  // Ten more sessions (ten devices a page): two pages with this one.
  const elsewhere = await playwright.request.newContext({
    baseURL: testInfo.project.use.baseURL,
    userAgent: "Mozilla/5.0 (Android 14; Mobile; rv:128.0) Gecko/128.0 Firefox/128.0",
    storageState: { cookies: [], origins: [] },
  });
  for (let i = 0; i < 10; i++) {
    const login = await elsewhere.post("/api/dashboard/login", {
      data: { email: member.email, password: member.password },
    });
    expect(login.status()).toBe(200);
  }
  await elsewhere.dispose();

  await page.goto("/profile");
  const devices = page.getByRole("region", { name: "Mes appareils connectés" });
  const pages = devices.getByRole("navigation", { name: "Mes appareils connectés" });
  await expect(pages).toContainText("Page 1 sur 2");
  await expect(devices.getByRole("listitem")).toHaveCount(10);
  await expect(devices.getByRole("listitem").first()).toContainText("Cet appareil");

  await pages.getByRole("link", { name: /Suivante/ }).click();
  await expect(page).toHaveURL(/\/profile\?devices=2#devices$/);
  await expect(pages).toContainText("Page 2 sur 2");
  await expect(devices.getByRole("listitem")).toHaveCount(1);
  await expect(devices.getByText("Cet appareil", { exact: true })).toHaveCount(0);

  await devices.getByRole("button", { name: "Déconnecter les 10 autres appareils" }).click();
  await expect(page.getByRole("status")).toHaveText("Vos autres appareils sont déconnectés.");
  await expect(devices.getByText("Vous n’êtes connecté·e sur aucun autre appareil.")).toBeVisible();
  await expect(devices.getByRole("navigation")).toHaveCount(0);
  await expect(devices.getByRole("listitem")).toHaveCount(1);
});

test("upload a profile photo, see it in the menu, refuse a bad file, remove it", async ({ page }) => {
  const sharp = (await import("sharp")).default;
  const jpeg = await sharp({ create: { width: 900, height: 600, channels: 3, background: "#2a6f97" } })
    .jpeg()
    .toBuffer();
  await page.goto("/profile");
  const section = page.getByRole("region", { name: "Ma photo" });
  const menuPhoto = page
    .getByRole("complementary")
    .getByRole("img", { name: "Photo de Marie Testeuse" })
    .filter({ visible: true });
  await expect(section.getByText("Vous n’avez pas encore de photo")).toBeVisible();
  await expect(menuPhoto).toHaveCount(0);

  // A text file dressed up as a photo: its message on the photo's page, the form ready again.
  await section.getByLabel("Choisir une photo").setInputFiles({
    name: "photo.jpg",
    mimeType: "image/jpeg",
    buffer: Buffer.from("pas une image"),
  });
  await section.getByRole("button", { name: "Envoyer la photo" }).click();
  await expect(page.getByText("Ce fichier n’est pas une image JPEG, PNG ou WebP.")).toBeVisible();

  await page.getByLabel("Choisir une photo").setInputFiles({ name: "moi.jpg", mimeType: "image/jpeg", buffer: jpeg });
  await page.getByRole("button", { name: "Envoyer la photo" }).click();
  await expect(page.getByRole("status")).toHaveText("Votre photo est enregistrée.");
  await expect(menuPhoto).toBeVisible();
  const src = await menuPhoto.getAttribute("src");
  expect(src).toMatch(/^\/photos\/[0-9a-f-]{36}\.webp$/);
  const served = await page.request.get(src!);
  expect(served.headers()["content-type"]).toBe("image/webp");
  // The photo is loaded and drawn (a broken image has no natural width).
  expect(await menuPhoto.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(256);
  await checkPage(page, "profile-photo");

  await page.getByRole("region", { name: "Ma photo" }).getByRole("button", { name: "Retirer ma photo" }).click();
  await expect(page.getByRole("status")).toHaveText("Votre photo est retirée.");
  await expect(menuPhoto).toHaveCount(0);
  expect((await page.request.get(src!)).status()).toBe(404);
});
