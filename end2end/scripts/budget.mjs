// The weight budget (issue 60): the main wasm's brotli size and each
// page's first visit as sent, held to end2end/budget.txt. Fails naming
// each page over its figure. In `make test`; raising a figure is a
// one-line change to budget.txt with a comment saying why.
//
//   node scripts/budget.mjs http://127.0.0.1:3100 ../target/site
import { readFileSync } from "node:fs";
import { readBudget, report, verdict } from "./budget-verdict.mjs";
import { firstVisits, mainWasmBrotli } from "./weigh.mjs";

const [base, site] = [process.argv[2] ?? "http://127.0.0.1:3100", process.argv[3] ?? "../target/site"];
const budget = readBudget(readFileSync(new URL("../budget.txt", import.meta.url), "utf8"));
const figures = [["main wasm (br)", mainWasmBrotli(site)], ...(await firstVisits(base)).map((v) => [v.name, v.bytes])];
const v = verdict(budget, figures);
console.log(report(v));
if (v.over.length > 0 || v.unbudgeted.length > 0) process.exit(1);
