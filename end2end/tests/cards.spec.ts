import { test, expect, hydrated } from "./fixtures";

const PILOTS = [
  "C-ROC Cruiser",
  "Cartel Spacer",
  "Tansarii Point Veteran",
  "Genesis Red",
  "Inaldra",
  "Quinn Jast",
  "Sunny Bounder",
];
const UPGRADES = [
  '"Heavy Scyk" Interceptor',
  "Heavy Laser Turret",
  "Cikatro Vizago",
  "Azmorigan",
  "Merchant One",
  '"Light Scyk" Interceptor',
  "Broken Horn",
  "Insatiable Worrt",
  "Supercharged Power Cells",
  "Quick-release Cargo Locks",
  "Pulsed Ray Shield",
  "ARC Caster",
  "Jabba the Hutt",
  "IG-RM Thug Droids",
];

test("/cards is shelves by faction, ship and slot; each holds its cards", async ({ page }) => {
  await page.goto("/cards");
  await expect(page).toHaveTitle("Cards · Merchant One");
  // The index is links, not 659 cards of text.
  await expect(page.locator("li.card-item")).toHaveCount(0);
  await expect(page.locator(".card-filter .count")).toHaveText("659 cards");
  for (const faction of ["Rebel Alliance", "Galactic Empire", "Scum and Villainy", "Upgrades by slot"]) {
    await expect(page.getByRole("heading", { name: faction })).toBeVisible();
  }
  // The pack's cards are on their shelves.
  await page.goto("/cards/scum/m3ainterceptor");
  for (const name of PILOTS.slice(1)) {
    await expect(page.locator("li.card-item").filter({ hasText: name }).first()).toBeVisible();
  }
  for (const [slot, names] of [
    ["title", ['"Heavy Scyk" Interceptor', "Merchant One", "Broken Horn", "Insatiable Worrt"]],
    ["crew", ["Cikatro Vizago", "Azmorigan", "Jabba the Hutt"]],
  ] as const) {
    await page.goto(`/cards/upgrades/${slot}`);
    for (const name of names) {
      await expect(page.locator("li.card-item").filter({ hasText: name }).first()).toBeVisible();
    }
  }
});

// Issue 16, acceptance 2: a named card of each faction within three
// interactions from /cards (a shelf, then the card).
for (const [faction, ship, card, url] of [
  ["Rebel Alliance", "X-wing", "Luke Skywalker", /\/cards\/lukeskywalker/],
  ["Galactic Empire", "TIE Fighter", '"Howlrunner"', /\/cards\/howlrunner$/],
  ["Scum and Villainy", "C-ROC Cruiser", "C-ROC Cruiser", /\/cards\/croccruiser$/],
] as const) {
  test(`/cards reaches ${card} of the ${faction} in two clicks`, async ({ page }) => {
    await page.goto("/cards");
    await hydrated(page);
    const shelf = page.locator("section.shelf-group").filter({ has: page.getByRole("heading", { name: faction }) });
    await shelf.getByRole("link", { name: ship, exact: true }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(`${faction}: ${ship}`);
    await page.locator("li.card-item").getByRole("link", { name: card }).first().click();
    await expect(page).toHaveURL(url);
    await expect(page.getByRole("heading", { level: 1 })).toContainText(card.replaceAll('"', ""));
  });
}

test("the filter finds any card by its words as you type, and is an address", async ({ page }) => {
  await page.goto("/cards");
  await hydrated(page);
  await page.getByLabel("Filter every card").fill("scyk");
  await expect(page.locator(".card-filter .count")).toHaveText("3 of 659 cards match");
  await expect(page.locator("li.card-item")).toHaveCount(3);
  await expect(page.locator('li.card-item[data-xws="heavyscykinterceptor"]')).toBeVisible();
  await expect(page).toHaveURL(/\/cards\?q=scyk$/);
  await page.getByLabel("Filter every card").fill("energy");
  await expect(page.locator('li.card-item[data-xws="heavylaserturret"]')).toBeVisible();
  await expect(page.locator('li.card-item[data-xws="merchantone"]')).toHaveCount(0);
  // Each match shows its one-line summary.
  // "Attack (energy):" as printed, the energy symbol for the cost.
  await expect(page.locator('li.card-item[data-xws="heavylaserturret"] .summary i.xw[aria-label="Energy"]')).toBeVisible();
  // The address reopens the same matches, rendered by the server.
  await page.reload();
  await expect(page.locator('li.card-item[data-xws="heavylaserturret"]')).toBeVisible();
});

test("opening a card shows the printed card; a dual card flips in the browser", async ({ page }) => {
  await page.goto("/cards/upgrades/cannon");
  await hydrated(page);
  await page.getByRole("link", { name: "ARC Caster" }).click();
  await expect(page).toHaveURL(/\/cards\/arccaster$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("ARC Caster");
  await expect(page.getByRole("heading", { name: "ARC Caster (Recharging)" })).toBeVisible();
  await expect(page.getByText("Rebel and Scum only. Dual card.")).toBeVisible();
  await expect(page.locator('.face[data-face="1"] .range')).toHaveText("· Range 1");

  const first = page.locator('.face[data-face="1"]');
  const second = page.locator('.face[data-face="2"]');
  await expect(first).toHaveClass(/face-up/);
  await expect(second).not.toHaveClass(/face-up/);
  await page.getByRole("button", { name: "Flip card" }).click();
  await expect(second).toHaveClass(/face-up/);
  await expect(first).not.toHaveClass(/face-up/);
  await expect(second.locator(".face-state")).toHaveText("Face up");
});

test("a pilot page shows stats, bars and the dial", async ({ page }) => {
  await page.goto("/cards/croccruiser");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("C-ROC Cruiser");
  await expect(page.locator(".stat.energy dd .stat-value")).toHaveText("4");
  await expect(page.locator(".stat.hull dd .stat-value")).toHaveText("10");
  await expect(page.locator(".slots .slot")).toHaveCount(7);
  await expect(page.locator("table.dial td.maneuver")).toHaveCount(8);
  await hydrated(page);
  await page.getByRole("link", { name: "← All cards" }).click();
  await expect(page).toHaveURL(/\/cards$/);
  await expect(page.getByRole("link", { name: "C-ROC Cruiser", exact: true })).toBeVisible();
});

test("navigation reaches every section", async ({ page }) => {
  await page.goto("/");
  await hydrated(page);
  for (const [link, heading] of [
    ["Builder", "Squad builder"],
    ["Search", "Search"],
    ["Rules", "Rules reference"],
    ["Cards", "Cards"],
  ] as const) {
    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: link }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(heading);
  }
});

test.describe("an unknown card", () => {
  test.use({ expectedErrorUrls: ["/cards/notacard"] });

  test("answers 404 and says so", async ({ page }) => {
    const response = await page.goto("/cards/notacard");
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Card not found");
    await hydrated(page);
  });
});

test("cards read like the game: symbols in the text, the bar and the dial, in the icon font", async ({ page, request }) => {
  await page.goto("/cards/heavylasercannon");
  await hydrated(page);
  // "[Critical Hit] results to [Hit] results": glyphs with their names.
  const text = page.locator(".card-detail");
  await expect(text.locator('i.xw[role="img"][aria-label="Critical Hit"]')).toHaveCount(1);
  await expect(text.locator('i.xw[role="img"][aria-label="Hit"]')).toHaveCount(1);
  await expect(text).not.toContainText("[Hit]");
  await expect(text.locator('.slot i.xw[aria-hidden="true"]')).toHaveCount(1);
  // The pilot page: the silhouette, action and stat icons, the dial in glyphs.
  await page.goto("/cards/croccruiser");
  await hydrated(page);
  await expect(page.locator('.ship-line i.xw-ship[aria-label="C-ROC Cruiser"]')).toBeVisible();
  await expect(page.locator(".actions .action i.xw")).toHaveCount(4);
  await expect(page.locator(".stat.hull dt i.xw")).toHaveCount(1);
  await expect(page.locator('table.dial td.maneuver i.xw[aria-label="1 bank left, white, 2 energy"]')).toHaveCount(1);
  // The fonts load, from hashed addresses cached for a year.
  await page.evaluate(() => document.fonts.ready);
  expect(await page.evaluate(() => document.fonts.check('1em "xwing-miniatures"'))).toBe(true);
  const css = await (await request.get(await page.locator("link#leptos").getAttribute("href") as string)).text();
  const fonts = [...css.matchAll(/\/fonts\/[\w.-]+\.woff2/g)].map((m) => m[0]);
  expect(fonts).toHaveLength(2);
  for (const font of fonts) {
    const response = await request.get(font);
    expect(response.status()).toBe(200);
    expect(response.headers()["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect((await response.body()).subarray(0, 4).toString()).toBe("wOF2");
  }
});
