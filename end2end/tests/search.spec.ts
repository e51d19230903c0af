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

test("every result is reached: the next page keeps a shareable address", async ({ page, request }) => {
  // Every hit of "energy", by the API, to know the last one.
  const all = await (await request.get("/api/search?q=energy&limit=100")).json();
  expect(all.total).toBeGreaterThan(50);
  const last = all.hits[all.hits.length - 1];
  await page.goto("/search?q=energy");
  await hydrated(page);
  await expect(page.locator("#search-count")).toHaveText(`${all.total} results, 1 to 50 shown`);
  await expect(page.locator("li.hit")).toHaveCount(50);
  await expect(page.locator(".page-before")).toHaveCount(0);
  await page.locator(".page-after").click();
  await expect(page).toHaveURL(/\/search\?q=energy&page=2$/);
  await expect(page.locator("#search-count")).toHaveText(`${all.total} results, 51 to ${all.total} shown`);
  await expect(page.locator(`li.hit[data-xws='${last.xws}']`).last()).toBeVisible();
  await expect(page.locator(".page-after")).toHaveCount(0);
  // The list numbers go on from the first page.
  await expect(page.locator("ol.hits")).toHaveAttribute("start", "51");
  // The address is the page: opened anew, it shows the same results.
  await page.reload();
  await hydrated(page);
  await expect(page.locator("li.hit")).toHaveCount(all.total - 50);
  // A new query starts again at the first page.
  await page.locator("#search-q").fill("shields");
  await expect(page).toHaveURL(/\/search\?q=shields$/);
  await page.locator(".page-before").waitFor({ state: "detached" });
});

test("plurals find what the plain word finds; a quoted phrase is exact", async ({ page }) => {
  await page.goto("/search?q=shields");
  await hydrated(page);
  const plural = await page.locator("#search-count").textContent();
  await page.goto("/search?q=shield");
  await hydrated(page);
  await expect(page.locator("#search-count")).toHaveText(plural!);
  await page.goto("/search?q=reinforce");
  await hydrated(page);
  await expect(page.locator("li.hit[data-xws='reinforceddeflectors']")).toBeVisible();
  // Quoted, the words as written: fewer cards than the stemmed words find,
  // each of them among those.
  const found = async (q: string) => {
    await page.goto(`/search?q=${encodeURIComponent(q)}&limit=100`);
    await hydrated(page);
    return page.locator("li.hit").evaluateAll((hits) => hits.map((h) => h.getAttribute("data-xws")));
  };
  const exact = await found('"target locks"');
  const stemmed = await found("target locks");
  expect(exact.length).toBeGreaterThan(0);
  expect(exact.length).toBeLessThan(stemmed.length);
  for (const xws of exact) expect(stemmed).toContain(xws);
});
