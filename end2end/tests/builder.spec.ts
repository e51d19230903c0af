import { test, expect, hydrated } from "./fixtures";
import type { Page } from "@playwright/test";
import { ship, slot, equip, addShip } from "./builder-helpers";

/** The acceptance squad: a C-ROC with Merchant One, Jabba, a Team card and
 * two Cargo cards, and two M3-A escorts with Heavy Scyk (Cannon) and ARC Caster. */
async function buildMerchantRun(page: Page) {
  await page.goto("/build");
  await hydrated(page);
  await page.locator("#squad-name").fill("Merchant's run");
  await addShip(page, "101");
  // A huge ship makes the format Epic while the player has not picked one.
  await expect(page.locator("#squad-format")).toHaveValue("epic");
  await equip(page, 0, "title:0", "merchantone");
  await equip(page, 0, "crew:0", "jabbathehutt");
  await equip(page, 0, "team:0", "igrmthugdroids");
  await equip(page, 0, "cargo:0", "superchargedpowercells");
  await equip(page, 0, "cargo:1", "quickreleasecargolocks");

  await addShip(page, "102");
  await equip(page, 1, "title:0", "heavyscykinterceptor");
  // The title asks which icon it grants; until then the engine says so.
  await expect(slot(page, 1, "title:0").locator('[data-code="choice-required"]')).toBeVisible();
  await ship(page, 1).locator("select.card-choice").selectOption("cannon");
  await equip(page, 1, "cannon:0", "arccaster");
  await ship(page, 1).locator("button.clone-ship").click();
  await expect(page.locator("article.ship")).toHaveCount(3);
  // The title and the address follow the squad once edits pause.
  await expect(page).toHaveTitle(/· 84\/300 points ·/);
}

test("build the C-ROC squad, see points and stats, share it and break it", async ({ page, context, browser }) => {
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  await buildMerchantRun(page);

  // Points: 35+2+5+1+3+2 for the C-ROC, 14+2+2 for each M3-A.
  await expect(page.locator("#squad-points")).toHaveText("84 / 300 points · 216 left");
  await expect(page.locator("#squad-verdict")).toHaveText("Legal");
  await expect(ship(page, 0).locator(".ship-points")).toHaveText("48 points");
  await expect(ship(page, 1).locator(".ship-points")).toHaveText("18 points");
  // Effective stats: Merchant One raises the energy limit to 5; Heavy Scyk adds 1 hull.
  await expect(ship(page, 0).locator(".stat.energy dd .stat-value")).toHaveText("5");
  await expect(ship(page, 0).locator(".stat.energy dt .stat-label")).toHaveText("Energy limit");
  await expect(ship(page, 0).locator(".stat.hull dd .stat-value")).toHaveText("10");
  await expect(ship(page, 0).locator(".stat.shields dd .stat-value")).toHaveText("4");
  await expect(ship(page, 1).locator(".stat.hull dd .stat-value")).toHaveText("3");
  await expect(ship(page, 2).locator(".stat.attack dd .stat-value")).toHaveText("2");
  // Merchant One's bar: three Crew (Jabba fills two), two Team, two Cargo.
  await expect(slot(page, 0, "crew:1")).toContainText("Jabba the Hutt (also fills this slot)");
  await expect(slot(page, 0, "crew:2")).toContainText("empty");
  await expect(slot(page, 0, "team:1")).toBeVisible();
  await expect(slot(page, 0, "cargo:2")).toHaveCount(0);
  await expect(slot(page, 2, "cannon:0")).toContainText("ARC Caster");
  await expect(page).toHaveTitle("Merchant's run · Scum and Villainy · 84/300 points · Merchant One");

  // The address bar holds the squad; the copied link is that address.
  await expect(page).toHaveURL(/\/build\?s=v3\.[A-Za-z0-9_-]+$/);
  await page.locator("#copy-link").click();
  await expect(page.getByText("Link copied.")).toBeVisible();
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  expect(copied).toBe(page.url());
  // The link's length beside it follows the squad as it was built.
  await expect(page.locator(".tool.share .hint")).toHaveText(`${copied.length} characters`);
  await page.getByText("Plain-text list").click();
  await expect(page.locator("#plain-text")).toContainText("Merchant's run");
  const list = await page.locator("#plain-text").textContent();
  expect(list).toBe(
    "Merchant's run\n" +
      "Scum and Villainy · Epic (Epic Variant Regulations 2018) · 84/300 points\n" +
      "C-ROC Cruiser + Merchant One + Jabba the Hutt + IG-RM Thug Droids + Supercharged Power Cells + Quick-release Cargo Locks (48)\n" +
      'Cartel Spacer + "Heavy Scyk" Interceptor (Cannon) + ARC Caster (18)\n' +
      'Cartel Spacer + "Heavy Scyk" Interceptor (Cannon) + ARC Caster (18)\n' +
      `${copied}\n`,
  );

  // A fresh browser (no storage) opening the link gets the same squad.
  const fresh = await browser.newContext();
  const other = await fresh.newPage();
  await other.goto(copied);
  await hydrated(other);
  await expect(other.locator("#squad-points")).toHaveText("84 / 300 points · 216 left");
  await expect(other.locator("#squad-name")).toHaveValue("Merchant's run");
  await other.getByText("Plain-text list").click();
  await expect(other.locator("#plain-text")).toHaveText(list ?? "");
  await expect(slot(other, 0, "crew:1")).toContainText("Jabba the Hutt");
  await expect(other).toHaveURL(copied);
  await fresh.close();

  // An illegal card: offered greyed with the engine's reason, still choosable,
  // and once chosen the reason shows on its slot; nothing else disappears.
  const filledBefore = await page.locator(".slot-button.filled").count();
  await slot(page, 0, "mod:0").locator(".slot-button").click();
  const prs = slot(page, 0, "mod:0").locator('.picker li[data-card="pulsedrayshield"]');
  await expect(prs).toHaveClass(/not-allowed/);
  await expect(prs.locator(".problem").first()).toBeVisible();
  await prs.locator("button").click();
  await expect(slot(page, 0, "mod:0")).toHaveClass(/has-problem/);
  await expect(slot(page, 0, "mod:0").locator(".problem.error").first()).toContainText("Pulsed Ray Shield");
  await expect(page.locator("#squad-verdict")).toContainText("Not legal");
  await expect(page.locator(".slot-button.filled")).toHaveCount(filledBefore + 1);
  await expect(page.locator("#squad-points")).toHaveText("86 / 300 points · 214 left");
});

test("ships move, clone and go; the picker filters; a second unique is explained", async ({ page }) => {
  await page.goto("/build");
  await hydrated(page);
  await addShip(page, "104"); // Genesis Red
  await addShip(page, "102"); // Cartel Spacer
  await expect(page.locator("#squad-format")).toHaveValue("standard");
  await ship(page, 1).locator("button.move-up").click();
  await expect(ship(page, 0).locator(".pilot-name")).toHaveText("Cartel Spacer");
  await ship(page, 1).locator("button.clone-ship").click();
  await expect(page.locator("article.ship")).toHaveCount(3);
  // Two Genesis Red: the engine names the rule on the ship.
  await expect(ship(page, 2).locator('[data-code="unique-duplicate"]')).toBeVisible();
  await expect(page.locator("#squad-verdict")).toContainText("Not legal");
  await ship(page, 2).locator("button.remove-ship").click();
  await expect(page.locator("#squad-verdict")).toHaveText("Legal");

  // The picker filters by name or text as you type.
  await slot(page, 1, "title:0").locator(".slot-button").click();
  const picker = slot(page, 1, "title:0").locator(".picker");
  // Every Title card is offered (those for other ships greyed, with the reason).
  await expect(picker.locator("li.option")).toHaveCount(60);
  await picker.locator(".picker-filter").fill("faceup");
  // "Light Scyk" and Jaina's Light deal or turn Damage cards faceup.
  await expect(picker.locator("li.option")).toHaveCount(2);
  await expect(picker.locator('li.option[data-card="lightscykinterceptor"]')).toHaveCount(1);
  await picker.locator(".picker-filter").press("Escape");
  await expect(picker).toHaveCount(0);
  // The picker also asks the card search, which forgives a typo.
  await slot(page, 1, "mod:0").locator(".slot-button").click();
  const mods = slot(page, 1, "mod:0").locator(".picker");
  await mods.locator(".picker-filter").fill("shild");
  await expect(mods.locator('li.option[data-card="pulsedrayshield"]')).toHaveCount(1);
  await expect(mods.locator('li.option[data-card="shieldupgrade"]')).toHaveCount(1);
  await expect(mods.locator('li.option[data-card="engineupgrade"]')).toHaveCount(0);
  await mods.locator(".picker-close").click();

  // A huge ship in a format the player chose without huge ships: marked
  // Epic only, kept when added, with a one-click switch.
  await page.locator("#squad-format").selectOption("standard");
  await page.locator("#add-pilot").selectOption("101");
  await expect(page.locator("#add-pilot option[value='101']")).toContainText("Epic only");
  await page.locator("#add-ship").click();
  await expect(ship(page, 2).locator('[data-code="epic-only"]')).toBeVisible();
  await page.locator("#switch-to-epic").click();
  await expect(page.locator("#squad-format")).toHaveValue("epic");
  await expect(page.locator("#squad-verdict")).toHaveText("Legal");
});

test("a shared link renders its name, faction and points for link previews", async ({ page, request }) => {
  await buildMerchantRun(page);
  const url = page.url();
  const html = await (await request.get(url)).text();
  const head = html.slice(0, html.indexOf("</head>"));
  expect(head).toContain("<title>Merchant's run · Scum and Villainy · 84/300 points · Merchant One</title>");
  expect(head).toContain('<meta property="og:title" content="Merchant\'s run · Scum and Villainy · 84/300 points">');
  expect(head).toMatch(/<meta property="og:description" content="C-ROC Cruiser \+ Merchant One/);
});

test.describe("damaged and unknown", () => {
  test("a damaged link shows what could be read and why", async ({ page }) => {
    await buildMerchantRun(page);
    const url = page.url();
    await page.goto(url.slice(0, -6));
    await hydrated(page);
    await expect(page.locator(".link-error")).toContainText("damaged");
    await expect(page.locator("article.ship").first()).toBeVisible();
  });

  test("a card the database does not know stays in the squad, named", async ({ page }) => {
    // From the golden links: pilot #999999 with upgrade #4242 and an unknown
    // XWS card, and an unknown pilot `futurepilot`.
    await page.goto("/build?s=v1.CWVwaWMtMjAxNAVyZWJlbAAAAgC_hD0CAJIhAAABCmZ1dHVyZWNhcmQBBGNyZXcBAAELZnV0dXJlcGlsb3QAJqOUsw");
    await hydrated(page);
    await expect(page.locator("article.ship")).toHaveCount(2);
    await expect(ship(page, 0).locator(".pilot-name")).toHaveText("Unknown pilot #999999");
    await expect(ship(page, 0)).toContainText("Unknown card #4242");
    await expect(ship(page, 0)).toContainText("Unknown card `futurecard`");
    await expect(ship(page, 0).locator('[data-code="unknown-card"]').first()).toBeVisible();
    await expect(ship(page, 1).locator(".pilot-name")).toHaveText("Unknown pilot `futurepilot`");
    await expect(page.locator(".link-error")).toHaveCount(0);
  });
});

test("XWS: export copies and downloads; import reports what it could not place", async ({ page, context }) => {
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  await buildMerchantRun(page);
  await page.getByText("Export XWS").click();
  // The export is made when its section opens (after the toggle event): wait for it.
  await expect(page.locator("#xws-export")).toHaveValue(/"version": "1\.0\.0"/);
  const exported = JSON.parse(await page.locator("#xws-export").inputValue());
  await page.locator("#copy-xws").click();
  await expect(page.getByText("XWS copied.")).toBeVisible();
  expect(JSON.parse(await page.evaluate(() => navigator.clipboard.readText()))).toEqual(exported);
  expect(exported.faction).toBe("scum");
  expect(exported.points).toBe(84);
  expect(exported.pilots.map((p: { name: string }) => p.name)).toEqual(["croccruiser", "cartelspacer", "cartelspacer"]);
  // Every export carries the squad's link: the page's own address.
  expect(exported.vendor.merchantone.link).toBe(page.url());
  const [download] = await Promise.all([page.waitForEvent("download"), page.locator("#download-xws").click()]);
  expect(download.suggestedFilename()).toBe("merchant-s-run.xws.json");

  await page.getByText("Import XWS").click();
  await page.locator("#xws-import").fill("{ not json");
  await page.locator("#import-xws").click();
  await expect(page.locator("#import-result")).toContainText("Nothing was imported");
  await expect(page.locator("article.ship")).toHaveCount(3);

  await page.locator("#xws-import").fill(
    JSON.stringify({
      version: "1.0.0",
      faction: "scum",
      name: "Imported",
      pilots: [
        { name: "croccruiser", ship: "croccruiser", upgrades: { title: ["brokenhorn"], crew: ["nosuchcrew"] } },
      ],
    }),
  );
  await page.locator("#import-xws").click();
  await expect(page.locator("#import-result")).toContainText("nosuchcrew");
  await expect(page.locator("article.ship")).toHaveCount(1);
  await expect(page.locator("#squad-name")).toHaveValue("Imported");
  await expect(ship(page, 0).locator(".bar-slot.unseated, [data-code='unknown-card']").first()).toBeVisible();
});

test("saved squads: save, reload, open, rename, delete; a corrupt entry is kept aside", async ({ page }) => {
  await page.goto("/build");
  await hydrated(page);
  await page.evaluate(() => {
    localStorage.setItem("merchant-one.squad.broken", "{ this is not a squad");
  });
  await buildMerchantRun(page);
  await page.locator("#save-squad").click();
  await expect(page.locator(".saved-item")).toHaveCount(1);
  await expect(page.locator(".saved-item .saved-name")).toHaveText("Merchant's run");

  // Reload: the saved squad and the squad in work are both still there.
  await page.reload();
  await hydrated(page);
  await expect(page.locator(".saved-item")).toHaveCount(1);
  await expect(page.locator("#squad-points")).toHaveText("84 / 300 points · 216 left");
  // The corrupt entry is reported and moved aside with its text, not deleted.
  await expect(page.locator("#corrupt-saved")).toContainText("1 stored entry could not be read");
  const kept = await page.evaluate(() => [
    localStorage.getItem("merchant-one.corrupt.broken"),
    localStorage.getItem("merchant-one.squad.broken"),
  ]);
  expect(kept).toEqual(["{ this is not a squad", null]);

  // Open replaces the squad in work.
  await page.locator("#new-squad").click();
  await expect(page.locator("article.ship")).toHaveCount(0);
  await page.locator(".saved-item .open-saved").click();
  await expect(page.locator("article.ship")).toHaveCount(3);

  await page.locator(".saved-item .rename-saved").click();
  await page.locator(".saved-item .rename-input").fill("Escort duty");
  await page.locator(".saved-item .rename-ok").click();
  await expect(page.locator(".saved-item .saved-name")).toHaveText("Escort duty");
  await expect(page.locator("#squad-name")).toHaveValue("Escort duty");

  await page.locator(".saved-item .delete-saved").click();
  await page.locator(".saved-item .confirm-delete").click();
  await expect(page.locator(".saved-item")).toHaveCount(0);
  await page.reload();
  await hydrated(page);
  await expect(page.locator(".saved-item")).toHaveCount(0);
  await expect(page.locator("#corrupt-saved")).toBeVisible();
});

test("a two-section corvette goes in whole; a dual card's face is chosen on the ship", async ({ page }) => {
  await page.goto("/build");
  await hydrated(page);
  await page.locator("#squad-faction").selectOption("rebel");
  // Choosing the CR90's Fore adds its Aft too: the corvette flies whole.
  await addShip(page, "1079");
  await expect(page.locator("article.ship")).toHaveCount(2);
  await expect(ship(page, 1).locator(".pilot-name")).toHaveText("CR90 Corvette (Aft)");
  await expect(ship(page, 1)).toContainText("a section of the CR90 Corvette");
  await expect(page.locator("#squad-format")).toHaveValue("epic");
  await expect(page.locator("#squad-verdict")).toHaveText("Legal");
  // Removing one section is the player's choice; the engine says what is wrong.
  await ship(page, 1).locator("button.remove-ship").click();
  await expect(page.locator("article.ship")).toHaveCount(1);
  await expect(page.locator('[data-code="section-missing"]').first()).toBeVisible();
  await expect(page.locator("#squad-verdict")).toContainText("Not legal");

  // Servomotor S-foils: the Closed face (2) takes 1 from the attack.
  await addShip(page, "1003");
  await equip(page, 1, "mod:0", "servomotorsfoils");
  await expect(ship(page, 1).locator(".stat.attack dd .stat-value")).toHaveText("3");
  await ship(page, 1).locator("select.card-choice").selectOption("2");
  await expect(ship(page, 1).locator(".stat.attack dd .stat-value")).toHaveText("2");
});
