import { test as base, expect, type Page } from "@playwright/test";

type Options = {
  /// Addresses a test expects to answer an error status (a 404 page, say).
  expectedErrorUrls: string[];
};

/// Every test fails on a page error, a console error or a failed request:
/// a failed hydration shows there first.
export const test = base.extend<Options & { page: Page }>({
  expectedErrorUrls: [[], { option: true }],
  page: async ({ page, expectedErrorUrls }, use) => {
    const expected = (url: string) => expectedErrorUrls.some((u) => url.endsWith(u));
    const problems: string[] = [];
    // The server sends a Content-Security-Policy with every page; any
    // violation (a blocked script, style or request) fails the test.
    await page.addInitScript(() => {
      document.addEventListener("securitypolicyviolation", (e) => {
        console.error(`CSP violation: ${e.violatedDirective} blocked ${e.blockedURI || "inline"}`);
      });
    });
    page.on("pageerror", (e) => problems.push(`page error: ${e.message}`));
    page.on("console", (m) => {
      if (m.type() === "error" && !expected(m.location().url)) {
        problems.push(`console error: ${m.text()} (${m.location().url})`);
      }
    });
    page.on("requestfailed", (r) => {
      const reason = r.failure()?.errorText ?? "";
      // A request cut short because the test navigated away is not a failure.
      if (reason !== "net::ERR_ABORTED") {
        problems.push(`request failed: ${r.url()} ${reason}`);
      }
    });
    page.on("response", (r) => {
      if (r.status() >= 400 && !expected(r.url())) {
        problems.push(`HTTP ${r.status()}: ${r.url()}`);
      }
    });
    await use(page);
    expect(problems, problems.join("\n")).toEqual([]);
  },
});

/// Resolves once the page has hydrated (the wasm has taken over the
/// page), within `timeout` (by default the action timeout, else the test's).
export async function hydrated(page: Page, timeout?: number) {
  await page.locator('body[data-hydrated="true"]').waitFor({ state: "attached", timeout });
}

export { expect };
