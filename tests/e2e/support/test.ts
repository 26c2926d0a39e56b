import { type BrowserContext, type Page, test as base } from "@playwright/test";

/**
 * Playwright's `test`, whose pages with JavaScript on are ready once hydrated. A page's scripts
 * start only once it is painted (app/.server/http/scripts-after-paint.server.ts), often after the
 * load event that `goto` and `reload` wait for: a step that checks what only JavaScript does (a
 * field checked as one types, a pending state) would otherwise race the hydration. Every context
 * of the worker's browser gets this, those a test opens for another member included.
 */
export const test = base.extend<{ readyPages: undefined }>({
  // The test's own context (and so its `page`): JavaScript as the test has it (test.use included).
  context: async ({ context, javaScriptEnabled }, use) => {
    if (javaScriptEnabled) readyOnceHydrated(context);
    await use(context);
  },
  // Contexts a test opens itself (another member's browser), with JavaScript unless they say otherwise.
  readyPages: [
    async ({ browser, javaScriptEnabled }, use) => {
      const newContext = browser.newContext.bind(browser);
      browser.newContext = async (options) => {
        const context = await newContext(options);
        if (options?.javaScriptEnabled ?? javaScriptEnabled) readyOnceHydrated(context);
        return context;
      };
      await use(undefined);
      browser.newContext = newContext;
    },
    { auto: true },
  ],
});

const readied = new WeakSet<BrowserContext>();

function readyOnceHydrated(context: BrowserContext) {
  if (readied.has(context)) return;
  readied.add(context);
  context.on("page", (page) => {
    const goto = page.goto.bind(page);
    const reload = page.reload.bind(page);
    page.goto = async (url, options) => {
      const response = await goto(url, options);
      // A test that asks only for the navigation's commit takes the page as it comes.
      if (options?.waitUntil !== "commit") await hydrated(page);
      return response;
    };
    page.reload = async (...args) => {
      const response = await reload(...args);
      await hydrated(page);
      return response;
    };
  });
}

/**
 * Resolves once the document has hydrated (entry.client.tsx marks `data-hydrated`), or at once for
 * a document without the loader that would hydrate it: a light page, a file, a copy of a page with
 * its scripts taken out (the JavaScript-off accessibility check).
 */
async function hydrated(page: Page) {
  await page.waitForFunction(
    () =>
      document.documentElement.hasAttribute("data-hydrated") ||
      ![...document.scripts].some((script) => script.textContent?.includes("first-contentful-paint")),
  );
}
