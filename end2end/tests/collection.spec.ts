import { readFileSync, writeFileSync } from "node:fs";
import { resolve } from "node:path";
import AxeBuilder from "@axe-core/playwright";
import { test, expect, hydrated } from "./fixtures";

// Issue 39: the collection, what a squad lacks and what to buy, the
// collection carried by link and file, and the printout.

type Fixture = { name: string; xws: { pilots: unknown[] } };
const fixtures: Fixture[] = JSON.parse(
  readFileSync(resolve(__dirname, "../../cards/tests/fixtures/squads.json"), "utf8"),
);
const NINE = fixtures.find((s) => s.name === "Nine Scum ships, full bars")!;

const spacer = { name: "cartelspacer", ship: "m3ainterceptor", upgrades: { title: ["heavyscykinterceptor"] } };
const croc = { name: "croccruiser", ship: "croccruiser", upgrades: { title: ["merchantone"] } };
const twoScyks = { version: "1.0.0", faction: "scum", name: "Two Heavy Scyks", pilots: [croc, spacer, spacer] };

async function linkOf(request: import("@playwright/test").APIRequestContext, xws: object) {
  const response = await request.post("/api/link", { data: xws });
  expect(response.ok()).toBeTruthy();
  return ((await response.json()).url as string).replace(/^https?:\/\/[^/]+/, "");
}

/// Sets how many of a product the player owns, on /collection.
async function own(page: import("@playwright/test").Page, key: string, copies: number) {
  const input = page.locator(`#own-${key}`).first();
  await input.fill(String(copies));
  await input.dispatchEvent("change");
}

async function kept(page: import("@playwright/test").Page) {
  return page.evaluate(() => localStorage.getItem("merchant-one.collection"));
}

test("a collection set on /collection shows what a squad lacks and what to buy", async ({ page, request }) => {
  await page.goto("/collection");
  await hydrated(page);
  await own(page, "c-roc-cruiser", 1);
  await expect(page.locator("#collection-summary")).toContainText("You own 1 products and 0 loose cards");
  expect(JSON.parse((await kept(page))!)).toEqual({ products: { "c-roc-cruiser": 1 }, ships: {}, pilots: {}, upgrades: {} });

  await page.goto(await linkOf(request, twoScyks));
  await hydrated(page);
  const check = page.locator(".collection-check");
  await expect(check.locator("#collection-missing li")).toHaveCount(3);
  await expect(check).toContainText("a second M3-A Interceptor ship model: you own 1");
  await expect(check).toContainText('a second "Heavy Scyk" Interceptor (Title): you own 1');
  await expect(check.locator("#collection-buy li")).toHaveCount(1);
  await expect(check.locator("#collection-buy")).toContainText("M3-A Interceptor Expansion Pack");

  // The picker marks what the collection does not hold, and can narrow to it.
  await page.goto(await linkOf(request, { ...twoScyks, pilots: [croc, spacer] }));
  await hydrated(page);
  await expect(page.locator("#collection-covered")).toHaveText("Your collection covers this squad.");
  const crewSlot = page.locator("article.ship").first().locator("button.slot-button.empty").first();
  await crewSlot.click();
  await expect(page.locator(".picker .not-owned").first()).toBeVisible();
  const all = await page.locator(".picker li.option").count();
  await page.locator(".only-owned input").check();
  const mine = await page.locator(".picker li.option").count();
  expect(mine).toBeGreaterThan(0);
  expect(mine).toBeLessThan(all);
  await expect(page.locator(".picker .not-owned")).toHaveCount(0);
});

test("a collection travels by link to a fresh browser and arrives the same", async ({ page, browser }) => {
  await page.goto("/collection");
  await hydrated(page);
  await own(page, "core-set", 2);
  await own(page, "c-roc-cruiser", 1);
  await page.locator("#loose-search").fill("heavy laser cannon");
  await page.locator(".add-loose", { hasText: "Heavy Laser Cannon" }).first().click();
  await expect(page.locator(".loose-owned li")).toHaveCount(1);
  const mine = await kept(page);
  const link = await page.locator("#collection-link").inputValue();
  expect(link).toMatch(/\/collection\?c=c1\.[A-Za-z0-9_-]+$/);
  expect(link.length).toBeLessThan(80);

  const fresh = await browser.newContext();
  const other = await fresh.newPage();
  await other.goto(link.replace(/^https?:\/\/[^/]+/, ""));
  await hydrated(other);
  await expect(other.locator("[role=status]").first()).toContainText("Your collection is now the one from the link.");
  await expect(other.locator("#own-core-set").first()).toHaveValue("2");
  await expect(other.locator("#own-c-roc-cruiser").first()).toHaveValue("1");
  expect(await kept(other)).toEqual(mine);
  expect(other.url()).toMatch(/\/collection$/);
  await fresh.close();
});

test("a damaged link or file is refused with its reason and replaces nothing", async ({ page }, testInfo) => {
  await page.goto("/collection");
  await hydrated(page);
  await own(page, "core-set", 1);
  const before = await kept(page);
  const link = await page.locator("#collection-link").inputValue();
  const damaged = link.replace(/\/collection\?c=c1\.(.)/, (_, c) => `/collection?c=c1.${c === "A" ? "B" : "A"}`);
  await page.goto(damaged.replace(/^https?:\/\/[^/]+/, ""));
  await hydrated(page);
  await expect(page.locator("[role=alert]")).toContainText("This collection link cannot be opened: the collection link is damaged");
  expect(await kept(page)).toEqual(before);
  await expect(page.locator("#own-core-set").first()).toHaveValue("1");

  const bad = testInfo.outputPath("bad.json");
  writeFileSync(bad, '{"products": {"core-set": 1, "no-such-box": 2}}');
  await page.locator("#open-collection-file").setInputFiles(bad);
  await expect(page.locator("[role=alert]")).toContainText("This file cannot be opened: products `no-such-box` is not a product");
  expect(await kept(page)).toEqual(before);

  // A good file with a collection kept: offered, taken only when asked.
  const good = testInfo.outputPath("good.json");
  writeFileSync(good, '{"products": {"m3-a-interceptor": 3}}');
  await page.locator("#open-collection-file").setInputFiles(good);
  await expect(page.locator(".offer")).toContainText("The file holds a collection of 3 products");
  expect(await kept(page)).toEqual(before);
  await page.locator("#take-offer").click();
  await expect(page.locator("#own-m3-a-interceptor").first()).toHaveValue("3");
  expect(JSON.parse((await kept(page))!).products).toEqual({ "m3-a-interceptor": 3 });
});

test("an unreadable kept collection is set aside, not lost", async ({ page }) => {
  await page.goto("/collection");
  // Live first: a page still hydrating would read the entry itself, set
  // it aside and say so before the reload, which then finds nothing.
  await hydrated(page);
  await page.evaluate(() => localStorage.setItem("merchant-one.collection", "{broken"));
  await page.reload();
  await hydrated(page);
  await expect(page.locator("[role=alert]")).toContainText("could not be read");
  const aside = await page.evaluate(() =>
    Object.keys(localStorage)
      .filter((k) => k.startsWith("merchant-one.collection-aside."))
      .map((k) => localStorage.getItem(k)),
  );
  expect(aside).toEqual(["{broken"]);
});

test("the nine-ship printout is two A4 pages with every card text and dial; compact is one", async ({ page, request }) => {
  const link = await linkOf(request, NINE.xws);
  const code = link.split("s=")[1];
  await page.goto(`/build/print?s=${code}`);
  await hydrated(page);
  await expect(page.locator(".print-ship")).toHaveCount(9);
  await expect(page.locator(".print-ship table.dial")).toHaveCount(9);
  await expect(page.locator(".printout .qr svg")).toBeVisible();
  // Every equipped card's full text, as the API's card data gives it: each
  // line whole, its [Focus]-style tokens and the printout's glyphs (`<i>`,
  // letters in the icon font) set aside, brackets too (a cost's glyph takes
  // its own), and white space made one space on both sides.
  const cards = await (await request.get("/api/cards")).json();
  const words = (s: string) =>
    s
      .replace(/\[[^\]]+\]/g, " ")
      .replace(/[\uE000-\uF8FF()]/g, " ")
      .replace(/\s+/g, " ")
      .trim();
  const text = words(
    await page.locator(".printout").evaluate((printout) => {
      const copy = printout.cloneNode(true) as HTMLElement;
      copy.querySelectorAll("i").forEach((glyph) => glyph.replaceWith(" "));
      copy.querySelectorAll("p, li, h2, td, th").forEach((block) => block.append(" "));
      return copy.textContent ?? "";
    }),
  );
  // No token is left as a word: each is drawn.
  const shown = await page.locator(".printout").innerText();
  for (const token of ["[Hit]", "[Critical Hit]", "[Focus]", "[Boost]"]) {
    expect(shown).not.toContain(token);
  }
  for (const pilot of NINE.xws.pilots as { upgrades?: Record<string, string[]> }[]) {
    for (const xws of Object.values(pilot.upgrades ?? {}).flat()) {
      const card = cards.upgrades.find((u: { xws: string }) => u.xws === xws);
      // An attack's cost ("Attack (energy):") is drawn as its glyph.
      const lines = card.faces[0].text.split("\n").map((l: string) => l.replace(/^Attack \([^)]*\):/, "Attack :"));
      for (const line of lines.map(words).filter(Boolean)) {
        expect(text, xws).toContain(line);
      }
    }
  }
  await page.emulateMedia({ media: "print" });
  const pdf = await page.pdf({ format: "A4", printBackground: true, preferCSSPageSize: true });
  const pages = (pdf.toString("latin1").match(/\/Type\s*\/Page[^s]/g) ?? []).length;
  expect(pages, "A4 pages").toBeLessThanOrEqual(2);
  expect(pages).toBeGreaterThanOrEqual(1);

  await page.goto(`/build/print?s=${code}&compact=1`);
  await hydrated(page);
  await page.emulateMedia({ media: "print" });
  const compact = await page.pdf({ format: "A4", printBackground: true, preferCSSPageSize: true });
  expect((compact.toString("latin1").match(/\/Type\s*\/Page[^s]/g) ?? []).length, "compact pages").toBe(1);
});

test("the builder offers BBCode, Markdown, HTML and the Tabletop Simulator list with the squad's link", async ({ page, request }) => {
  await page.goto(await linkOf(request, twoScyks));
  await hydrated(page);
  await page.locator("summary", { hasText: "BBCode" }).click();
  await expect(page.locator("#bbcode")).toContainText("[b][url=http://127.0.0.1");
  await expect(page.locator("#bbcode")).toContainText("[*][b]C-ROC Cruiser[/b] + Merchant One");
  await page.locator("summary", { hasText: "Markdown" }).click();
  await expect(page.locator("#markdown")).toContainText("**[Two Heavy Scyks](http://127.0.0.1");
  await expect(page.locator("#markdown")).toContainText("- **Cartel Spacer** + \"Heavy Scyk\" Interceptor");
  // Issue 48: an HTML snippet for a blog, every card linked to its page.
  await page.locator("summary", { hasText: "HTML" }).click();
  await expect(page.locator("#html")).toContainText('<strong><a href="http://127.0.0.1');
  await expect(page.locator("#html")).toContainText('/cards/croccruiser">C-ROC Cruiser</a></strong> + <a href="http://127.0.0.1');
  // And the list the Tabletop Simulator mod spawns, the link last.
  await page.locator("summary", { hasText: "Tabletop Simulator" }).click();
  await expect(page.locator("#tts")).toContainText("C-ROC Cruiser + Merchant One");
  expect(await page.locator("#tts").textContent()).toMatch(/\nhttp:\/\/127\.0\.0\.1:\d+\/build\?s=v\S+\n$/);
  await expect(page.locator("#print-view")).toHaveAttribute("href", /^\/build\/print\?s=v/);
});

for (const width of [360, 414]) {
  test(`the collection and the printout fit a ${width} px phone, and axe finds nothing serious`, async ({ page, request }) => {
    await page.setViewportSize({ width, height: 800 });
    await page.goto("/collection");
    await hydrated(page);
    await own(page, "c-roc-cruiser", 1);
    await page.locator("#loose-search").fill("scyk");
    await page.locator(".add-loose").first().click();
    const link = await linkOf(request, NINE.xws);
    for (const address of ["/collection", `/build/print?s=${link.split("s=")[1]}`]) {
      await page.goto(address);
      await hydrated(page);
      const sizes = await page.evaluate(() => [document.documentElement.scrollWidth, document.documentElement.clientWidth]);
      expect(sizes[0], `${address} scrollWidth`).toBe(width);
      const results = await new AxeBuilder({ page }).analyze();
      const serious = results.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
      expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target).join(", ")}`), address).toEqual([]);
    }
  });
}

test("card pages, /cards and search say what you own", async ({ page }) => {
  await page.goto("/collection");
  await page.evaluate(() => localStorage.setItem("merchant-one.collection", JSON.stringify({ products: { "c-roc-cruiser": 1 } })));

  await page.goto("/cards/lightscykinterceptor");
  await hydrated(page);
  await expect(page.locator(".in-collection")).toContainText("In your collection: 6");
  await expect(page.locator("ul.products")).toContainText("C-ROC Cruiser Expansion Pack ×6");

  await page.goto("/cards");
  await hydrated(page);
  await page.locator("#only-owned").check();
  // The C-ROC pack's 7 pilot cards and 14 upgrade cards.
  await expect(page.locator(".card-list.matches li")).toHaveCount(21);
  await page.locator("#card-filter").fill("scyk");
  // Both titles, and Tansarii Point Veteran, whose card prints "Scyk Fighter".
  await expect(page.locator(".card-list.matches li")).toHaveCount(3);
  await expect(page.locator(".card-list.matches")).toContainText('"Light Scyk" Interceptor');
  await expect(page.locator(".card-list.matches")).toContainText('"Heavy Scyk" Interceptor');
  await expect(page.locator(".card-list.matches")).toContainText("Tansarii Point Veteran");

  await page.goto("/search?q=heavy%20laser");
  await hydrated(page);
  await expect(page.locator('.hit[data-xws="heavylaserturret"] .hit-owned')).toHaveText(" · 1 in your collection");
  await expect(page.locator('.hit[data-xws="heavylasercannon"] .hit-owned')).toHaveText(" · not in your collection");
  const all = await page.locator(".hit:visible").count();
  await page.locator("#only-owned").check();
  const mine = await page.locator(".hit:visible").count();
  expect(mine).toBeGreaterThan(0);
  expect(mine).toBeLessThan(all);
  await expect(page.locator(".hit:visible .hit-owned", { hasText: "not in your collection" })).toHaveCount(0);
});
