// What a first visit to each page downloads, as Chromium receives it
// (first-load.mjs prints it, budget.mjs holds it to end2end/budget.txt),
// and the main wasm's brotli size as the site keeps it.
import { readdirSync, statSync } from "node:fs";
import { join } from "node:path";
import { launch, twentyShipLink } from "./chromium.mjs";

/// The pages weighed: a name and an address (`shared` is the 20-ship link).
export function weighedPages(shared) {
  return [
    ["/", "/"],
    ["/build", "/build"],
    ["/build?s=<20 ships>", shared.pathname + shared.search],
    ["/cards", "/cards"],
    ["/cards/merchantone", "/cards/merchantone"],
    ["/search?q=energy", "/search?q=energy"],
    ["/rules", "/rules"],
    ["/rules/huge-ships", "/rules/huge-ships"],
    ["/play?s=<20 ships>", "/play" + shared.search],
  ];
}

/// Each page's first visit: every response until the page is hydrated
/// and the network is idle (the HTML, the main wasm and its JavaScript,
/// the CSS, the card asset, the wasm loaded lazily), each body as sent
/// (compressed), in a new browser context so nothing comes from a cache.
/// `{ name, files, wasmFiles, bytes, wasm, list }` for each page.
export async function firstVisits(base) {
  const shared = new URL(await twentyShipLink(base));
  const browser = await launch();
  const visits = [];
  try {
    for (const [name, path] of weighedPages(shared)) visits.push(await firstVisit(browser, base, name, path));
  } finally {
    await browser.close();
  }
  return visits;
}

async function firstVisit(browser, base, name, path) {
  const context = await browser.newContext();
  const page = await context.newPage();
  const finished = [];
  page.on("requestfinished", (request) => finished.push(request));
  await page.goto(base + path, { timeout: 30_000 });
  await page.locator('body[data-hydrated="true"]').waitFor({ state: "attached", timeout: 30_000 });
  await page.waitForLoadState("networkidle", { timeout: 30_000 });
  const visit = { name, files: 0, wasmFiles: 0, bytes: 0, wasm: 0, list: [] };
  for (const request of finished) {
    const url = request.url();
    if (url.endsWith("/favicon.svg")) continue;
    // The body as it came over the wire (compressed), headers left out,
    // as scripts/page-sizes counts.
    const size = (await request.sizes()).responseBodySize;
    visit.files += 1;
    visit.bytes += size;
    visit.list.push([size, new URL(url).pathname]);
    if (url.split("?")[0].endsWith(".wasm")) {
      visit.wasm += size;
      visit.wasmFiles += 1;
    }
  }
  await context.close();
  return visit;
}

/// The main wasm's brotli size in a built site (`target/site`): the one
/// wasm of `pkg/` named for the app (`merchant-one.<hash>.wasm`), not a
/// page's lazily loaded part.
export function mainWasmBrotli(site) {
  const pkg = join(site, "pkg");
  const main = readdirSync(pkg).filter((f) => /^merchant-one\.[^.]+\.wasm\.br$/.test(f));
  if (main.length !== 1) throw new Error(`expected one main wasm in ${pkg}, found ${main.length}: ${main.join(", ")}`);
  return statSync(join(pkg, main[0])).size;
}

