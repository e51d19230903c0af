// What a Lighthouse report fails on, for `lighthouse.mjs --check`: kept
// apart so that its test (lighthouse-verdict.test.mjs) can hand it reports
// in which a category or an audit errored, without running Lighthouse.

// Audits whose null score is not a failure: Lighthouse gives them no score
// by design (nothing on the page to audit, a manual check, a figure).
const UNSCORED = new Set(["notApplicable", "manual", "informative"]);

/** The category's score out of 100, or null when Lighthouse gave none. */
export function categoryScore(report, id) {
  const score = report.categories?.[id]?.score;
  return typeof score === "number" ? Math.round(score * 100) : null;
}

/**
 * Every reason the report fails the categories `ids`: a category with no
 * score, an audit that errored (its score null where one was due), or a
 * weighted audit below 1, and a run-wide error.
 */
export function failures(report, ids) {
  const out = [];
  if (report.runtimeError) out.push(`run: ${report.runtimeError.code} (${report.runtimeError.message})`);
  for (const id of ids) {
    const category = report.categories?.[id];
    if (!category) {
      out.push(`${id}: no such category in the report`);
      continue;
    }
    if (typeof category.score !== "number") out.push(`${id}: no score (an audit errored)`);
    for (const ref of category.auditRefs ?? []) {
      const audit = report.audits?.[ref.id];
      if (!audit) {
        if (ref.weight > 0) out.push(`${id}: ${ref.id} is missing from the report`);
      } else if (audit.scoreDisplayMode === "error" || (audit.score === null && !UNSCORED.has(audit.scoreDisplayMode))) {
        out.push(`${id}: ${ref.id} errored (${audit.errorMessage ?? audit.title})`);
      } else if (ref.weight > 0 && audit.score !== null && audit.score < 1) {
        out.push(`${id}: ${ref.id} (${audit.title})`);
      }
    }
  }
  return out;
}

/** The median of numbers (the mean of the middle two for an even count); a
 * non-number (a category that errored) makes it "error". */
export function median(values) {
  if (values.length === 0 || values.some((v) => typeof v !== "number")) return "error";
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}
