import AxeBuilder from "@axe-core/playwright";
import { test, expect, hydrated } from "./fixtures";

// Issue 16, acceptance 2: every page, hydrated, has no serious or critical
// axe-core violation, and none scrolls sideways on a 390 px wide phone.
const PAGES = [
  "/",
  "/build",
  "/cards",
  "/cards?q=energy",
  "/cards/scum/croccruiser",
  "/cards/upgrades/crew",
  "/cards/croccruiser",
  "/cards/arccaster",
  "/cards/heavylasercannon",
  "/cards/guri",
  "/search?q=energy",
  "/rules",
  "/rules/huge-ships",
  "/rules/huge-ships-summary",
  "/rules/solo-alpha",
  "/rules/mission-dreadnought",
];

for (const path of PAGES) {
  test(`axe-core finds no serious or critical violation on ${path}`, async ({ page }) => {
    await page.goto(path);
    await hydrated(page);
    const results = await new AxeBuilder({ page }).analyze();
    const serious = results.violations
      .filter((v) => v.impact === "serious" || v.impact === "critical")
      .map((v) => `${v.id} (${v.impact}): ${v.help}\n  ${v.nodes.slice(0, 3).map((n) => n.target.join(" ")).join("\n  ")}`);
    expect(serious, serious.join("\n")).toEqual([]);
  });

  test(`${path} does not scroll sideways at 390 px`, async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(path);
    await hydrated(page);
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width, `${path} is ${width} px wide`).toBeLessThanOrEqual(390);
  });
}

test("a built squad passes axe-core and fits a phone", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto("/build");
  await hydrated(page);
  await page.locator("#add-pilot").selectOption("101");
  await page.locator("#add-ship").click();
  await page.locator('article.ship[data-ship="0"] li[data-slot="crew:0"] .slot-button').click();
  await expect(page.locator(".picker")).toBeVisible();
  const results = await new AxeBuilder({ page }).analyze();
  const serious = results.violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => `${v.id}: ${v.help} ${v.nodes.slice(0, 3).map((n) => n.target.join(" ")).join(", ")}`);
  expect(serious, serious.join("\n")).toEqual([]);
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width).toBeLessThanOrEqual(390);
});

test("a squad in play passes axe-core and fits a phone", async ({ page, request }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const pilots = [
    { name: "croccruiser", ship: "croccruiser", upgrades: { hardpoint: ["heavylaserturret"] } },
    ...Array.from({ length: 8 }, () => ({ name: "cartelspacer", ship: "m3ainterceptor" })),
  ];
  const response = await request.post("/api/link", { data: { version: "1.0.0", faction: "scum", name: "Nine", pilots } });
  const code = new URL((await response.json()).url).searchParams.get("s");
  await page.goto(`/play?s=${code}`);
  await hydrated(page);
  const croc = page.locator('article.play-ship[data-ship="mine-0"]');
  await croc.locator(".play-deal button", { hasText: "Deal faceup" }).click();
  await croc.locator(".play-tokens summary").click();
  await croc.locator(".play-dial summary").click();
  for (const scheme of ["light", "dark"] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    const results = await new AxeBuilder({ page }).analyze();
    const serious = results.violations
      .filter((v) => v.impact === "serious" || v.impact === "critical")
      .map((v) => `${scheme}: ${v.id}: ${v.help} ${v.nodes.slice(0, 3).map((n) => n.target.join(" ")).join(", ")}`);
    expect(serious, serious.join("\n")).toEqual([]);
  }
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width).toBeLessThanOrEqual(390);
});
