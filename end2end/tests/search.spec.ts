import { test, expect, hydrated } from "./fixtures";

test("type a query, see highlighted hits, filter by slot, reload the shared address", async ({ page }) => {
  await page.goto("/search");
  await hydrated(page);
  await page.locator("#search-q").fill("energy");
  // The address follows the typing (debounced) and the results update.
  await expect(page).toHaveURL(/\/search\?q=energy$/);
  await expect(page.locator("li.hit[data-xws='heavylaserturret']")).toBeVisible();
  await expect(page.locator("li.hit[data-xws='merchantone']")).toBeVisible();
  await expect(page.locator("li.hit[data-xws='heavylaserturret'] .snippet b").first()).toHaveText(/energy/i);

  // Each slot says how many hits it would leave; picking Title narrows.
  await expect(page.locator("#search-slot option[value='title']")).toHaveText("Title (9)");
  await page.locator("#search-slot").selectOption("title");
  await expect(page).toHaveURL(/\/search\?q=energy&slot=title$/);
  await expect(page.locator("#search-count")).toHaveText("9 results");
  const names = await page.locator("li.hit .hit-name").allTextContents();
  // The huge ships' titles that change the energy limit (C-ROC, GR-75, Gozanti).
  expect(names.sort()).toEqual([
    "Bright Hope",
    "Broken Horn",
    "Dutyfree",
    "Insatiable Worrt",
    "Merchant One",
    "Quantum Storm",
    "Requiem",
    "Suppressor",
    "Vector",
  ]);

  // The shared address opens the same search, rendered by the server.
  await page.reload();
  await hydrated(page);
  await expect(page.locator("#search-q")).toHaveValue("energy");
  await expect(page.locator("#search-slot")).toHaveValue("title");
  expect((await page.locator("li.hit .hit-name").allTextContents()).sort()).toEqual(names.sort());

  // A hit links to its card.
  await page.locator("li.hit[data-xws='brokenhorn'] .hit-name").click();
  await expect(page).toHaveURL(/\/cards\/brokenhorn$/);
});

test("a typo is forgiven and the page says so; hostile text is just searched", async ({ page }) => {
  await page.goto("/search?q=shild");
  await hydrated(page);
  await expect(page.locator(".search-note")).toContainText("“shild” matched “shield”");
  await expect(page.locator("li.hit[data-xws='pulsedrayshield'] .snippet b").first()).toHaveText("shield");
  for (const q of ['"unbalanced (', "field:", ".:*{", "🚀"]) {
    await page.goto(`/search?q=${encodeURIComponent(q)}`);
    await expect(page.locator("#search-count")).toBeVisible();
  }
  await page.goto("/search?kind=starship");
  await expect(page.locator(".error").first()).toContainText("unknown kind `starship`");
});

// Issue 16, acceptance 2: a named card of each faction within three
// interactions from /search (type, then open the hit).
for (const [q, xws, heading] of [
  ["luke skywalker", "lukeskywalker", "Luke Skywalker"],
  ["howlrunner", "howlrunner", "Howlrunner"],
  ["guri", "guri", "Guri"],
] as const) {
  test(`/search reaches ${heading} in two interactions`, async ({ page }) => {
    await page.goto("/search");
    await hydrated(page);
    await page.locator("#search-q").fill(q);
    await page.locator(`li.hit[data-xws='${xws}'] .hit-name`).first().click();
    await expect(page).toHaveURL(new RegExp(`/cards/${xws}`));
    await expect(page.getByRole("heading", { level: 1 })).toContainText(heading);
  });
}

test("size and skill filter the hits, each value with its count", async ({ page }) => {
  await page.goto("/search?q=energy");
  await hydrated(page);
  await expect(page.locator("#search-size option[value='huge']")).toHaveText(/^huge \(\d+\)$/);
  await page.locator("#search-size").selectOption("huge");
  await expect(page).toHaveURL(/size=huge/);
  await expect(page.locator("li.hit[data-xws='croccruiser']").first()).toBeVisible();
  await page.goto("/search?q=&kind=pilot&skill=9-12");
  await expect(page.locator("li.hit[data-xws='talonbanecobra']").first()).toBeVisible();
  await expect(page.locator("li.hit[data-xws='cartelspacer']")).toHaveCount(0);
  // A sentence finds the cards with most of its words, and says so.
  await page.goto("/search?q=crew+that+gives+energy");
  await expect(page.getByText("No card has every word")).toBeVisible();
});
