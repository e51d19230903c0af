import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import AxeBuilder from "@axe-core/playwright";
import { test, expect, hydrated } from "./fixtures";

// Issue 47, acceptance 4: the nine-ship fixture squad opened by its link in
// German, Russian and Polish shows that language's card names, glyphs and
// problems; the language menu goes to English and back with the squad
// kept; the printout is in the language too. The layout holds on phones in
// German (the longest words) and Russian, and axe finds nothing serious.

type Fixture = { name: string; xws: { pilots: unknown[] } };
const NINE = "Nine Scum ships, full bars";
const nine: Fixture = JSON.parse(
  readFileSync(resolve(__dirname, "../../cards/tests/fixtures/squads.json"), "utf8"),
).find((s: Fixture) => s.name === NINE);

/// A card's name in `lang` as the import wrote it (cards/data/i18n/<lang>.csv).
function translatedName(lang: string, key: string): string {
  const csv = readFileSync(resolve(__dirname, `../../cards/data/i18n/${lang}.csv`), "utf8");
  const line = csv.split("\n").find((l) => l.startsWith(`${key},name,`));
  if (!line) throw new Error(`${lang}.csv has no name for ${key}`);
  return line.slice(`${key},name,`.length).replace(/^"|"$/g, "");
}

/// The squad's shared link, as the API writes it, without its origin.
async function nineLink(request: import("@playwright/test").APIRequestContext) {
  const response = await request.post("/api/link", { data: nine.xws });
  expect(response.ok()).toBeTruthy();
  return ((await response.json()).url as string).replace(/^https?:\/\/[^/]+/, "");
}

/// Visible elements whose right edge passes the viewport (as layout.spec.ts).
async function overflowing(page: import("@playwright/test").Page) {
  return page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    return [...document.querySelectorAll("body *")]
      .filter((e) => {
        const box = e.getBoundingClientRect();
        const style = getComputedStyle(e);
        return box.width > 0 && box.height > 0 && style.visibility !== "hidden" && box.right > width + 0.5;
      })
      .map((e) => `${e.tagName.toLowerCase()}.${e.className} right ${Math.round(e.getBoundingClientRect().right)}`);
  });
}

for (const lang of ["de", "ru", "pl"]) {
  test(`the nine-ship squad in ${lang}: names, glyphs, problems, the menu and the printout`, async ({ page, request }) => {
    const link = await nineLink(request);
    const code = new URL(link, "http://x").searchParams.get("s")!;
    const cannon = translatedName(lang, "heavylasercannon");

    // The English problems, to tell the translated ones from them.
    await page.goto(link);
    await hydrated(page);
    const englishProblems = await page.locator("ul.problems").first().innerText();
    expect(englishProblems.length).toBeGreaterThan(0);

    await page.goto(`/${lang}${link}`);
    await hydrated(page);
    await expect(page.locator("html")).toHaveAttribute("lang", lang);
    await expect(page.locator("article.ship")).toHaveCount(9);
    await expect(page.locator("main")).toContainText(cannon);
    // Glyphs drawn, named in the language (not "Focus" or "Cannon").
    const glyphs = page.locator("main i[role=img]");
    expect(await glyphs.count()).toBeGreaterThanOrEqual(9);
    const names = await glyphs.evaluateAll((es) => es.map((e) => e.getAttribute("aria-label")));
    expect(names).not.toContain("Cannon");
    expect(names).not.toContain("Target Lock");
    // The squad's problems, in the language.
    const problems = page.locator("ul.problems").first();
    await expect(problems).toBeVisible();
    expect(await problems.innerText()).not.toEqual(englishProblems);
    // The link to copy keeps the prefix.
    await expect(page.locator("#share-link")).toHaveValue(new RegExp(`/${lang}/build\\?s=${code}$`));

    // To English and back, the squad kept.
    await page.locator(".language-menu summary").click();
    await page.locator('.language-menu a[hreflang="en"]').click();
    await expect(page).toHaveURL(new RegExp(`/build\\?s=${code}$`));
    await hydrated(page);
    await expect(page.locator("html")).toHaveAttribute("lang", "en");
    await expect(page.locator("main")).toContainText("Heavy Laser Cannon");
    await page.locator(".language-menu summary").click();
    await page.locator(`.language-menu a[hreflang="${lang}"]`).click();
    await expect(page).toHaveURL(new RegExp(`/${lang}/build\\?s=${code}$`));
    await hydrated(page);
    await expect(page.locator("article.ship")).toHaveCount(9);
    await expect(page.locator("main")).toContainText(cannon);

    // The printout, in the language, its texts with glyphs.
    await page.locator("#print-view").click();
    await expect(page).toHaveURL(new RegExp(`/${lang}/build/print\\?s=`));
    await expect(page.locator("html")).toHaveAttribute("lang", lang);
    await expect(page.locator("section.print-ship")).toHaveCount(9);
    await expect(page.locator("article")).toContainText(cannon);
    const sheet = await page.locator("article").innerText();
    for (const token of ["[Hit]", "[Critical Hit]", "[Focus]", "[Boost]"]) {
      expect(sheet).not.toContain(token);
    }
  });
}

for (const lang of ["de", "ru"]) {
  for (const width of [360, 390, 414]) {
    test.describe(`a ${width} px phone in ${lang}`, () => {
      test.use({ viewport: { width, height: 800 }, isMobile: true, hasTouch: true });
      test(`the nine-ship squad fits`, async ({ page, request }, testInfo) => {
        await page.goto(`/${lang}${await nineLink(request)}`);
        await hydrated(page);
        await expect(page.locator("article.ship")).toHaveCount(9);
        await page.evaluate(() =>
          document.querySelectorAll("article.ship").forEach((s) => ((s as HTMLElement).style.contentVisibility = "visible")),
        );
        const sizes = await page.evaluate(() => [document.documentElement.scrollWidth, document.documentElement.clientWidth]);
        expect(sizes[0], `scrollWidth at ${width}`).toBe(width);
        expect(await overflowing(page)).toEqual([]);
        if (width === 360) {
          const path = testInfo.outputPath(`nine-ships-${lang}-${width}.png`);
          await page.screenshot({ path, fullPage: true });
          await testInfo.attach(`nine-ships-${lang}-${width}.png`, { path, contentType: "image/png" });
        }
      });
    });
  }
}

for (const path of ["/de/build", "/ru/cards/heavylasercannon"]) {
  test(`axe finds nothing serious or critical on ${path}`, async ({ page }) => {
    await page.goto(path);
    await hydrated(page);
    const results = await new AxeBuilder({ page }).analyze();
    const serious = results.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
    expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target).join(", ")}`)).toEqual([]);
  });
}

test.describe("an unknown language prefix", () => {
  test.use({ expectedErrorUrls: ["/xx/build"] });
  test("is the 404 page", async ({ page }) => {
    const response = await page.goto("/xx/build");
    expect(response?.status()).toBe(404);
  });
});
