import { test, expect, hydrated } from "./fixtures";

// Issue 48: the ship as its cards make it fly. An X-wing with R2
// Astromech flies its 2-speed turns and banks green, and Shield Upgrade
// gives it a third shield: the builder marks both, and each mark names
// its card when tapped (a phone) or focused (a keyboard).

const XWING = {
  version: "1.0.0",
  faction: "rebel",
  name: "R2 on a Rookie",
  pilots: [{ name: "rookiepilot", ship: "xwing", upgrades: { amd: ["r2astromech"], mod: ["shieldupgrade"] } }],
};

async function linkOf(request: import("@playwright/test").APIRequestContext) {
  const response = await request.post("/api/link", { data: XWING });
  expect(response.ok()).toBeTruthy();
  return ((await response.json()).url as string).replace(/^https?:\/\/[^/]+/, "");
}

test.describe("a phone", () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  test("the pilot's panel outlines the maneuvers R2 Astromech greens and names it on a tap", async ({ page, request }, testInfo) => {
    await page.goto(await linkOf(request));
    await hydrated(page);
    const ship = page.locator('article.ship[data-ship="0"]');
    // The ship card: the shields stat is marked, and names its card.
    const shields = ship.locator(".stat.shields.changed");
    await expect(shields).toContainText("3");
    await shields.locator(".change-mark").tap();
    await expect(shields.locator(".change-note")).toBeVisible();
    await expect(shields.locator(".change-note")).toHaveText("Shields: Shield Upgrade");
    // The pilot's panel: the dial as flown.
    await ship.locator(".pilot-card").tap();
    const panel = ship.locator(".card-panel.in-place").first();
    const changed = panel.locator("table.dial td.maneuver.changed");
    await expect(changed).toHaveCount(4);
    await expect(panel.locator("table.dial td.maneuver.green")).toHaveCount(8);
    const outline = await changed.first().evaluate((td) => getComputedStyle(td).outlineStyle);
    expect(outline).toBe("solid");
    const mark = changed.first().locator(".change-mark");
    await mark.tap();
    await expect(mark.locator(".change-note")).toBeVisible();
    await expect(mark.locator(".change-note")).toHaveText("green: R2 Astromech");
    await expect(panel.locator(".stat.shields.changed")).toContainText("3");
    const shot = testInfo.outputPath("as-built-390.png");
    await page.screenshot({ path: shot, fullPage: true });
    await testInfo.attach("as-built-390.png", { path: shot, contentType: "image/png" });
  });
});

test("a wide screen's side panel shows the pilot as its ship flies", async ({ page, request }) => {
  await page.setViewportSize({ width: 1366, height: 900 });
  await page.goto(await linkOf(request));
  await hydrated(page);
  await page.locator('article.ship[data-ship="0"] .pilot-card').focus();
  const side = page.locator(".card-panel.side");
  await expect(side.locator("table.dial td.maneuver.changed")).toHaveCount(4);
  const mark = side.locator("table.dial td.maneuver.changed .change-mark").first();
  await mark.focus();
  await expect(mark.locator(".change-note")).toBeVisible();
  await expect(mark.locator(".change-note")).toHaveText("green: R2 Astromech");
});

test("the printout prints the dial flown, outlined, with its card", async ({ page, request }) => {
  const link = await linkOf(request);
  await page.goto(link.replace("/build?", "/build/print?"));
  await hydrated(page);
  await expect(page.locator("table.dial td.maneuver.changed")).toHaveCount(4);
  await expect(page.locator(".print-changes")).toHaveText("* green: R2 Astromech");
});

test("the builder marks each changed stat and gained action with its card", async ({ page, request }) => {
  const cases: [string, string, string, Record<string, string[]>, string, string][] = [
    ["rebel", "rookiepilot", "xwing", { mod: ["hullupgrade"] }, ".stat.hull.changed", "Hull: Hull Upgrade"],
    ["rebel", "rookiepilot", "xwing", { mod: ["stealthdevice"] }, ".stat.agility.changed", "Agility: Stealth Device"],
    ["rebel", "rookiepilot", "xwing", { mod: ["shieldupgrade"] }, ".stat.shields.changed", "Shields: Shield Upgrade"],
    ["scum", "cartelspacer", "m3ainterceptor", { title: ["heavyscykinterceptor"] }, ".stat.hull.changed", 'Hull: "Heavy Scyk" Interceptor'],
    ["rebel", "rookiepilot", "xwing", { mod: ["engineupgrade"] }, ".action.changed", "Boost: Engine Upgrade"],
  ];
  for (const [faction, name, shipType, upgrades, marked, note] of cases) {
    const xws = { version: "1.0.0", faction, pilots: [{ name, ship: shipType, upgrades }] };
    const response = await request.post("/api/link", { data: xws });
    await page.goto(((await response.json()).url as string).replace(/^https?:\/\/[^/]+/, ""));
    await hydrated(page);
    const mark = page.locator(`article.ship[data-ship="0"] ${marked} .change-mark`);
    await mark.focus();
    await expect(mark.locator(".change-note")).toBeVisible();
    await expect(mark.locator(".change-note")).toHaveText(note);
  }
});
