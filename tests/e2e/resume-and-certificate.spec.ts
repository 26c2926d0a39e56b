import { readFileSync } from "node:fs";
import path from "node:path";
import { expect, type Browser, type Page } from "@playwright/test";
import type { TrainingContent } from "../../app/content/training-schema";
import { checkPage } from "./support/check-page";
import { newMemberTest as test } from "./support/member";
import { rightAnswers } from "./support/seeded-quiz";

/**
 * Issue 28 items 1 and 2, with JavaScript on and off: "continue" takes the member back to the
 * very part they stopped at (through a quiz refused then passed); a completed training gives a
 * certificate that prints on one page of A4 or Letter, in French and English, whose public page
 * shows the same facts to a stranger, until the member withdraws it.
 */
const onboarding: TrainingContent = JSON.parse(readFileSync("app/content/trainings/j-embarque.json", "utf8"));
const [first, second] = onboarding.modules;
const modulePath = (module: string) => `/training/j-embarque/modules/${module}`;

/** A form post as the member (their cookies), `q_<id>` fields repeated for a quiz's picks. */
async function post(page: Page, path: string, fields: [string, string][]) {
  const body = new URLSearchParams(fields).toString();
  const answer = await page.request.post(path, {
    data: body,
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
    maxRedirects: 0,
  });
  expect(answer.status(), `POST ${path}`).toBeLessThan(400);
}

type Module = (typeof onboarding.modules)[number];
const readPart = (page: Page, module: Module, part: string) =>
  post(page, modulePath(module.slug), [
    ["intent", "read"],
    ["part", part],
  ]);
const passQuiz = (page: Page, module: Module) =>
  post(page, modulePath(module.slug), [
    ["intent", "quiz"],
    ...Object.entries(rightAnswers(module)).flatMap(([question, ids]) =>
      ids.map((id) => [`q_${question}`, id] as [string, string]),
    ),
  ]);

/** Clicks a "continue" link and checks where it lands: that URL, scrolled to that section. */
async function continueTo(page: Page, link: ReturnType<Page["getByRole"]>, url: string, section: string) {
  await link.click();
  await expect(page).toHaveURL(new RegExp(`${url.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}$`));
  await expect(page.locator(section)).toBeInViewport();
}

test("continue leads to the first unread part, the quiz until passed, then the next module", async ({ page }) => {
  test.setTimeout(180_000);
  // The first part read, through the page's own button.
  await page.goto(modulePath(first.slug));
  await page
    .locator(`#part-${first.parts[0].slug}`)
    .getByRole("button", { name: /^J’ai lu/ })
    .click();
  await expect(page.locator(`#part-${first.parts[0].slug}`).getByText("✓ Lu")).toBeVisible();

  const secondPart = `${modulePath(first.slug)}#part-${first.parts[1].slug}`;
  await page.goto("/trainings");
  const card = page.getByRole("article", { name: "J’embarque" });
  await continueTo(page, card.getByRole("link", { name: /Continuer/ }), secondPart, `#part-${first.parts[1].slug}`);
  await checkPage(page, "resume-part");

  await page.goto("/");
  await continueTo(
    page,
    page.getByRole("region", { name: /formation/i }).getByRole("link", { name: "J’embarque" }),
    secondPart,
    `#part-${first.parts[1].slug}`,
  );

  // Every part read: the training page's "Continuer" opens the quiz.
  for (const part of first.parts.slice(1)) await readPart(page, first, part.slug);
  await page.goto("/training/j-embarque");
  await continueTo(
    page,
    page.getByRole("link", { name: "Continuer", exact: true }),
    `${modulePath(first.slug)}#quiz`,
    "#quiz",
  );

  // A quiz refused (nothing picked) keeps the member on the quiz.
  await page.getByRole("button", { name: "Valider mes réponses" }).click();
  await expect(page.getByText("Certaines réponses sont à revoir")).toBeVisible();
  await page.goto("/trainings");
  await continueTo(page, card.getByRole("link", { name: /Continuer/ }), `${modulePath(first.slug)}#quiz`, "#quiz");

  // Passed: the next module's first part; the finished module's card leads to its result.
  await passQuiz(page, first);
  await page.goto("/training/j-embarque");
  await continueTo(
    page,
    page.getByRole("link", { name: "Continuer", exact: true }),
    `${modulePath(second.slug)}#part-${second.parts[0].slug}`,
    `#part-${second.parts[0].slug}`,
  );
  await page.goto("/training/j-embarque");
  await continueTo(
    page,
    page.getByRole("link", { name: new RegExp(`Voir mon résultat : ${first.title.fr}`) }),
    `${modulePath(first.slug)}#quiz`,
    "#quiz",
  );
});

/** The page as paper: one page of A4 and one of Letter, and a look at it under print media. */
async function checkPrint(page: Page, name: string) {
  await page.emulateMedia({ media: "print" });
  const dir = path.join(test.info().project.outputDir, "screenshots", test.info().project.name);
  try {
    await expect(page.locator(".layout-next__bar, .site-header").first()).toBeHidden();
    await expect(page.locator(".certificate")).toBeVisible();
    // A4 and Letter at 96 dpi: what a printer gets, to look at.
    for (const [format, size] of [
      ["a4", { width: 794, height: 1123 }],
      ["letter", { width: 816, height: 1056 }],
    ] as const) {
      await page.setViewportSize(size);
      await page.screenshot({ path: path.join(dir, `${name}-print-${format}.png`), fullPage: true });
    }
    if (test.info().project.use.javaScriptEnabled !== false) {
      for (const format of ["A4", "Letter"] as const) {
        const pdf = (await page.pdf({ format, printBackground: true })).toString("latin1");
        expect(pdf.match(/\/Type\s*\/Page\b/g), `${name} on ${format}: one page`).toHaveLength(1);
      }
    }
  } finally {
    await page.emulateMedia({ media: "screen" });
    await page.setViewportSize({ width: 1280, height: 720 });
  }
}

async function stranger(browser: Browser, locale: string) {
  const context = await browser.newContext({
    locale,
    javaScriptEnabled: test.info().project.use.javaScriptEnabled,
  });
  return { context, page: await context.newPage() };
}

test("a completed training's certificate prints, verifies publicly, and can be withdrawn", async ({
  page,
  member,
  browser,
}) => {
  // Four pages checked (axe, two screenshots each) and printed three times.
  test.setTimeout(300_000);
  for (const module of onboarding.modules) {
    for (const part of module.parts) await readPart(page, module, part.slug);
    await passQuiz(page, module);
  }
  await page.goto("/training/j-embarque");
  await page.getByRole("link", { name: "Mon attestation" }).click();
  await expect(page).toHaveURL(/\/training\/j-embarque\/certificate$/);
  const sheet = page.locator(".certificate");
  await expect(sheet.getByRole("heading", { name: "Attestation de formation" })).toBeVisible();
  await expect(sheet).toContainText(`${member.firstName} Testeuse`);
  await expect(sheet).toContainText("J’embarque");
  const url = (await sheet.getByRole("link").textContent()) ?? "";
  expect(url).toMatch(/\/certificate\/[A-Za-z0-9_-]{32}$/);
  await checkPage(page, "certificate-fr");
  await checkPrint(page, "certificate-fr");

  // The same page in English.
  await page.getByRole("button", { name: "EN", exact: true }).click();
  await expect(sheet.getByRole("heading", { name: "Certificate of completion" })).toBeVisible();
  await expect(sheet).toContainText("Coming aboard");
  await checkPage(page, "certificate-en");
  await checkPrint(page, "certificate-en");

  // A stranger, in English, sees the same facts and nothing else.
  const visitor = await stranger(browser, "en-US");
  try {
    expect((await visitor.page.goto(url))?.status()).toBe(200);
    await expect(visitor.page.getByText("Valid certificate, issued by Cap.")).toBeVisible();
    const shown = visitor.page.locator(".certificate");
    await expect(shown).toContainText(`${member.firstName} Testeuse`);
    await expect(shown).toContainText("Coming aboard");
    await expect(visitor.page.locator("main")).not.toContainText(member.email);
    await checkPage(visitor.page, "certificate-public");
    await checkPrint(visitor.page, "certificate-public");

    // Withdrawn (back in French), the address says it is no longer valid.
    await page.getByRole("button", { name: "FR", exact: true }).click();
    await page.getByRole("button", { name: "Retirer mon attestation" }).click();
    await expect(page.getByText("Votre attestation est retirée")).toBeVisible();
    expect((await visitor.page.goto(url))?.status()).toBe(410);
    await expect(visitor.page.getByRole("heading", { name: "Certificate no longer valid" })).toBeVisible();
    await expect(visitor.page.locator("main")).not.toContainText(`${member.firstName} Testeuse`);
    await checkPage(visitor.page, "certificate-withdrawn");

    // A new one has a new address.
    await page.getByRole("button", { name: "Obtenir une nouvelle attestation" }).click();
    await expect(page.getByText("Votre attestation est prête.")).toBeVisible();
    const newUrl = (await sheet.getByRole("link").textContent()) ?? "";
    expect(newUrl).not.toBe(url);
    expect((await visitor.page.goto(newUrl))?.status()).toBe(200);
  } finally {
    await visitor.context.close();
  }
});
