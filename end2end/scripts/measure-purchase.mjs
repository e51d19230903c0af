// Measures, in Chromium's wasm, the builder's collection check (what the
// squad needs, what is missing, and the fewest products to buy) for the
// nine-ship Epic squad of the fixtures and the twenty-ship squad, each
// against a collection that holds none of their cards (one Core Set, no
// Scum card). Prints figures; asserts nothing (speed is not a test).
//
//   make measure-purchase            (builds, serves, runs this)
//   node scripts/measure-purchase.mjs http://127.0.0.1:3100 [runs]
import { readFileSync } from "node:fs";
import { launch } from "./chromium.mjs";

const base = process.argv[2] ?? "http://127.0.0.1:3100";
const runs = Number(process.argv[3] ?? 21);

const fixtures = JSON.parse(readFileSync(new URL("../../cards/tests/fixtures/squads.json", import.meta.url)));
const squads = [
  ["nine ships", fixtures.find((s) => s.name === "Nine Scum ships, full bars").xws],
  ["twenty ships", JSON.parse(readFileSync(new URL("../../scripts/twenty-ships.json", import.meta.url)))],
];

async function linkOf(xws) {
  const response = await fetch(`${base}/api/link`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(xws),
  });
  return (await response.json()).url.replace(/^https?:\/\/[^/]+/, base);
}

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};

const browser = await launch();
const page = await browser.newPage();
await page.goto(`${base}/collection`);
await page.evaluate(() => localStorage.setItem("merchant-one.collection", JSON.stringify({ products: { "core-set": 1 } })));
for (const [name, xws] of squads) {
  const url = await linkOf(xws);
  const times = [];
  let missing = 0;
  let boxes = 0;
  for (let i = 0; i < runs; i++) {
    await page.goto(url);
    await page.locator("#collection-buy").waitFor();
    times.push(
      await page.evaluate(() => performance.getEntriesByName("builder: collection check").map((e) => e.duration)[0]),
    );
    missing = await page.locator("#collection-missing li").count();
    boxes = await page.locator("#collection-buy li").count();
  }
  console.log(
    `${name}: collection check in wasm median ${median(times).toFixed(2)} ms, ` +
      `min ${Math.min(...times).toFixed(2)} ms, max ${Math.max(...times).toFixed(2)} ms ` +
      `(${runs} page loads; ${missing} pieces missing, ${boxes} products to buy)`,
  );
}
await browser.close();
