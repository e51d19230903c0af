import { test, expect, hydrated } from "./fixtures";
import type { Browser, Page } from "@playwright/test";
import { ship, slot, equip, addShip, tabTo } from "./builder-helpers";

// Issue 16, acceptance 1: one squad of each faction from the whole pool,
// built in the browser, reaching its points and verdict; its copied link
// reopens the same squad in a fresh browser.

/** Copies the squad's link and opens it in a fresh browser: the same
 * points, verdict and plain-text list. */
async function reopensTheSame(page: Page, browser: Browser) {
  const points = await page.locator("#squad-points").textContent();
  const verdict = await page.locator("#squad-verdict").textContent();
  await page.getByText("Plain-text list").click();
  await expect(page.locator("#plain-text")).toContainText("points");
  const list = await page.locator("#plain-text").textContent();
  await page.locator("#copy-link").click();
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  expect(copied).toMatch(/\/build\?s=/);
  const fresh = await browser.newContext();
  const other = await fresh.newPage();
  await other.goto(copied);
  await hydrated(other);
  await expect(other.locator("#squad-points")).toHaveText(points ?? "");
  await expect(other.locator("#squad-verdict")).toHaveText(verdict ?? "");
  await other.getByText("Plain-text list").click();
  await expect(other.locator("#plain-text")).toHaveText(list ?? "");
  await fresh.close();
}

test("a Rebel squad: a CR90 with upgrades on both sections, and X-wings", async ({ page, context, browser }) => {
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  await page.goto("/build");
  await hydrated(page);
  await page.locator("#squad-faction").selectOption("rebel");
  await addShip(page, "1079"); // CR90 Corvette (Fore), 50; its Aft (40) comes with it
  await equip(page, 0, "title:0", "tantiveiv"); // 4: the fore gains a Crew and a Team
  await equip(page, 0, "hardpoint:0", "quadlasercannons"); // 6
  await equip(page, 1, "cargo:0", "backupshieldgenerator"); // 3, on the aft
  for (const i of [2, 3]) {
    await addShip(page, "1002"); // Red Squadron Pilot, 23
    await equip(page, i, "amd:0", "r2astromech"); // 1
    await equip(page, i, "torpedo:0", "protontorpedoes"); // 4
  }
  // 50 + 4 + 6 + 40 + 3 + 2 x (23 + 1 + 4) = 159
  await expect(page.locator("#squad-points")).toHaveText("159 / 300 points · 141 left");
  await expect(page.locator("#squad-verdict")).toHaveText("Legal");
  // Both sections show their own bar, stats and energy.
  await expect(ship(page, 0).locator(".stat.shields dd .stat-value")).toHaveText("5");
  await expect(ship(page, 1).locator(".stat.energy dd .stat-value")).toHaveText("5");
  await expect(slot(page, 0, "crew:1")).toBeVisible(); // granted by Tantive IV
  // Each action by its glyph and name.
  await expect(ship(page, 0).locator(".ship-action-bar .action-name")).toHaveText(["Coordinate", "Target Lock"]);
  await expect(ship(page, 1).locator(".ship-action-bar .action-name")).toHaveText(["Recover", "Reinforce"]);
  await expect(ship(page, 1).locator(".ship-action-bar .action i.xw")).toHaveCount(2);
  await reopensTheSame(page, browser);
  // Either section flies the whole corvette in the energy simulator.
  await ship(page, 1).getByRole("link", { name: "Simulate this ship's energy" }).click();
  await expect(page).toHaveURL(
    /pilot=cr90corvettefore&up=tantiveiv,quadlasercannons&pilot2=cr90corvetteaft&up2=backupshieldgenerator/,
  );
  await expect(page.locator(".energy-ship")).toContainText("energy limit 5, shields 8");
});

test("an Imperial squad: a Raider, a Gozanti and TIEs", async ({ page, context, browser }) => {
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  await page.goto("/build");
  await hydrated(page);
  await page.locator("#squad-faction").selectOption("imperial");
  await addShip(page, "1123"); // Raider-class Corvette (Fore), 50; its Aft (50) comes with it
  await equip(page, 1, "team:0", "sensorteam"); // 4, on the aft
  await addShip(page, "1164"); // Gozanti-class Cruiser, 40
  await equip(page, 2, "cargo:0", "clusterbombs"); // 4
  await addShip(page, "1010"); // Academy Pilot, 12
  await addShip(page, "1010");
  // 50 + 50 + 4 + 40 + 4 + 2 x 12 = 172
  await expect(page.locator("#squad-points")).toHaveText("172 / 300 points · 128 left");
  await expect(page.locator("#squad-verdict")).toHaveText("Legal");
  await expect(page.locator("article.ship")).toHaveCount(5);
  await reopensTheSame(page, browser);
  await ship(page, 2).getByRole("link", { name: "Simulate this ship's energy" }).click();
  await expect(page).toHaveURL(/pilot=gozanticlasscruiser&up=clusterbombs/);
  await expect(page.locator(".energy-ship")).toContainText("energy limit 4, shields 5");
});

test("a Scum squad: a C-ROC, a StarViper and a Firespray", async ({ page, context, browser }) => {
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  await page.goto("/build");
  await hydrated(page);
  await page.locator("#squad-faction").selectOption("scum");
  await addShip(page, "101"); // C-ROC Cruiser, 35
  await equip(page, 0, "hardpoint:0", "heavylaserturret"); // 5
  await addShip(page, "1117"); // Guri, 30
  await equip(page, 1, "ept:0", "veteraninstincts"); // 1: skill 5 + 2
  await addShip(page, "1100"); // Emon Azzameen, 36
  // 35 + 5 + 30 + 1 + 36 = 107
  await expect(page.locator("#squad-points")).toHaveText("107 / 300 points · 193 left");
  await expect(page.locator("#squad-verdict")).toHaveText("Legal");
  await reopensTheSame(page, browser);
});

test("keyboard only: filter the pilots, add two ships and equip a card", async ({ page }) => {
  await page.goto("/build");
  await hydrated(page);
  await tabTo(page, "#squad-faction");
  // A closed select takes arrows: Rebel, Imperial, Scum.
  await page.keyboard.press("End");
  await expect(page.locator("#squad-faction")).toHaveValue("scum");
  await tabTo(page, "#pilot-filter");
  await page.keyboard.type("cartel spacer");
  await tabTo(page, "#add-pilot");
  await page.keyboard.press("ArrowDown");
  await expect(page.locator("#add-pilot")).not.toHaveValue("");
  await tabTo(page, "#add-ship");
  await page.keyboard.press("Enter");
  await expect(page.locator("article.ship")).toHaveCount(1);
  // The pilot stays chosen: Enter on the button adds another.
  await tabTo(page, "#add-ship");
  await page.keyboard.press("Enter");
  await expect(page.locator("article.ship")).toHaveCount(2);
  await expect(ship(page, 1).locator(".pilot-name")).toHaveText("Cartel Spacer");
  // A slot's picker: Enter opens it with the filter focused; type, Tab to
  // the card, Enter equips it and focus returns to the slot.
  await tabTo(page, 'article.ship[data-ship="0"] li[data-slot="title:0"] .slot-button');
  await page.keyboard.press("Enter");
  await expect(page.locator(".picker-filter")).toBeFocused();
  await page.keyboard.type("heavy scyk");
  await tabTo(page, '.picker li[data-card="heavyscykinterceptor"] button');
  await page.keyboard.press("Enter");
  await expect(slot(page, 0, "title:0")).toContainText('"Heavy Scyk" Interceptor');
  await expect(slot(page, 0, "title:0").locator(".slot-button")).toBeFocused();
  // Escape closes a picker and gives the focus back.
  await page.keyboard.press("Enter");
  await expect(page.locator(".picker-filter")).toBeFocused();
  await page.keyboard.press("Escape");
  await expect(page.locator(".picker")).toHaveCount(0);
  await expect(slot(page, 0, "title:0").locator(".slot-button")).toBeFocused();
});
