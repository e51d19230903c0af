import { execFileSync } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";
import { resolve } from "node:path";
import { test, expect, hydrated } from "./fixtures";

// Issue 48: the printout, for the table. The squad's name and the page's
// number on every page, its notes, and the options kept in the address
// (black and white, a space for damage cards, the obstacles to tick). The
// page counts come from Chromium's page.pdf(), read with pdfinfo.

type Fixture = { name: string; xws: { pilots: unknown[]; name?: string } };
const squads: Fixture[] = JSON.parse(
  readFileSync(resolve(__dirname, "../../cards/tests/fixtures/squads.json"), "utf8"),
);
const NINE = squads.find((s) => s.name === "Nine Scum ships, full bars")!;

async function codeOf(request: import("@playwright/test").APIRequestContext, xws: unknown) {
  const response = await request.post("/api/link", { data: xws });
  expect(response.ok()).toBeTruthy();
  return ((await response.json()).code as string);
}

/// The PDF of the page as printed, its page count by pdfinfo and each
/// page's text by pdftotext.
async function printed(page: import("@playwright/test").Page, path: string) {
  await page.emulateMedia({ media: "print" });
  writeFileSync(path, await page.pdf({ format: "A4", printBackground: true, preferCSSPageSize: true }));
  const info = execFileSync("pdfinfo", [path], { encoding: "utf8" });
  const pages = Number(/^Pages:\s+(\d+)/m.exec(info)![1]);
  const text = execFileSync("pdftotext", ["-layout", path, "-"], { encoding: "utf8" });
  return { pages, texts: text.split("\f").slice(0, pages) };
}

test("the nine-ship printout: name and page number on every page, notes, and two A4 pages", async ({ page, request }, testInfo) => {
  test.setTimeout(90_000);
  const xws = { ...NINE.xws, name: "Nine for the table", description: "Deploy the C-ROC last." };
  const code = await codeOf(request, xws);
  await page.goto(`/build/print?s=${code}`);
  await hydrated(page);
  await expect(page.locator(".print-notes")).toContainText("Deploy the C-ROC last.");
  const plain = await printed(page, testInfo.outputPath("nine.pdf"));
  expect(plain.pages, "A4 pages without the damage space").toBe(2);
  plain.texts.forEach((text, i) => {
    expect(text, `page ${i + 1}`).toContain("Nine for the table");
    expect(text, `page ${i + 1}`).toMatch(new RegExp(`${i + 1}\\s*/\\s*${plain.pages}`));
  });
  expect(plain.texts.join("\n")).toContain("Deploy the C-ROC last.");

  // Every option on: black and white, the damage space, the checklist.
  await page.emulateMedia({ media: "screen" });
  await page.goto(`/build/print?s=${code}`);
  await hydrated(page);
  for (const option of ["bw", "damage"]) {
    await page.locator(`.print-option[data-option="${option}"]`).click();
    await expect(page).toHaveURL(new RegExp(`[?&]${option}=1`));
    await hydrated(page);
  }
  await expect(page.locator(".printout.bw.with-damage")).toBeVisible();
  await expect(page.locator(".damage-space")).toHaveCount(9);
  // No colour carries meaning alone: the dial is ink on white.
  const green = page.locator("table.dial td.maneuver.green .xw").first();
  expect(await green.evaluate((e) => getComputedStyle(e).color)).toBe("rgb(0, 0, 0)");
  const all = await printed(page, testInfo.outputPath("nine-damage.pdf"));
  console.log(`nine-ship printout: ${plain.pages} A4 pages, ${all.pages} with the damage space`);
  expect(all.pages).toBeGreaterThan(plain.pages);
  all.texts.forEach((text, i) => {
    expect(text, `page ${i + 1}`).toContain("Nine for the table");
    expect(text, `page ${i + 1}`).toMatch(new RegExp(`${i + 1}\\s*/\\s*${all.pages}`));
  });
});

test("the obstacle checklist ticks each obstacle the squad brings", async ({ page, request }) => {
  const xws = { ...NINE.xws, obstacles: ["core-asteroid-1", "core-asteroid-2", "yt2400-debris-0"] };
  const code = await codeOf(request, xws);
  await page.goto(`/build/print?s=${code}&checklist=1`);
  await hydrated(page);
  await expect(page.locator(".obstacle-checklist li")).toHaveCount(3);
  await expect(page.locator('.print-option[data-option="checklist"]')).toHaveAttribute("aria-checked", "true");
});

test("no card-text token is left as a word in any fixture squad's printout", async ({ page, request }) => {
  for (const squad of squads) {
    const code = await codeOf(request, squad.xws);
    await page.goto(`/build/print?s=${code}`);
    await hydrated(page);
    const shown = await page.locator(".printout").innerText();
    expect(shown.match(/\[[A-Z][A-Za-z ]+\]/g) ?? [], squad.name).toEqual([]);
  }
});
