import path from "node:path";
import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Browser, type Page, type Route } from "@playwright/test";

/** The WCAG 2.0/2.1 A and AA rules; a serious or critical violation fails the test. */
const axeTags = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"];
const failingImpacts = new Set(["serious", "critical"]);
type AxeResults = Awaited<ReturnType<AxeBuilder["analyze"]>>;

const wantsScreenshots = !process.env.CI || process.env.E2E_SCREENSHOTS === "1";

/** Phone and desktop widths of the full-page screenshots. */
export const screenshotSizes = [
  { width: 390, height: 844 },
  { width: 1280, height: 800 },
] as const;

/**
 * Checks the page as it stands: no serious or critical axe violation, then two full-page
 * screenshots under test-results/screenshots/<project>/<name>-<width>.png, to look at. The viewport
 * is restored afterwards. CI takes no screenshots (nobody looks at them there, and they were a
 * tenth of the journeys' time): E2E_SCREENSHOTS=1 asks for them anyway.
 */
export async function checkPage(page: Page, name: string): Promise<void> {
  const info = test.info();

  await test.step(`axe: ${name}`, async () => {
    // A page reached by a click may still be arriving: check it whole, not half-parsed.
    await page.waitForLoadState("load");
    const results = await analyze(page);
    const blocking = results.violations.filter((v) => failingImpacts.has(v.impact ?? ""));
    const report = blocking
      .map((v) => {
        const targets = v.nodes.map(
          (n) => `    - ${n.target.join(" ")}${n.failureSummary ? `: ${n.failureSummary.replace(/\s+/g, " ")}` : ""}`,
        );
        return `  [${v.impact}] ${v.id}: ${v.help} (${v.helpUrl})\n${targets.join("\n")}`;
      })
      .join("\n");
    if (results.violations.length > 0) {
      await info.attach(`axe-${name}.json`, {
        body: JSON.stringify(results.violations, null, 2),
        contentType: "application/json",
      });
    }
    expect(
      blocking.map((v) => v.id),
      `axe found serious or critical violations on ${name}:\n${report}`,
    ).toEqual([]);
  });

  if (!wantsScreenshots) return;
  await test.step(`screenshots: ${name}`, async () => {
    const original = page.viewportSize();
    const dir = path.join(info.project.outputDir, "screenshots", info.project.name);
    try {
      for (const size of screenshotSizes) {
        await page.setViewportSize(size);
        await page.screenshot({
          path: path.join(dir, `${name}-${size.width}.png`),
          fullPage: true,
          animations: "disabled",
        });
      }
    } finally {
      if (original) await page.setViewportSize(original);
    }
  });
}

/**
 * axe runs inside the page and waits on timers, which never fire in a context with JavaScript
 * disabled (nor can the DevTools protocol lift that for one page). So for the js-off project the
 * page's DOM as it stands (a closed or opened menu included) is copied into a fresh page of a
 * JavaScript-enabled context, at the same URL and size, with every <script> removed and every
 * <noscript> unwrapped, served with the server's own headers: what axe sees is what a browser
 * without JavaScript shows, styles and all.
 */
async function analyze(page: Page): Promise<AxeResults> {
  if (test.info().project.use.javaScriptEnabled !== false) {
    return new AxeBuilder({ page }).withTags(axeTags).analyze();
  }
  const url = page.url();
  // The request for the copy carries no fragment (#times): compare it with the document's URL.
  const documentUrl = url.replace(/#.*$/, "");
  const html = (await page.content())
    .replace(/<script\b[^>]*>[\s\S]*?<\/script>/gi, "")
    .replace(/<\/?noscript\b[^>]*>/gi, "");
  const browser = page.context().browser();
  if (!browser) throw new Error("checkPage: the page has no browser to open a copy in");
  const copy = await copyPageIn(browser);
  const viewport = page.viewportSize();
  if (viewport) await copy.setViewportSize(viewport);
  await copy.unrouteAll();
  try {
    await copy.route(
      (target) => target.href === documentUrl,
      // The server's own headers (CSP and all) with the copied document as its body. This context
      // has no session, so a signed-in page answers it with a redirect: keep the page's status.
      async (route) => {
        const {
          "content-length": _length,
          "content-encoding": _encoding,
          location: _location,
          ...headers
        } = (await serverAnswer(route)).headers();
        // That answer's CSP names a nonce of its own: the copy's inline style and scripts carry it,
        // or the browser would drop the page's stylesheet and axe judge an unstyled page.
        const nonce = /'nonce-([^']+)'/.exec(headers["content-security-policy"] ?? "")?.[1];
        await route.fulfill({
          status: 200,
          headers: { ...headers, "content-type": "text/html; charset=utf-8" },
          body: nonce ? html.replace(/\bnonce="[^"]*"/g, `nonce="${nonce}"`) : html,
        });
      },
    );
    await copy.goto(url, { waitUntil: "load" });
    return await new AxeBuilder({ page: copy }).withTags(axeTags).analyze();
  } finally {
    await copy.unrouteAll();
  }
}

/**
 * The server's answer to the copy's request. The kept copy page may send it on a kept-alive
 * connection the server is closing at that instant (its 5 s idle timeout): asked again once.
 */
async function serverAnswer(route: Route) {
  try {
    return await route.fetch({ maxRedirects: 0 });
  } catch (error) {
    if (!/ECONNRESET|socket hang up/.test(String(error))) throw error;
    return route.fetch({ maxRedirects: 0 });
  }
}

/**
 * One JavaScript-enabled page per browser (a worker's), kept for every copy: a context and a page
 * made afresh for each check took most of its time (6 s against 1.7 s for the same check with
 * JavaScript on). It holds no session, and each copy is a whole new document.
 */
const copyPages = new WeakMap<Browser, Promise<Page>>();
function copyPageIn(browser: Browser): Promise<Page> {
  let copy = copyPages.get(browser);
  if (!copy) {
    copy = browser.newContext({ javaScriptEnabled: true }).then((context) => context.newPage());
    copyPages.set(browser, copy);
  }
  return copy;
}
