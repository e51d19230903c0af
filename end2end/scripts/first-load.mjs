// What a first visit to each page downloads, as Chromium receives it
// (weigh.mjs). Prints figures; asserts nothing: budget.mjs holds them
// to end2end/budget.txt. scripts/page-sizes reads the same files from
// the HTML alone, so it cannot see a page's lazily loaded wasm; this can.
//
//   node scripts/first-load.mjs http://127.0.0.1:3100
//   FIRST_LOAD_FILES=1 node scripts/first-load.mjs URL   (also each file)
import { firstVisits } from "./weigh.mjs";

const base = process.argv[2] ?? "http://127.0.0.1:3100";
const visits = await firstVisits(base);
console.log("| page | files | wasm files | bytes as sent | of which wasm |");
console.log("|---|---:|---:|---:|---:|");
for (const v of visits) {
  console.log(`| ${v.name} | ${v.files} | ${v.wasmFiles} | ${v.bytes.toLocaleString("en")} | ${v.wasm.toLocaleString("en")} |`);
}
// Each file's kind and size, to hold two builds' first visits side by side
// (a hashed name changes with every build; its kind and order do not).
if (process.env.FIRST_LOAD_FILES === "1") {
  const lines = visits.flatMap((v) => v.list.map(([size, path]) => `${v.name}\t${size}\t${path}`));
  console.log(["", "page\tbytes\tfile", ...lines].join("\n"));
}
