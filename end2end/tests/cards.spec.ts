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

test("/cards lists every card and filters as you type once hydrated", async ({ page }) => {
  await page.goto("/cards");
  await expect(page).toHaveTitle("Cards · Merchant One");
  const items = page.locator("li.card-item");
  // Every 1st-edition card: 297 pilots and 362 upgrades; the pack's among them.
  await expect(items).toHaveCount(659);
  for (const name of [...PILOTS, ...UPGRADES]) {
    await expect(items.filter({ has: page.getByRole("link", { name, exact: false }) }).first()).toBeVisible();
  }
  await expect(page.locator(".card-filter .count")).toHaveText("659 of 659 cards");

  // Filtering runs in the browser: it only works after hydration.
  await hydrated(page);
  await page.getByLabel("Filter").fill("scyk");
  await expect(page.locator(".card-filter .count")).toHaveText("3 of 659 cards");
  await expect(page.locator("li.card-item:visible")).toHaveCount(3);
  await expect(page.locator('li.card-item[data-xws="heavyscykinterceptor"]')).toBeVisible();
  await expect(page.locator('li.card-item[data-xws="merchantone"]')).toBeHidden();

  await page.getByLabel("Filter").fill("energy");
  await expect(page.locator('li.card-item[data-xws="merchantone"]')).toBeHidden();
  await expect(page.locator('li.card-item[data-xws="heavylaserturret"]')).toBeVisible();
  await expect(page.locator('li.card-item[data-xws="azmorigan"]')).toBeVisible();
});

test("opening a card shows the printed card; a dual card flips in the browser", async ({ page }) => {
  await page.goto("/cards");
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
  await expect(page.locator(".stat.energy dd")).toHaveText("4");
  await expect(page.locator(".stat.hull dd")).toHaveText("10");
  await expect(page.locator(".slots .slot")).toHaveCount(7);
  await expect(page.locator("table.dial td.maneuver")).toHaveCount(8);
  await hydrated(page);
  await page.getByRole("link", { name: "← All cards" }).click();
  await expect(page).toHaveURL(/\/cards$/);
  await expect(page.locator("li.card-item")).toHaveCount(659);
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
