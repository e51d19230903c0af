import { test as base, expect, hydrated } from "./fixtures";
import { chromium } from "@playwright/test";
import type { BrowserContext, Page } from "@playwright/test";
import { spawn, execFileSync } from "node:child_process";
import type { ChildProcess } from "node:child_process";
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";

// Issue 49, part 1: after one visit the site works with no network, and a
// new release is offered, never mixed with the old. Each test runs its
// own server, so that a second build can take its place on the same port.

// The tests run from end2end/ (playwright.config.ts).
const ROOT = resolve("..");
const SITE = join(ROOT, "target", "site");
const BINARY = join(ROOT, "target", "release", "merchant-one");

// Each wait below names its own bound, and each test's timeout is at
// least the sum of its waits, so a loaded machine fails a test only when
// a wait runs out, never on the test's clock (issue 60).
const SERVER_START_MS = 15_000;
const NAVIGATION_MS = 10_000;
const HYDRATED_MS = 10_000;
const EXPECT_MS = 10_000;
const WORKER_MS = 15_000;
const CACHED_MS = 25_000;
const KEPT_MS = WORKER_MS + CACHED_MS;

/// One port for each worker, so that repeats of this file run side by side.
const test = base.extend<{ port: number }, { workerPort: number }>({
  workerPort: [async ({}, use, workerInfo) => use(3160 + workerInfo.parallelIndex), { scope: "worker" }],
  port: async ({ workerPort }, use) => use(workerPort),
  baseURL: async ({ workerPort }, use) => use(`http://127.0.0.1:${workerPort}`),
});

test.describe.configure({ mode: "serial" });
test.use({
  viewport: { width: 390, height: 844 },
  isMobile: true,
  hasTouch: true,
  navigationTimeout: NAVIGATION_MS,
  actionTimeout: EXPECT_MS,
});

async function serve(siteRoot: string, port: number): Promise<ChildProcess> {
  const server = spawn(BINARY, ["--addr", `127.0.0.1:${port}`, "--site-root", siteRoot], { stdio: "ignore", env: { ...process.env, RUST_LOG: "warn" } });
  const deadline = Date.now() + SERVER_START_MS;
  while (Date.now() < deadline) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/healthz`, { signal: AbortSignal.timeout(2_000) })).ok) return server;
    } catch {}
    if (server.exitCode !== null) break;
    await new Promise((r) => setTimeout(r, 100));
  }
  await stop(server);
  throw new Error(`the server did not start on port ${port}`);
}

/// Stops a server and waits until it has gone, so its port is free.
async function stop(server: ChildProcess) {
  if (server.exitCode !== null || server.signalCode !== null) return;
  const gone = new Promise((r) => server.once("exit", r));
  server.kill();
  await gone;
}

/// The site built once more with a changed stylesheet, so its name (the
/// hash) and the service worker's list change: a second release.
function secondBuild(): string {
  const dir = mkdtempSync(join(tmpdir(), "merchant-one-second-"));
  cpSync(SITE, dir, { recursive: true });
  const pkg = join(dir, "pkg");
  const css = readdirSync(pkg).find((f) => /^merchant-one\..+\.css$/.test(f))!;
  for (const f of readdirSync(pkg).filter((f) => f.startsWith(css) && f !== css)) rmSync(join(pkg, f));
  const renamed = css.replace(/\.[^.]+\.css$/, ".SecondReleaseXXXXXXXXXX.css");
  writeFileSync(join(pkg, renamed), readFileSync(join(pkg, css), "utf8") + "\n/* the second release */\n");
  rmSync(join(pkg, css));
  execFileSync("node", [join(ROOT, "scripts", "service-worker.mjs"), dir]);
  execFileSync(join(ROOT, "scripts", "precompress"), [dir]);
  return dir;
}

/// Waits until the worker controls the page and has kept the pages and
/// data a player needs offline (at most `KEPT_MS`).
async function kept(page: Page, wanted: string[]) {
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, null, { timeout: WORKER_MS });
  await page.waitForFunction(
    async (wanted) => {
      const urls: string[] = [];
      for (const name of await caches.keys()) {
        for (const r of await (await caches.open(name)).keys()) urls.push(new URL(r.url).pathname);
      }
      return wanted.every((w) => urls.some((u) => u === w || (w.endsWith("*") && u.startsWith(w.slice(0, -1)))));
    },
    wanted,
    { timeout: CACHED_MS, polling: 500 },
  );
}

/// The page has hydrated, within `HYDRATED_MS`.
async function live(page: Page) {
  await hydrated(page, HYDRATED_MS);
}

async function squadCode(page: Page, pilots: object[], faction = "scum"): Promise<string> {
  const response = await page.request.post("/api/link", { data: { version: "1.0.0", faction, name: "Offline", pilots } });
  return new URL((await response.json()).url).searchParams.get("s")!;
}

const NINE = [
  { name: "croccruiser", ship: "croccruiser", upgrades: { hardpoint: ["heavylaserturret"] } },
  ...Array.from({ length: 8 }, () => ({ name: "cartelspacer", ship: "m3ainterceptor" })),
];

// Its waits: a server start, 2 API calls, 8 navigations and hydrations,
// 2 kept-checks and 13 expectations.
const OFFLINE_WAITS_MS = SERVER_START_MS + 2 * EXPECT_MS + 8 * (NAVIGATION_MS + HYDRATED_MS) + 2 * KEPT_MS + 13 * EXPECT_MS;

test("after one visit, the builder, a card page, the rules and the play page work with no network", async ({ browser, port }) => {
  test.setTimeout(OFFLINE_WAITS_MS + 10_000);
  const server = await serve(SITE, port);
  const context: BrowserContext = await browser.newContext();
  try {
    const page = await context.newPage();
    const nine = await squadCode(page, NINE);
    const other = await squadCode(page, [{ name: "rookiepilot", ship: "xwing" }], "rebel");
    await page.goto("/");
    await live(page);
    await kept(page, ["/build", "/play", "/search", "/rules/huge-ships", "/data/*"]);
    // A card page seen once the worker is there.
    await page.goto("/cards/heavylasercannon");
    await live(page);
    await kept(page, ["/cards/heavylasercannon"]);
    await context.setOffline(true);

    // A nine-ship link never seen, built and validated, a card changed.
    await page.goto(`/build?s=${nine}`);
    await live(page);
    await expect(page.locator("article.ship")).toHaveCount(9);
    const points = await page.locator("#squad-points").innerText();
    await page.locator('article.ship[data-ship="8"] .remove-ship').click();
    await expect(page.locator("article.ship")).toHaveCount(8);
    await expect(page.locator("#squad-points")).not.toHaveText(points);
    expect(await page.evaluate(() => document.fonts.check('1em "xwing-miniatures"'))).toBe(true);

    // A card page seen before, a rules page with its simulator.
    await page.goto("/cards/heavylasercannon");
    await live(page);
    await expect(page.locator("h1")).toContainText("Heavy Laser Cannon");
    await page.goto("/rules/huge-ships");
    await live(page);
    const sim = page.locator("#energy-simulator");
    await sim.locator("select[name='energy-ship']").selectOption({ label: "Insatiable Worrt with Heavy Laser Turret" });
    await expect(sim.locator(".energy-ship")).toContainText("energy limit 3");

    // Search falls back to the filter that runs in the browser, and says so.
    await page.goto("/search?q=ion%20cannon");
    await live(page);
    await expect(page.locator(".search-page [role=status]")).toContainText("cannot reach the server");
    await expect(page.locator(".found-here li").first()).toBeVisible();

    // The play page, and another squad never seen.
    await page.goto(`/play?s=${nine}`);
    await live(page);
    await expect(page.locator(".play-ship")).toHaveCount(9);
    await page.goto(`/build?s=${other}`);
    await live(page);
    await expect(page.locator("article.ship")).toHaveCount(1);
  } finally {
    await context.close();
    await stop(server);
  }
});

// The second release is built before the test's clock starts: copying
// and compressing a site is not the behaviour under test.
let second = "";
test.beforeAll(async () => {
  test.setTimeout(180_000);
  second = secondBuild();
});
test.afterAll(() => rmSync(second, { recursive: true, force: true }));

// Its waits: two server starts, a navigation and a reload with their
// hydrations, a kept-check, the notice, the click, the new stylesheet,
// a last hydration, and 4 reads.
const NOTICE_MS = 20_000;
const NEW_RELEASE_MS = 20_000;
const RELEASE_WAITS_MS = 2 * SERVER_START_MS + 2 * (NAVIGATION_MS + HYDRATED_MS) + KEPT_MS + NOTICE_MS + EXPECT_MS + NEW_RELEASE_MS + HYDRATED_MS + 4 * EXPECT_MS;

test("a new release is offered, and taken whole: no page mixes two releases", async ({ browser, port }) => {
  test.setTimeout(RELEASE_WAITS_MS + 10_000);
  let server = await serve(SITE, port);
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    await page.goto("/build");
    await live(page);
    await kept(page, ["/build"]);
    const before = await page.locator('link[rel="stylesheet"]').getAttribute("href");
    // The new release takes the port.
    await stop(server);
    server = await serve(second, port);
    await page.reload();
    await live(page);
    const notice = page.locator("#update-ready");
    await expect(notice).toBeVisible({ timeout: NOTICE_MS });
    await page.locator("#update-reload").click();
    // The reload the player asked for loads the second release's page.
    await page.waitForFunction(() => document.querySelector('link[rel="stylesheet"]')?.getAttribute("href")?.includes("SecondRelease"), null, { timeout: NEW_RELEASE_MS });
    await live(page);
    const after = await page.locator('link[rel="stylesheet"]').getAttribute("href");
    expect(after).not.toBe(before);
    expect(after).toContain("SecondRelease");
    // Every file the page loaded is the second release's.
    const files = new Set(readdirSync(join(second, "pkg")));
    const loaded = await page.evaluate(() => performance.getEntriesByType("resource").map((e) => new URL(e.name).pathname).filter((p) => p.startsWith("/pkg/")));
    for (const path of loaded) expect(files.has(path.replace("/pkg/", "")), path).toBe(true);
    await expect(notice).toBeHidden();
  } finally {
    await context.close();
    await stop(server);
  }
});

// Its waits: a server start, a browser start, a navigation, a hydration,
// the worker, and 2 reads.
const LAUNCH_MS = 30_000;
const INSTALLABLE_WAITS_MS = SERVER_START_MS + LAUNCH_MS + NAVIGATION_MS + HYDRATED_MS + WORKER_MS + 2 * EXPECT_MS;

test("Chromium finds the site installable", async ({ port, baseURL }) => {
  test.setTimeout(INSTALLABLE_WAITS_MS + 10_000);
  const server = await serve(SITE, port);
  // Chromium never offers to install from a private window, as Playwright's
  // contexts are: the check runs in a browser with a profile.
  const profile = mkdtempSync(join(tmpdir(), "merchant-one-profile-"));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    args: ["--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage"],
    baseURL,
    timeout: LAUNCH_MS,
  });
  context.setDefaultTimeout(EXPECT_MS);
  context.setDefaultNavigationTimeout(NAVIGATION_MS);
  try {
    const page = await context.newPage();
    await page.goto("/");
    await live(page);
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null, null, { timeout: WORKER_MS });
    const cdp = await context.newCDPSession(page);
    const { installabilityErrors } = await cdp.send("Page.getInstallabilityErrors");
    expect(installabilityErrors).toEqual([]);
    const manifest = await (await page.request.get("/manifest.webmanifest")).json();
    expect(manifest.short_name).toBe("Merchant One");
  } finally {
    await context.close();
    await stop(server);
    rmSync(profile, { recursive: true, force: true });
  }
});
