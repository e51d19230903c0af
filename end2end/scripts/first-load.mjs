// What a first visit to each page downloads, as Chromium receives it:
// every response until the page is hydrated and the network is idle (the
// HTML, the main wasm and its JavaScript, the CSS, the card asset, and the
// wasm the page loads lazily), each body as sent (compressed), in a new
// browser context so nothing comes from a cache. Prints figures; asserts nothing.
// scripts/page-sizes reads the same files from the HTML alone, so it
// cannot see a page's lazily loaded wasm; this can.
//
//   node scripts/first-load.mjs http://127.0.0.1:3100
//   FIRST_LOAD_FILES=1 node scripts/first-load.mjs URL   (also each file)
import { launch, twentyShipLink } from "./chromium.mjs";

const base = process.argv[2] ?? "http://127.0.0.1:3100";
const shared = new URL(await twentyShipLink(base));
const pages = [
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
const browser = await launch();
// Each file's kind and size, to hold two builds' first visits side by side
// (a hashed name changes with every build; its kind and order do not).
const listFiles = process.env.FIRST_LOAD_FILES === "1";
const fileLines = [];

console.log("| page | files | wasm files | bytes as sent | of which wasm |");
console.log("|---|---:|---:|---:|---:|");
for (const [name, path] of pages) {
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
    if (listFiles) fileLines.push(`${name}\t${size}\t${new URL(url).pathname}`);
    if (url.split("?")[0].endsWith(".wasm")) {
      wasm += size;
      wasmFiles += 1;
    }
  }
  console.log(`| ${name} | ${files} | ${wasmFiles} | ${total.toLocaleString("en")} | ${wasm.toLocaleString("en")} |`);
  await context.close();
}
await browser.close();
if (listFiles) console.log(["", "page\tbytes\tfile", ...fileLines].join("\n"));
