import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import AxeBuilder from "@axe-core/playwright";
import type { APIRequestContext, Page } from "@playwright/test";
import { test, expect, hydrated } from "./fixtures";

// Issue 60, part 4: a phone's first screen shows the squad. At 360, 390
// and 414 px, in English, German and Russian: the navigation is one row
// of at most 56 px; the first ship's name is in the first screen of the
// builder, and its shields in the first screen of the play page, for a
// nine-ship squad; nothing passes the right edge. The sections' menu
// passes axe, open and closed.

type Fixture = { name: string; xws: { pilots: unknown[] } };
const squads: Fixture[] = JSON.parse(readFileSync(resolve(__dirname, "../../cards/tests/fixtures/squads.json"), "utf8"));
const NINE = squads.find((s) => s.name === "Nine Scum ships, full bars")!;
const SCYKS = squads.find((s) => s.name === "Merchant One and the Scyks")!;

// Phones as they come: a width and the height of its first screen.
const PHONES = [
  { width: 360, height: 780 },
  { width: 390, height: 844 },
  { width: 414, height: 896 },
];
const LANGUAGES = ["", "/de", "/ru"];
const NAV_MAX_PX = 56;

/// The squad's link code, as the API writes it.
async function codeOf(request: APIRequestContext, squad: Fixture) {
  const response = await request.post("/api/link", { data: squad.xws });
  expect(response.ok()).toBeTruthy();
  return new URL((await response.json()).url).searchParams.get("s")!;
}

/// The header's height, and whether the page scrolls sideways.
async function frame(page: Page) {
  return page.evaluate(() => ({
    header: document.querySelector(".site-header")!.getBoundingClientRect().height,
    scrollWidth: document.documentElement.scrollWidth,
    clientWidth: document.documentElement.clientWidth,
  }));
}

/// Whether the element's box lies inside the first screen, at the top.
async function inFirstScreen(page: Page, selector: string, height: number) {
  const box = await page.locator(selector).first().boundingBox();
  expect(box, selector).not.toBeNull();
  return box!.y >= 0 && box!.y + box!.height <= height;
}

for (const phone of PHONES) {
  test.describe(`a ${phone.width} × ${phone.height} phone`, () => {
    test.use({ viewport: phone, isMobile: true, hasTouch: true });
    for (const lang of LANGUAGES) {
      test(`${lang || "/en"}: one row of navigation, the first ship in the builder's and the play page's first screen`, async ({ page, request }, testInfo) => {
        const code = await codeOf(request, NINE);
        await page.goto(`${lang}/build?s=${code}`);
        await hydrated(page);
        await expect(page.locator("article.ship")).toHaveCount(9);
        let f = await frame(page);
        expect(f.header, "the navigation's height").toBeLessThanOrEqual(NAV_MAX_PX);
        expect(f.scrollWidth, "nothing passes the right edge").toBe(f.clientWidth);
        expect(await inFirstScreen(page, "article.ship .pilot-name", phone.height), "the first ship's name").toBe(true);
        expect(await inFirstScreen(page, "article.ship .ship-points", phone.height), "the first ship's points").toBe(true);
        await page.screenshot({ path: testInfo.outputPath(`build${lang.replace("/", "-") || "-en"}-${phone.width}.png`) });

        await page.goto(`${lang}/play?s=${code}`);
        await hydrated(page);
        await expect(page.locator(".play-ship")).toHaveCount(9);
        f = await frame(page);
        expect(f.header).toBeLessThanOrEqual(NAV_MAX_PX);
        expect(f.scrollWidth, "nothing passes the right edge").toBe(f.clientWidth);
        expect(await inFirstScreen(page, ".play-ship .play-counter-value", phone.height), "the first ship's shields").toBe(true);
        expect(await inFirstScreen(page, ".play-ship .play-hull output", phone.height), "the first ship's hull").toBe(true);
        await page.screenshot({ path: testInfo.outputPath(`play${lang.replace("/", "-") || "-en"}-${phone.width}.png`) });
      });
    }
  });
}

test.describe("the sections' menu on a phone", () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test("works before the page hydrates, from the keyboard, and passes axe open and closed", async ({ page, browser, request }, testInfo) => {
    const code = await codeOf(request, SCYKS);
    // With no script at all, as before the wasm runs: the menu is markup,
    // and opens as such.
    const bare = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
    const before = await bare.newPage();
    await before.goto(`/de/build?s=${code}`);
    await expect(before.locator(".site-menu > summary")).toHaveText("Menü");
    await expect(before.locator(".site-menu-links a").first()).toBeHidden();
    await before.locator(".site-menu > summary").tap();
    await expect(before.locator(".site-menu-links a").first()).toBeVisible();
    await bare.close();

    const summary = page.locator(".site-menu > summary");
    await page.goto(`/de/build?s=${code}`);
    await hydrated(page);
    const closed = await new AxeBuilder({ page }).include(".site-header").analyze();
    expect(closed.violations.filter((v) => v.impact === "serious" || v.impact === "critical")).toEqual([]);
    await summary.focus();
    await page.keyboard.press("Enter");
    await expect(page.locator(".site-menu")).toHaveAttribute("open", "");
    await expect(page.locator(".site-menu-links a")).toHaveCount(5);
    await page.screenshot({ path: testInfo.outputPath("menu-open-de-390.png") });
    const open = await new AxeBuilder({ page }).include(".site-header").analyze();
    expect(open.violations.filter((v) => v.impact === "serious" || v.impact === "critical")).toEqual([]);
    // A section followed closes the menu, and its page shows.
    await page.locator(".site-menu-links a", { hasText: "Suche" }).tap();
    await expect(page).toHaveURL(/\/de\/search/);
    await expect(page.locator(".site-menu")).not.toHaveAttribute("open", "");
  });
});
