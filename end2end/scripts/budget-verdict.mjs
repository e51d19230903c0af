// The weight budget's file (end2end/budget.txt) and the verdict on a
// build's figures; budget.mjs measures, this decides. Pure, so that
// budget-verdict.test.mjs can hold it.

/// The budget's lines: `<name> <bytes>`, where the name may hold spaces
/// and the figure is the last word; `#` starts a comment (the reason a
/// figure is what it is). Throws on a line it cannot read, or a name
/// given twice.
export function readBudget(text) {
  const budget = new Map();
  text.split("\n").forEach((raw, i) => {
    const line = raw.replace(/#.*$/, "").trim();
    if (line === "") return;
    const m = /^(.+?)\s+([0-9][0-9_,]*)$/.exec(line);
    if (!m) throw new Error(`budget.txt line ${i + 1}: not "<name> <bytes>": ${raw}`);
    const name = m[1].trim();
    if (budget.has(name)) throw new Error(`budget.txt line ${i + 1}: ${name} is given twice`);
    budget.set(name, Number(m[2].replace(/[_,]/g, "")));
  });
  return budget;
}

/// Each figure against its budget: `{ rows, over, unbudgeted }`, where a
/// row is `{ name, bytes, limit, share }`, `over` the rows above their
/// limit, and `unbudgeted` the figures the file has no line for (a new
/// page must be given one) and the lines no figure was measured for.
export function verdict(budget, figures) {
  const rows = [];
  const unbudgeted = [];
  for (const [name, bytes] of figures) {
    const limit = budget.get(name);
    if (limit === undefined) unbudgeted.push(`${name}: measured ${bytes.toLocaleString("en")} B, but budget.txt has no line for it`);
    else rows.push({ name, bytes, limit, share: bytes / limit });
  }
  for (const name of budget.keys()) {
    if (!figures.some(([n]) => n === name)) unbudgeted.push(`${name}: in budget.txt, but not measured`);
  }
  return { rows, over: rows.filter((r) => r.bytes > r.limit), unbudgeted };
}

/// The verdict as the check prints it: a table, then each page over its
/// budget named with its figure.
export function report({ rows, over, unbudgeted }) {
  const lines = ["| what | bytes | budget | of budget |", "|---|---:|---:|---:|"];
  for (const r of rows) {
    lines.push(`| ${r.name} | ${r.bytes.toLocaleString("en")} | ${r.limit.toLocaleString("en")} | ${(100 * r.share).toFixed(1)}% |`);
  }
  for (const r of over) {
    lines.push(`budget: ${r.name} is over its budget: ${r.bytes.toLocaleString("en")} B > ${r.limit.toLocaleString("en")} B (end2end/budget.txt)`);
  }
  for (const u of unbudgeted) lines.push(`budget: ${u}`);
  if (over.length === 0 && unbudgeted.length === 0) lines.push(`budget: all ${rows.length} figures within end2end/budget.txt`);
  return lines.join("\n");
}
