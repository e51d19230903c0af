// Measures, in Chromium, the time from a click in the builder to the
// updated points and problems on a 20-ship squad, and that squad's link
// length. Prints figures; asserts nothing (speed is not a test).
//
//   make measure-builder            (builds, serves, runs this)
//   node scripts/measure-builder.mjs http://127.0.0.1:3100 [runs]
//
// By default a click is timed until the next frame after the update is
// painted; DOM_ONLY=1 stops at the DOM update (the app's own work).
import { launch, twentyShipLink } from "./chromium.mjs";

const base = process.argv[2] ?? "http://127.0.0.1:3100";
const runs = Number(process.argv[3] ?? 41);

const url = await twentyShipLink(base);
const browser = await launch();
const page = await browser.newPage();
await page.goto(url);
await page.locator('body[data-hydrated="true"]').waitFor({ state: "attached" });
const ships = await page.locator("article.ship").count();

// Clicks `selector` and resolves with the milliseconds until the text of
// every `watched` element has changed (by default the squad's points and
// verdict) and the next frame is painted.
async function timeClick(selector, watched = ["#squad-points", "#squad-verdict"]) {
  return page.evaluate(
    ([selector, watched, process_env_dom]) =>
      new Promise((resolve, reject) => {
        const els = watched.map((w) => document.querySelector(w));
        if (els.some((el) => !el)) return reject(new Error(`no ${watched}`));
        const before = els.map((el) => el.textContent);
        const target = document.querySelector(selector);
        if (!target) return reject(new Error(`no ${selector}`));
        let start;
        const observer = new MutationObserver(() => {
          if (els.every((el, i) => el.textContent !== before[i])) {
            observer.disconnect();
            if (process_env_dom) resolve(performance.now() - start);
            else requestAnimationFrame(() => setTimeout(() => resolve(performance.now() - start)));
          }
        });
        for (const el of els) {
          observer.observe(el, { childList: true, characterData: true, subtree: true });
        }
        start = performance.now();
        target.click();
      }),
    [selector, watched, !!process.env.DOM_ONLY],
  );
}

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};
const fmt = (xs) =>
  `median ${median(xs).toFixed(1)} ms, min ${Math.min(...xs).toFixed(1)} ms, max ${Math.max(...xs).toFixed(1)} ms (${xs.length} clicks)`;

// The app's own User Timing measures (`app::components::timed`): how long
// the engine took inside a click, apart from the drawing. Chromium gives
// them to 0.1 ms.
const clearMeasures = (name) => page.evaluate((name) => performance.clearMeasures(name), name);
const measures = (name) =>
  page.evaluate((name) => performance.getEntriesByName(name).map((e) => e.duration), name);
const fmtWork = (xs) =>
  `median ${median(xs).toFixed(2)} ms, min ${Math.min(...xs).toFixed(2)} ms, ` +
  `max ${Math.max(...xs).toFixed(2)} ms (${xs.length} runs)`;

// Equip an illegal card from a slot's picker (the picker is opened
// untimed), then take it off: each click changes the points and the
// number of problems.
const slot = 'article.ship[data-ship="0"] li[data-slot="mod:0"]';
const equip = [];
const unequip = [];
await clearMeasures("builder: validate");
for (let i = 0; i < runs; i++) {
  await page.locator(`${slot} .slot-button`).click();
  equip.push(await timeClick(`${slot} .picker li[data-card="pulsedrayshield"] button`));
  unequip.push(await timeClick(`${slot} .remove-card`));
}

// Opening the C-ROC's Crew slot: the picker lists every crew card of the
// pool, each checked against the squad (Rules::options).
const crew = 'article.ship[data-ship="0"] li[data-slot="crew:0"]';
const picker = [];
const validated = await measures("builder: validate");
await clearMeasures("builder: options");
for (let i = 0; i < runs; i++) {
  picker.push(
    await page.evaluate(
      ([crew, process_env_dom]) =>
        new Promise((resolve) => {
          const slot = document.querySelector(crew);
          let start;
          const observer = new MutationObserver(() => {
            if (slot.querySelector(".picker li")) {
              observer.disconnect();
              if (process_env_dom) resolve(performance.now() - start);
              else requestAnimationFrame(() => setTimeout(() => resolve(performance.now() - start)));
            }
          });
          observer.observe(slot, { childList: true, subtree: true });
          start = performance.now();
          slot.querySelector(".slot-button").click();
        }),
      [crew, !!process.env.DOM_ONLY],
    ),
  );
  // The slot's button toggles its picker shut.
  await page.locator(`${crew} .slot-button`).click();
  await page.locator(`${crew} .picker`).waitFor({ state: "detached" });
}

const optioned = await measures("builder: options");

const code = new URL(page.url()).searchParams.get("s");
console.log(`squad: ${ships} ships, link ${page.url().length} characters (code ${code.length})`);
console.log(`equip from the picker -> points and problems updated: ${fmt(equip)}`);
console.log(`remove a card -> points and problems updated: ${fmt(unequip)}`);
console.log(`  of which Rules::validate in wasm, each edit: ${fmtWork(validated)}`);
console.log(`open the C-ROC's Crew picker -> options listed: ${fmt(picker)}`);
console.log(`  of which Rules::options in wasm, each Crew picker: ${fmtWork(optioned)}`);

// The dice simulator, 6 attack dice against 6 defense dice with every
// modifier (the benchmark's case): toggling "Obstructed" adds up the
// exact distribution again in the browser (7 or 6 defense dice).
const every = "a=6&d=6&r=1&obstructed=1&afocus=1&lock=1&cells=1&thugs=1&sunny=1&inaldra=1&dfocus=1&evade=1&dsunny=1&dinaldra=1";
await page.goto(`${base}/rules/huge-ships?${every}`);
await page.locator('body[data-hydrated="true"]').waitFor({ state: "attached" });
const dice = [];
for (let i = 0; i < runs; i++) {
  dice.push(await timeClick('#dice-simulator input[name="obstructed"]', ["#dice-simulator .dice-summary"]));
}
console.log(`dice, 6 v 6 every modifier -> distribution redrawn: ${fmt(dice)}`);
// The exact distribution alone, as the app times it in wasm
// (`off_the_async_workers`, a User Timing measure per calculation).
const damage = await page.evaluate(
  (runs) => performance.getEntriesByName("dice: damage").slice(-runs).map((e) => e.duration),
  runs,
);
console.log(`  of which damage() in wasm: ${fmtWork(damage)}`);
await browser.close();
