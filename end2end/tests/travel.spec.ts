import { writeFileSync, readFileSync } from "node:fs";
import { test, expect, hydrated } from "./fixtures";
import type { Page, APIRequestContext } from "@playwright/test";

// Issue 48: saved squads that travel. Every saved squad goes out as one
// file and comes back into another browser byte for byte; importing it
// again doubles nothing; a clashing name is kept with a suffix; a file
// that cannot be read is refused with the reason and nothing saved
// changes.

const PILOTS = ["rookiepilot", "redsquadronpilot", "lukeskywalker", "biggsdarklighter", "wedgeantilles"];

async function codeOf(request: APIRequestContext, name: string, pilot: string) {
  const xws = { version: "1.0.0", faction: "rebel", name, pilots: [{ name: pilot, ship: "xwing" }] };
  const response = await request.post("/api/link", { data: xws });
  expect(response.ok()).toBeTruthy();
  return (await response.json()).code as string;
}

/// Every saved-squad entry in the page's storage, by key.
async function savedEntries(page: Page) {
  return page.evaluate(() => {
    const entries: Record<string, string> = {};
    for (let i = 0; i < localStorage.length; i++) {
      const key = localStorage.key(i)!;
      if (key.startsWith("merchant-one.squad.")) entries[key] = localStorage.getItem(key)!;
    }
    return entries;
  });
}

async function importFile(page: Page, path: string) {
  await page.locator(".saved-travel > summary").click();
  await page.locator("#import-saved").setInputFiles(path);
}

test("thirty saved squads travel to a fresh browser and back, none doubled", async ({ page, browser, request }, testInfo) => {
  test.setTimeout(180_000);
  // Save 30 squads, each from its link, each as a new entry.
  for (let i = 0; i < 30; i++) {
    const code = await codeOf(request, `Squad ${String(i).padStart(2, "0")}`, PILOTS[i % PILOTS.length]);
    await page.goto(`/build?s=${code}`);
    await hydrated(page);
    await page.locator("#save-squad-new").click();
    await expect(page.locator(".saved-item")).toHaveCount(i + 1);
  }
  const home = await savedEntries(page);
  expect(Object.keys(home)).toHaveLength(30);

  // Export: one file.
  await page.locator(".saved-travel > summary").click();
  const [download] = await Promise.all([page.waitForEvent("download"), page.locator("#export-saved").click()]);
  const file = testInfo.outputPath("squads.json");
  await download.saveAs(file);
  expect(JSON.parse(readFileSync(file, "utf8")).squads).toHaveLength(30);

  // A fresh browser imports it: the same 30, byte for byte.
  const fresh = await browser.newContext();
  const other = await fresh.newPage();
  await other.goto("/build");
  await hydrated(other);
  await importFile(other, file);
  await expect(other.locator(".saved .status")).toHaveText("Added 30; skipped 0 already saved.");
  expect(await savedEntries(other)).toEqual(home);
  await expect(other.locator(".saved-item")).toHaveCount(30);

  // Again: nothing doubled.
  await other.locator("#import-saved").setInputFiles(file);
  await expect(other.locator(".saved .status")).toHaveText("Added 0; skipped 30 already saved.");
  expect(await savedEntries(other)).toEqual(home);

  // A squad whose name is taken: both kept, the newcomer with a suffix.
  const clash = {
    kind: "merchant-one.saved-squads",
    version: 1,
    squads: [{ id: "77", entry: { name: "Squad 00", code: await codeOf(request, "Squad 00", "wedgeantilles"), saved: 5.0 } }],
  };
  const clashFile = testInfo.outputPath("clash.json");
  writeFileSync(clashFile, JSON.stringify(clash));
  await other.locator("#import-saved").setInputFiles(clashFile);
  await expect(other.locator(".saved .status")).toContainText("Added 1; skipped 0");
  await expect(other.locator(".saved .status")).toContainText("Squad 00 → Squad 00 (2)");
  await expect(other.locator(".saved-item .saved-name", { hasText: /^Squad 00/ })).toHaveCount(2);
  const withClash = await savedEntries(other);
  expect(Object.keys(withClash)).toHaveLength(31);

  // Bad files: refused with the reason, nothing saved changes.
  const text = readFileSync(file, "utf8");
  const bad: [string, string, RegExp][] = [
    ["truncated.json", text.slice(0, text.length / 2), /not a squads file/],
    ["huge.json", " ".repeat(10 * 1024 * 1024), /more than the 2097152/],
    ["damaged.json", text.replace(/"code": "v\d\./, '"code": "v4.@@'), /squad 1 \("Squad \d\d"\) cannot be read/],
  ];
  for (const [name, body, reason] of bad) {
    const path = testInfo.outputPath(name);
    writeFileSync(path, body);
    await other.locator("#import-saved").setInputFiles(path);
    await expect(other.locator(".saved p.error")).toContainText("Not imported:");
    await expect(other.locator(".saved p.error")).toContainText(reason);
    expect(await savedEntries(other)).toEqual(withClash);
  }
  await fresh.close();

  // Thirty squads fit one link: a third browser opens it and has them all.
  const link = await page.locator("#saved-link").inputValue();
  expect(link.length).toBeLessThan(8 * 1024 + 100);
  const third = await browser.newContext();
  const linked = await third.newPage();
  await linked.goto(link);
  await hydrated(linked);
  await expect(linked.locator(".saved .status")).toHaveText("Added 30; skipped 0 already saved.");
  await expect(linked.locator(".saved-item")).toHaveCount(30);
  await third.close();
});

test("the saved list filters by faction and sorts by name; a ship list sorts by pilot skill", async ({ page, request }) => {
  const rebel = await codeOf(request, "B rebels", "rookiepilot");
  const scumXws = { version: "1.0.0", faction: "scum", name: "A scum", pilots: [{ name: "cartelspacer", ship: "m3ainterceptor" }] };
  const scum = (await (await request.post("/api/link", { data: scumXws })).json()).code;
  for (const code of [rebel, scum]) {
    await page.goto(`/build?s=${code}`);
    await hydrated(page);
    await page.locator("#save-squad-new").click();
  }
  await expect(page.locator(".saved-item")).toHaveCount(2);
  await page.locator("#shelf-sort").selectOption("name");
  await expect(page.locator(".saved-item .saved-name")).toHaveText(["A scum", "B rebels"]);
  await page.locator("#shelf-faction").selectOption("rebel");
  await expect(page.locator(".saved-item .saved-name")).toHaveText(["B rebels"]);

  // Pilot skill order: Luke (8), a Rookie (2), Biggs (5) activate Rookie, Biggs, Luke.
  const xws = {
    version: "1.0.0", faction: "rebel", name: "Order",
    pilots: ["lukeskywalker", "rookiepilot", "biggsdarklighter"].map((name) => ({ name, ship: "xwing" })),
  };
  const code = (await (await request.post("/api/link", { data: xws })).json()).code;
  await page.goto(`/build?s=${code}`);
  await hydrated(page);
  await page.locator("#sort-by-skill").click();
  await expect(page.locator("article.ship .pilot-card")).toHaveText([/Rookie Pilot$/, /Biggs Darklighter$/, /Luke Skywalker$/]);
  // The order is the squad's: it is in the link.
  await expect(page).not.toHaveURL(new RegExp(code.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")));
  await page.reload();
  await hydrated(page);
  await expect(page.locator("article.ship .pilot-card")).toHaveText([/Rookie Pilot$/, /Biggs Darklighter$/, /Luke Skywalker$/]);
});
