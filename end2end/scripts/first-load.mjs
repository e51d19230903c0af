// What a first visit to each page downloads, as Chromium receives it:
// every response until the page is hydrated and the network is idle (the
// HTML, the main wasm and its JavaScript, the CSS, the card asset, and the
// wasm the page loads lazily), each body as sent (compressed), in a new
// browser context so nothing comes from a cache. Prints figures; asserts nothing.
// scripts/page-sizes reads the same files from the HTML alone, so it
// cannot see a page's lazily loaded wasm; this can.
//
//   node scripts/first-load.mjs http://127.0.0.1:3100
import { readFileSync } from "node:fs";
import { chromium } from "@playwright/test";

const base = process.argv[2] ?? "http://127.0.0.1:3100";
// The builder measurement's 20-ship squad (scripts/twenty-ships.json), as a shared link.
const xws = JSON.parse(readFileSync(new URL("../../scripts/twenty-ships.json", import.meta.url)));
const shared = await fetch(`${base}/api/link`, {
  method: "POST",
  headers: { "content-type": "application/json" },
  body: JSON.stringify(xws),
});
const link = new URL((await shared.json()).url);

const pages = ["/", "/build", link.pathname + link.search, "/cards", "/cards/merchantone", "/search?q=energy", "/rules", "/rules/huge-ships"];

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
  args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update"],
});

console.log("| page | files | wasm files | bytes as sent | of which wasm |");
console.log("|---|---:|---:|---:|---:|");
for (const path of pages) {
  const context = await browser.newContext();
  const page = await context.newPage();
  const finished = [];
  page.on("requestfinished", (request) => finished.push(request));
  await page.goto(base + path);
  await page.locator('body[data-hydrated="true"]').waitFor({ state: "attached", timeout: 30000 });
  await page.waitForLoadState("networkidle");
  let total = 0;
  let wasm = 0;
  let files = 0;
  let wasmFiles = 0;
  for (const request of finished) {
    const url = request.url();
    if (url.endsWith("/favicon.svg")) continue;
    // The body as it came over the wire (compressed), headers left out,
    // as scripts/page-sizes counts.
    const size = (await request.sizes()).responseBodySize;
    files += 1;
    total += size;
    if (url.split("?")[0].endsWith(".wasm")) {
      wasm += size;
      wasmFiles += 1;
    }
  }
  const name = path.length > 30 ? "/build?s=<20 ships>" : path;
  console.log(`| ${name} | ${files} | ${wasmFiles} | ${total.toLocaleString("en")} | ${wasm.toLocaleString("en")} |`);
  await context.close();
}
await browser.close();
