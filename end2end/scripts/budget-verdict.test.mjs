import { test } from "node:test";
import assert from "node:assert/strict";
import { readBudget, report, verdict } from "./budget-verdict.mjs";

const FILE = `# comment line
main wasm (br)   500_000   # ce6c611 + 2%
/build?s=<20 ships>  600,000
/  300000
`;

test("the budget file is read: names with spaces, separators and comments", () => {
  const budget = readBudget(FILE);
  assert.equal(budget.get("main wasm (br)"), 500000);
  assert.equal(budget.get("/build?s=<20 ships>"), 600000);
  assert.equal(budget.get("/"), 300000);
});

test("a line that is not a name and a figure, or a name twice, is refused", () => {
  assert.throws(() => readBudget("/build lots\n"), /line 1/);
  assert.throws(() => readBudget("/ 1\n/ 2\n"), /given twice/);
});

test("a page over its budget is named with its figure", () => {
  const v = verdict(readBudget(FILE), [["main wasm (br)", 499999], ["/build?s=<20 ships>", 600001], ["/", 300000]]);
  assert.deepEqual(v.over.map((r) => r.name), ["/build?s=<20 ships>"]);
  assert.match(report(v), /budget: \/build\?s=<20 ships> is over its budget: 600,001 B > 600,000 B/);
});

test("a figure without a line, or a line without a figure, fails too", () => {
  const v = verdict(readBudget(FILE), [["main wasm (br)", 1], ["/", 1], ["/new", 1]]);
  assert.equal(v.over.length, 0);
  assert.deepEqual(v.unbudgeted, ["/new: measured 1 B, but budget.txt has no line for it", "/build?s=<20 ships>: in budget.txt, but not measured"]);
});

test("figures within budget pass", () => {
  const v = verdict(readBudget(FILE), [["main wasm (br)", 500000], ["/build?s=<20 ships>", 1], ["/", 1]]);
  assert.equal(v.over.length + v.unbudgeted.length, 0);
  assert.match(report(v), /all 3 figures within/);
});
