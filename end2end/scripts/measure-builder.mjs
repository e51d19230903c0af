// Measures, in Chromium, the time from a click in the builder to the
// updated points and problems on a 20-ship squad, and that squad's link
// length. Prints figures; asserts nothing (speed is not a test).
//
//   make measure-builder            (builds, serves, runs this)
//   node scripts/measure-builder.mjs http://127.0.0.1:3100 [runs]
//
// By default a click is timed until the next frame after the update is
// painted; DOM_ONLY=1 stops at the DOM update (the app's own work).
import { readFileSync } from "node:fs";
import { chromium } from "@playwright/test";

const base = process.argv[2] ?? "http://127.0.0.1:3100";
const runs = Number(process.argv[3] ?? 41);

// A Scum squad drawn from the whole pool: the C-ROC with its cards and
// nineteen ships of eight other types (issue 16). scripts/bench-server
// prints the link length of the same squad.
const xws = JSON.parse(readFileSync(new URL("../../scripts/twenty-ships.json", import.meta.url)));

const response = await fetch(`${base}/api/link`, {
  method: "POST",
  headers: { "content-type": "application/json" },
  body: JSON.stringify(xws),
});
const { url } = await response.json();

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
  args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update"],
});
const page = await browser.newPage();
await page.goto(url);
await page.locator('body[data-hydrated="true"]').waitFor({ state: "attached" });
const ships = await page.locator("article.ship").count();

// Clicks `selector` and resolves with the milliseconds until the points
// and the verdict have changed and the next frame is painted.
async function timeClick(selector) {
  return page.evaluate(
    ([selector, process_env_dom]) =>
      new Promise((resolve, reject) => {
        const points = document.querySelector("#squad-points");
        const verdict = document.querySelector("#squad-verdict");
        const before = [points.textContent, verdict.textContent];
        const target = document.querySelector(selector);
        if (!target) return reject(new Error(`no ${selector}`));
        let start;
        const observer = new MutationObserver(() => {
          if (points.textContent !== before[0] && verdict.textContent !== before[1]) {
            observer.disconnect();
            if (process_env_dom) resolve(performance.now() - start);
            else requestAnimationFrame(() => setTimeout(() => resolve(performance.now() - start)));
          }
        });
        for (const el of [points, verdict]) {
          observer.observe(el, { childList: true, characterData: true, subtree: true });
        }
        start = performance.now();
        target.click();
      }),
    [selector, !!process.env.DOM_ONLY],
  );
}

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};
const fmt = (xs) =>
  `median ${median(xs).toFixed(1)} ms, min ${Math.min(...xs).toFixed(1)} ms, max ${Math.max(...xs).toFixed(1)} ms (${xs.length} clicks)`;

// Equip an illegal card from a slot's picker (the picker is opened
// untimed), then take it off: each click changes the points and the
// number of problems.
const slot = 'article.ship[data-ship="0"] li[data-slot="mod:0"]';
const equip = [];
const unequip = [];
for (let i = 0; i < runs; i++) {
  await page.locator(`${slot} .slot-button`).click();
  equip.push(await timeClick(`${slot} .picker li[data-card="pulsedrayshield"] button`));
  unequip.push(await timeClick(`${slot} .remove-card`));
}

const code = new URL(page.url()).searchParams.get("s");
console.log(`squad: ${ships} ships, link ${page.url().length} characters (code ${code.length})`);
console.log(`equip from the picker -> points and problems updated: ${fmt(equip)}`);
console.log(`remove a card -> points and problems updated: ${fmt(unequip)}`);
await browser.close();
