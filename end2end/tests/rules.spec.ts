import { test, expect, hydrated } from "./fixtures";

test("open the recover rule, fly three rounds in the energy simulator, reload the shared address", async ({ page }) => {
  await page.goto("/rules/huge-ships#recover");
  await hydrated(page);
  // The section has its own address and is in the table of contents.
  await expect(page.locator("section#recover h3")).toHaveText("Recover");
  await expect(page.locator("section#recover")).toContainText("recovers one shield");
  await expect(page.locator("nav.toc a[href='/rules/huge-ships#recover']")).toHaveCount(1);
  // Rule words link to their sections.
  await expect(page.locator("section#recover a.rule-word[href='/rules/huge-ships#energy']").first()).toBeVisible();

  const sim = page.locator("#energy-simulator");
  await sim.locator("select[name='energy-ship']").selectOption({ label: "Insatiable Worrt with Heavy Laser Turret" });
  await expect(sim.locator(".energy-ship")).toContainText("energy limit 3, shields 4");
  // Round 1: 1 straight (3 energy), 2 to the turret, lose 3 shields in combat.
  await sim.getByRole("button", { name: "Next round" }).click();
  await sim.locator("input[name='allocate-1-0']").fill("2");
  await sim.locator("input[name='allocate-1-0']").press("Tab");
  await sim.locator("input[name='shields-lost-1']").fill("3");
  await sim.locator("input[name='shields-lost-1']").press("Tab");
  // Round 2: 1 straight with an ion token (2 energy), recover, then the title's +3.
  await sim.getByRole("button", { name: "Next round" }).click();
  await sim.locator("input[name='ion-2']").fill("1");
  await sim.locator("input[name='ion-2']").press("Tab");
  await sim.locator("select[name='action-2']").selectOption("recover");
  // Round 3: 4 straight, the turret fires.
  await sim.getByRole("button", { name: "Next round" }).click();
  await sim.locator("select[name='maneuver-3']").selectOption("4S");
  await sim.locator("input[name='fire-3']").check();

  const log = sim.locator("ol.energy-log > li");
  await expect(log).toHaveCount(3);
  await expect(log.nth(0)).toContainText("Gain Energy: 3 energy from the maneuver.");
  await expect(log.nth(0)).toContainText("Allocate Energy: 2 to Heavy Laser Turret");
  await expect(log.nth(0).locator("h3")).toHaveText("Round 1: 1 energy on the Ship card, 1 shields");
  await expect(log.nth(1)).toContainText("1 ion token reduces it to 2");
  await expect(log.nth(1)).toContainText("Recover: removes 3 energy from the Ship card and recovers 3 shields (4 of 4).");
  await expect(log.nth(1)).toContainText("gains 3 energy (Insatiable Worrt)");
  await expect(log.nth(2)).toContainText("Heavy Laser Turret spends 2 energy from the card to attack (0 left).");
  await expect(log.nth(2).locator("h3")).toHaveText("Round 3: 3 energy on the Ship card, 4 shields");
  // The chart draws every series over the start and three rounds.
  await expect(sim.locator(".energy-chart polyline")).toHaveCount(3);
  await expect(sim.locator(".energy-chart li.legend.energy")).toHaveText("Ship card energy: 0 → 1 → 3 → 3");

  // The address holds the whole simulation: reload and see the same log.
  await expect(page).toHaveURL(/rounds=1S\.a2\.s3~1S\.i1\.recover~4S\.fire/);
  const shared = page.url();
  await page.goto(shared);
  await hydrated(page);
  await expect(page.locator("#energy-simulator ol.energy-log > li")).toHaveCount(3);
  await expect(page.locator("#energy-simulator ol.energy-log > li").nth(2).locator("h3")).toHaveText(
    "Round 3: 3 energy on the Ship card, 4 shields",
  );
  await expect(page.locator("#energy-simulator select[name='action-2']")).toHaveValue("recover");
});

test("set the dice simulator, read the chart and table, reload the shared address", async ({ page }) => {
  await page.goto("/rules/huge-ships#combat");
  await hydrated(page);
  const sim = page.locator("#dice-simulator");
  await sim.locator("select[name='dice-preset']").selectOption({ label: "M3-A attacking the reinforced C-ROC (Range 2)" });
  await sim.locator("input[name='attack']").fill("3");
  await sim.locator("input[name='attack']").press("Tab");
  // The hand-derived case: 3 dice against 0 agility with reinforce: 1/2, 3/8, 1/8.
  const rows = sim.locator(".dice-table tbody tr");
  await expect(rows).toHaveCount(3);
  await expect(rows.nth(0)).toHaveText(["0", "50.00%", "100.00%"].join(""));
  await expect(rows.nth(1)).toHaveText(["1", "37.50%", "50.00%"].join(""));
  await expect(rows.nth(2)).toHaveText(["2", "12.50%", "12.50%"].join(""));
  await expect(sim.locator(".dice-chart g.bar")).toHaveCount(3);
  await expect(sim.locator(".dice-chart g.bar[data-damage='1'] text.value")).toHaveText("38%");

  // Broken Horn adds another evade with the token; Range 5 (v1) three defense dice.
  await sim.locator("input[name='broken-horn']").check();
  await expect(rows).toHaveCount(2);
  await expect(rows.nth(1)).toHaveText(["1", "12.50%", "12.50%"].join(""));
  await sim.locator("select[name='range']").selectOption("5");
  await expect(sim.locator(".dice-summary")).toContainText("3 attack dice against 3 defense dice");
  await sim.locator("select[name='range-rule']").selectOption("v3");
  await expect(sim.locator(".dice-summary")).toContainText("3 attack dice against 1 defense dice");
  const before = (await sim.locator(".dice-table tbody").textContent()) ?? "";

  await expect(page).toHaveURL(/a=3&d=0&r=5&rule=v3&reinforce=1&horn=1/);
  await page.goto(page.url());
  await hydrated(page);
  const again = page.locator("#dice-simulator");
  await expect(again.locator(".dice-table tbody")).toHaveText(before);
  await expect(again.locator("input[name='broken-horn']")).toBeChecked();
  await expect(again.locator("select[name='range']")).toHaveValue("5");
});

test("the builder's C-ROC opens in the energy simulator; card text links to the rules", async ({ page }) => {
  await page.goto("/cards/insatiableworrt");
  await hydrated(page);
  await page.locator("a.rule-word", { hasText: "recover" }).click();
  await expect(page).toHaveURL(/\/rules\/huge-ships#recover$/);
  await expect(page.locator("section#recover")).toBeVisible();

  await page.goto("/build");
  await hydrated(page);
  await page.locator("#add-pilot").selectOption("101");
  await page.locator("#add-ship").click();
  const title = page.locator('article.ship[data-ship="0"] li[data-slot="title:0"]');
  await title.locator(".slot-button").click();
  await title.locator('.picker li[data-card="brokenhorn"] button').click();
  await expect(title.locator(".picker")).toHaveCount(0);
  await page.getByRole("link", { name: "Simulate this ship's energy" }).click();
  await expect(page).toHaveURL(/\/rules\/huge-ships\?up=brokenhorn#energy-simulator$/);
  await hydrated(page);
  await expect(page.locator("#energy-simulator .energy-ship")).toContainText(
    "C-ROC Cruiser with Broken Horn: energy limit 6, shields 4",
  );
});

test.describe("an unknown rules document", () => {
  test.use({ expectedErrorUrls: ["/rules/warp-drive"] });

  test("answers 404 and links to the reference", async ({ page }) => {
    const response = await page.goto("/rules/warp-drive");
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("No such rules document");
  });
});

test("rules sections are found by the search", async ({ page }) => {
  await page.goto("/search?q=recovers%20one%20shield&kind=rule");
  await hydrated(page);
  await expect(page.locator("li.hit a[href='/rules/huge-ships#recover']").first()).toBeVisible();
});

test("the solo flight system picks a maneuver and an action, step by step; the tally helper picks a tally", async ({ page }) => {
  await page.goto("/rules/solo-alpha#flight-system");
  await hydrated(page);
  const sim = page.locator("#solo-simulator");
  await sim.locator("select[name='solo-arc']").selectOption("bullseye");
  await sim.locator("select[name='solo-defense']").selectOption("blank");
  await sim.locator("select[name='solo-attack']").selectOption("crit");
  // Fastest advanced: the 5 Koiogran turn (red), offensive; the red
  // maneuver stresses the ship, so it performs no action.
  await expect(sim.locator(".solo-maneuver")).toHaveText("5 koiogran turn (red)");
  await expect(sim.locator(".solo-attitude")).toHaveText("offensive");
  await expect(sim.locator(".solo-stress")).toHaveText("gains a stress token (red maneuver)");
  await expect(sim.locator(".solo-action")).toHaveText("no action (stressed)");
  // Front, blank/blank: the green 2 straight; offensive, the tally in its arc: target lock.
  await sim.locator("select[name='solo-arc']").selectOption("front");
  await sim.locator("select[name='solo-attack']").selectOption("blank");
  await expect(sim.locator(".solo-maneuver")).toHaveText("2 straight (green)");
  await expect(sim.locator(".solo-stress")).toHaveText("none");
  await expect(sim.locator(".solo-action")).toHaveText("Target Lock");
  await sim.locator("select[name='solo-arc']").selectOption("bullseye");
  await sim.locator("select[name='solo-attack']").selectOption("crit");
  // Stressed: the red maneuver is refused, the die becomes focus; the green
  // maneuver removes the stress.
  await sim.locator("input[name='solo-stressed']").check();
  await expect(sim.locator(".solo-maneuver")).toHaveText("3 straight (green)");
  await expect(sim.locator(".solo-attitude")).toHaveText("balanced");
  await expect(sim.locator(".solo-stress")).toHaveText("removes a stress token (green maneuver)");
  await expect(sim.locator(".solo-steps")).toContainText("the defense die is changed to focus");
  // The C-ROC lacks turns and blue maneuvers: the fallbacks fly its slowest straight.
  await sim.locator("select[name='solo-ship']").selectOption("croccruiser");
  await sim.locator("input[name='solo-stressed']").uncheck();
  await expect(sim.locator(".solo-maneuver")).toHaveText("1 straight (white)");

  // Tally helper: a locked ship beats everything.
  await expect(sim.locator(".tally-verdict")).toContainText("Tally: Enemy 1 (c)");
  await sim.locator("input[name='tally-1-locked']").check();
  await expect(sim.locator(".tally-verdict")).toContainText("Tally: Enemy 2 (a)");
  await expect(sim.locator(".tally-verdict")).toContainText("approach chart: side");

  // The charts with each cell's chance.
  await expect(page.locator("table.approach-chart[data-chart='front'] td[data-cell='evade-hit']")).toContainText("9/64");
});

test("the Mission Dreadnought grid shows the Las-cannon example and the Conversion Beam's blast", async ({ page }) => {
  await page.goto("/rules/mission-dreadnought#extra-heavy-weapons");
  await hydrated(page);
  const sim = page.locator("#dreadnought-simulator");
  const sq = (x: number, y: number) => sim.locator(`.dread-grid button[data-x='${x}'][data-y='${y}']`);
  // The preset: one Las-cannon shot at the four Gretchin; the wall hides one.
  await expect(sq(2, 2).locator(".value")).toHaveText("T");
  await expect(sq(2, 3).locator(".value")).toHaveText("✕");
  await expect(sim.locator(".dread-odds tbody tr")).toHaveCount(3);
  // One die above armour 1: 2/6.
  await expect(sim.locator(".dread-odds tbody tr").first().locator("td.p")).toHaveText("2/6 (33.3%)");
  await sim.getByRole("button", { name: "Roll" }).click();
  await expect(sim.locator(".dread-roll")).toContainText("Rolled:");
  await expect(sim.locator(".dread-odds tbody tr").first().locator("td.rolled")).toHaveText(/^\d: (eliminated|unhurt)$/);

  // Build a corridor: a wall at (9,0); the Marine fires the Conversion Beam east.
  await sim.locator("select[name='dread-tool']").selectOption("wall");
  await sq(9, 0).click();
  await sim.locator("select[name='dread-weapon']").selectOption("conversion-beam");
  await sim.locator("select[name='dread-dir']").selectOption("e");
  await expect(sq(8, 0).locator(".value")).toHaveText("T");
  await expect(sq(7, 0).locator(".value")).toHaveText("T−1");
  await expect(sq(8, 1).locator(".value")).toHaveText("T−1");
  await expect(sq(5, 0).locator(".value")).toHaveText("T−3");
  // The Android at (5,0) is attacked with the total less 3: P(3 dice − 3 > 2) = P(total > 5).
  await expect(sim.locator(".dread-odds tr[data-piece='5'] td.p")).toHaveText("26/216 (12.0%)");
});
