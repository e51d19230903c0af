import { test, expect, hydrated } from "./fixtures";

const spacer = { name: "cartelspacer", ship: "m3ainterceptor" };

// The builder keeps to the same squad limits as every codec (cards/src/squad/limits.rs)
// and says so, and a link it cannot read whole never replaces the squad in work.
test("at 60 ships the builder refuses one more and says why", async ({ page }) => {
  const made = await page.request.post("/api/link", {
    data: { version: "1.0.0", faction: "scum", pilots: Array(60).fill(spacer) },
  });
  expect(made.status()).toBe(200);
  const { code } = await made.json();
  await page.goto(`/build?s=${code}`);
  await hydrated(page);
  await expect(page.locator("article.ship")).toHaveCount(60);
  await page.locator("article.ship").first().locator("button.clone-ship").click();
  await expect(page.locator(".limit-error")).toContainText("Not changed: the squad has 61 ships; a squad holds at most 60");
  await expect(page.locator("article.ship")).toHaveCount(60);
  // One ship fewer, and cloning works again.
  await page.locator("article.ship").first().locator("button.remove-ship").click();
  await expect(page.locator("article.ship")).toHaveCount(59);
  await page.locator("article.ship").first().locator("button.clone-ship").click();
  await expect(page.locator("article.ship")).toHaveCount(60);
  await expect(page.locator(".limit-error")).toHaveCount(0);
});

test("a link that cannot be read whole does not replace the squad in work", async ({ page }) => {
  await page.goto("/build");
  await hydrated(page);
  await page.locator("#squad-name").fill("Keep me");
  await page.locator("#add-pilot").selectOption("102");
  await page.locator("#add-ship").click();
  await expect(page.locator("article.ship")).toHaveCount(1);
  // The title, the address and the kept squad follow it once edits pause.
  await expect(page).toHaveTitle(/^Keep me · .* · [1-9][0-9]*\/[0-9]+ points/);
  await expect(page).toHaveURL(/\/build\?s=v3\./);
  const kept = await page.evaluate(() => localStorage.getItem("merchant-one.working"));
  expect(kept).toBeTruthy();

  // A damaged code (a too-large one takes the same path: read as far as it goes).
  const made = await page.request.post("/api/link", {
    data: { version: "1.0.0", faction: "scum", name: "Stranger", pilots: Array(3).fill(spacer) },
  });
  const { code } = await made.json();
  const damaged = code.slice(0, -6);
  await page.goto(`/build?s=${damaged}`);
  await hydrated(page);
  await expect(page.locator(".link-error")).toContainText("damaged");
  await expect(page).toHaveURL(new RegExp(`s=${damaged}$`));
  expect(await page.evaluate(() => localStorage.getItem("merchant-one.working"))).toBe(kept);

  // Back at /build, the squad in work comes back.
  await page.goto("/build");
  await hydrated(page);
  await expect(page.locator("#squad-name")).toHaveValue("Keep me");
  await expect(page.locator("article.ship")).toHaveCount(1);
});

// The address and the kept squad follow edits once they pause: leaving
// before that, by another page of the app or by a full navigation, still
// keeps the last edit.
test("an edit is kept when the player leaves at once", async ({ page }) => {
  await page.goto("/build");
  await hydrated(page);
  await page.locator("#add-pilot").selectOption("102");
  await page.locator("#add-ship").click();
  await expect(page.locator("article.ship")).toHaveCount(1);
  // Another page of the app, within the pause.
  await page.locator("nav[aria-label='Main'] .site-links a[href='/cards']").click();
  await expect(page).toHaveURL(/\/cards$/);
  await page.locator("nav[aria-label='Main'] .site-links a[href='/build']").click();
  await expect(page.locator("article.ship")).toHaveCount(1);
  await hydrated(page);
  await page.locator("article.ship").first().locator("button.clone-ship").click();
  await expect(page.locator("article.ship")).toHaveCount(2);
  // A full navigation, within the pause.
  await page.goto("/build");
  await hydrated(page);
  await expect(page.locator("article.ship")).toHaveCount(2);
});
