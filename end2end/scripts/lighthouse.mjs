// Lighthouse 12.2.3 (mobile defaults: simulated slow 4G, 4x CPU) on the
// pages of issue 38, against a running server. Prints one row per page.
//   node scripts/lighthouse.mjs <base>          every category, with LCP, TBT and bytes (make lighthouse)
//   node scripts/lighthouse.mjs <base> --check  accessibility, best practices and SEO only;
//                                               exits 1 unless each is 100 (make test)
//   LIGHTHOUSE_RUNS=3      each page audited 3 times: each run's performance,
//                          and the medians of the score, LCP and TBT (make lighthouse RUNS=3)
//   LIGHTHOUSE_PAGES=/rules/huge-ships,/play?s=nine   only these pages (`nine`: the nine-ship squad's code)
// Performance is a figure, never a test: it moves with the machine. Both
// also hold Lighthouse's bf-cache audit: Back restores every page whole.
import { execFile } from "node:child_process";
import { readFileSync } from "node:fs";
import { promisify } from "node:util";
import { categoryScore, failures, median } from "./lighthouse-verdict.mjs";

const run = promisify(execFile);
const [base, mode] = process.argv.slice(2);
if (!base) {
  console.error("usage: node scripts/lighthouse.mjs <base url> [--check]");
  process.exit(2);
}
const check = mode === "--check";
const RUNS = Math.max(1, Number(process.env.LIGHTHOUSE_RUNS ?? 1));
const ONLY = process.env.LIGHTHOUSE_PAGES?.split(",").filter(Boolean);
const STABLE = ["accessibility", "best-practices", "seo"];
const ALL = ["performance", ...STABLE];

async function pages() {
  const response = await fetch(`${base}/api/link`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(
      JSON.parse(readFileSync(new URL("../../cards/tests/fixtures/squads.json", import.meta.url))).find(
        (s) => s.name === "Nine Scum ships, full bars",
      ).xws,
    ),
  });
  const link = new URL((await response.json()).url);
  if (ONLY) return ONLY.map((p) => p.replace("s=nine", link.search.slice(1)));
  return [
    "/",
    "/build",
    link.pathname + link.search,
    "/cards",
    "/cards/heavylasercannon",
    "/search?q=energy",
    "/rules",
    "/rules/huge-ships",
    "/collection",
    // Issue 49: the nine ships in play.
    "/play" + link.search,
    // Issue 47: the builder, the card list and a search in other languages.
    "/de/build",
    "/ru/cards",
    "/es/search?q=ion",
  ];
}

async function audit(path) {
  const categories = check ? STABLE : ALL;
  const { stdout } = await run(
    new URL("../node_modules/.bin/lighthouse", import.meta.url).pathname,
    [
      base + path,
      "--output=json",
      "--output-path=stdout",
      "--quiet",
      `--only-categories=${categories.join(",")}`,
      // Whether Back restores the page whole from the back/forward cache
      // (Playwright starts Chromium with that cache off, so this is its check).
      "--only-audits=bf-cache",
      `--chrome-path=${process.env.CHROMIUM_PATH ?? "/usr/bin/chromium"}`,
      "--chrome-flags=--headless=new --no-sandbox",
    ],
    { maxBuffer: 64 * 1024 * 1024 },
  );
  return JSON.parse(stdout);
}

// A category Lighthouse could not score prints as "error" and fails the
// check (lighthouse-verdict.mjs), never as 0 or as a pass.
const score = (report, id) => categoryScore(report, id) ?? "error";

const short = (path) => (path.length > 40 ? path.slice(0, 37) + "…" : path);
const rows = [];
let bad = [];
/// The performance figures of `reports` (one per run): the medians, and
/// each run's score when there are several.
function performanceOf(reports) {
  const figure = (f) => median(reports.map(f));
  const row = {
    performance: figure((r) => score(r, "performance")),
    "LCP s": (figure((r) => r.audits["largest-contentful-paint"].numericValue) / 1000).toFixed(2),
    "TBT ms": Math.round(figure((r) => r.audits["total-blocking-time"].numericValue)),
    KiB: Math.round(figure((r) => r.audits["total-byte-weight"].numericValue) / 1024),
  };
  if (reports.length > 1) row.runs = reports.map((r) => score(r, "performance")).join(" ");
  return row;
}

// The check audits two pages at a time: accessibility, best practices and
// SEO do not move with the machine's load (about a minute off make test).
// Performance does, so its figures come from one page at a time.
const CONCURRENT = check ? 2 : 1;
const list = await pages();
const audited = new Array(list.length);
let next = 0;
await Promise.all(
  Array.from({ length: CONCURRENT }, async () => {
    while (next < list.length) {
      const at = next++;
      const reports = [];
      for (let i = 0; i < (check ? 1 : RUNS); i++) reports.push(await audit(list[at]));
      audited[at] = reports;
    }
  }),
);

for (const [at, path] of list.entries()) {
  const reports = audited[at];
  const report = reports[0];
  const row = { page: short(path) };
  if (!check) Object.assign(row, performanceOf(reports));
  for (const id of STABLE) row[id] = score(report, id);
  bad.push(...failures(report, STABLE).map((f) => `${path}: ${f}`));
  const bfCache = report.audits["bf-cache"];
  row["bf-cache"] = bfCache.score === 1 ? "restored" : "not restored";
  if (bfCache.score !== 1) {
    const reasons = (bfCache.details?.items ?? []).map((i) => i.reason).join("; ");
    bad.push(`${path}: bf-cache (${reasons || bfCache.title})`);
  }
  rows.push(row);
  console.log(Object.values(row).join(" | "));
}
const heads = Object.keys(rows[0]);
console.log(`\n| ${heads.join(" | ")} |\n|${heads.map(() => "---").join("|")}|`);
for (const row of rows) console.log(`| ${Object.values(row).join(" | ")} |`);
if (bad.length) {
  console.log(`\nBelow 100 or errored:\n${bad.join("\n")}`);
  if (check) process.exit(1);
}
