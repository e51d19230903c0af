// node --test: the Lighthouse check fails on what it must fail on.
import { test } from "node:test";
import assert from "node:assert/strict";
import { categoryScore, failures, median } from "./lighthouse-verdict.mjs";

function report({ score = 1, audit = { score: 1, scoreDisplayMode: "binary" } } = {}) {
  return {
    categories: { seo: { score, auditRefs: [{ id: "document-title", weight: 1 }, { id: "canonical", weight: 0 }] } },
    audits: {
      "document-title": { title: "Document has a title", ...audit },
      canonical: { title: "Canonical", score: null, scoreDisplayMode: "notApplicable" },
    },
  };
}

test("a clean report passes", () => {
  assert.deepEqual(failures(report(), ["seo"]), []);
  assert.equal(categoryScore(report(), "seo"), 100);
});

test("a category with a null score fails, and its score is no number", () => {
  const r = report({ score: null });
  assert.equal(categoryScore(r, "seo"), null);
  assert.match(failures(r, ["seo"]).join("\n"), /seo: no score/);
});

test("an audit that errored fails even though it has no score", () => {
  const r = report({
    score: null,
    audit: { score: null, scoreDisplayMode: "error", errorMessage: "Protocol error" },
  });
  assert.match(failures(r, ["seo"]).join("\n"), /document-title errored \(Protocol error\)/);
});

test("a weighted audit below 1 fails; a not-applicable one does not", () => {
  const r = report({ score: 0.9, audit: { score: 0, scoreDisplayMode: "binary" } });
  assert.deepEqual(failures(r, ["seo"]), ["seo: document-title (Document has a title)"]);
});

test("a missing category and a run-wide error fail", () => {
  const r = { ...report(), runtimeError: { code: "NO_FCP", message: "no paint" } };
  const all = failures(r, ["seo", "accessibility"]).join("\n");
  assert.match(all, /run: NO_FCP/);
  assert.match(all, /accessibility: no such category/);
});

test("the median of runs: the middle one, the mean of the middle two, error on an errored run", () => {
  assert.equal(median([90, 97, 95]), 95);
  assert.equal(median([2, 4, 1, 3]), 2.5);
  assert.equal(median([95, "error", 96]), "error");
  assert.equal(median([]), "error");
});
