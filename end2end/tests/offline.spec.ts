import { test, expect, hydrated } from "./fixtures";
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
const PORT = 3160;
const BASE = `http://127.0.0.1:${PORT}`;

test.describe.configure({ mode: "serial" });
test.use({ baseURL: BASE, viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

async function serve(siteRoot: string): Promise<ChildProcess> {
  const server = spawn(BINARY, ["--addr", `127.0.0.1:${PORT}`, "--site-root", siteRoot], { stdio: "ignore", env: { ...process.env, RUST_LOG: "warn" } });
  for (let i = 0; i < 100; i++) {
    try {
      if ((await fetch(`${BASE}/healthz`)).ok) return server;
    } catch {}
    await new Promise((r) => setTimeout(r, 100));
  }
  server.kill();
  throw new Error("the server did not start");
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
/// data a player needs offline.
async function kept(page: Page, wanted: string[]) {
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, null, { timeout: 20000 });
  await page.waitForFunction(
    async (wanted) => {
      const urls: string[] = [];
      for (const name of await caches.keys()) {
        for (const r of await (await caches.open(name)).keys()) urls.push(new URL(r.url).pathname);
      }
      return wanted.every((w) => urls.some((u) => u === w || (w.endsWith("*") && u.startsWith(w.slice(0, -1)))));
    },
    wanted,
    { timeout: 30000, polling: 500 },
  );
}

async function squadCode(page: Page, pilots: object[], faction = "scum"): Promise<string> {
  const response = await page.request.post("/api/link", { data: { version: "1.0.0", faction, name: "Offline", pilots } });
  return new URL((await response.json()).url).searchParams.get("s")!;
}

const NINE = [
  { name: "croccruiser", ship: "croccruiser", upgrades: { hardpoint: ["heavylaserturret"] } },
  ...Array.from({ length: 8 }, () => ({ name: "cartelspacer", ship: "m3ainterceptor" })),
];

test("after one visit, the builder, a card page, the rules and the play page work with no network", async ({ browser }) => {
  const server = await serve(SITE);
  const context: BrowserContext = await browser.newContext();
  try {
    const page = await context.newPage();
    const nine = await squadCode(page, NINE);
    const other = await squadCode(page, [{ name: "rookiepilot", ship: "xwing" }], "rebel");
    await page.goto("/");
    await hydrated(page);
    await kept(page, ["/build", "/play", "/search", "/rules/huge-ships", "/data/*"]);
    // A card page seen once the worker is there.
    await page.goto("/cards/heavylasercannon");
    await hydrated(page);
    await kept(page, ["/cards/heavylasercannon"]);
    await context.setOffline(true);

    // A nine-ship link never seen, built and validated, a card changed.
    await page.goto(`/build?s=${nine}`);
    await hydrated(page);
    await expect(page.locator("article.ship")).toHaveCount(9);
    const points = await page.locator("#squad-points").innerText();
    await page.locator('article.ship[data-ship="8"] .remove-ship').click();
    await expect(page.locator("article.ship")).toHaveCount(8);
    await expect(page.locator("#squad-points")).not.toHaveText(points);
    expect(await page.evaluate(() => document.fonts.check('1em "xwing-miniatures"'))).toBe(true);

    // A card page seen before, a rules page with its simulator.
    await page.goto("/cards/heavylasercannon");
    await hydrated(page);
    await expect(page.locator("h1")).toContainText("Heavy Laser Cannon");
    await page.goto("/rules/huge-ships");
    await hydrated(page);
    const sim = page.locator("#energy-simulator");
    await sim.locator("select[name='energy-ship']").selectOption({ label: "Insatiable Worrt with Heavy Laser Turret" });
    await expect(sim.locator(".energy-ship")).toContainText("energy limit 3");

    // Search falls back to the filter that runs in the browser, and says so.
    await page.goto("/search?q=ion%20cannon");
    await hydrated(page);
    await expect(page.locator(".search-page [role=status]")).toContainText("cannot reach the server");
    await expect(page.locator(".found-here li").first()).toBeVisible();

    // The play page, and another squad never seen.
    await page.goto(`/play?s=${nine}`);
    await hydrated(page);
    await expect(page.locator(".play-ship")).toHaveCount(9);
    await page.goto(`/build?s=${other}`);
    await hydrated(page);
    await expect(page.locator("article.ship")).toHaveCount(1);
  } finally {
    await context.close();
    server.kill();
  }
});

test("a new release is offered, and taken whole: no page mixes two releases", async ({ browser }) => {
  let server = await serve(SITE);
  const second = secondBuild();
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    await page.goto("/build");
    await hydrated(page);
    await kept(page, ["/build"]);
    const before = await page.locator('link[rel="stylesheet"]').getAttribute("href");
    // The new release takes the port.
    server.kill();
    server = await serve(second);
    await page.reload();
    await hydrated(page);
    const notice = page.locator("#update-ready");
    await expect(notice).toBeVisible({ timeout: 20000 });
    await page.locator("#update-reload").click();
    // The reload the player asked for loads the second release's page.
    await page.waitForFunction(() => document.querySelector('link[rel="stylesheet"]')?.getAttribute("href")?.includes("SecondRelease"), null, { timeout: 20000 });
    await hydrated(page);
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
    server.kill();
    rmSync(second, { recursive: true, force: true });
  }
});

test("Chromium finds the site installable", async () => {
  const server = await serve(SITE);
  // Chromium never offers to install from a private window, as Playwright's
  // contexts are: the check runs in a browser with a profile.
  const profile = mkdtempSync(join(tmpdir(), "merchant-one-profile-"));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    args: ["--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage"],
    baseURL: BASE,
  });
  try {
    const page = await context.newPage();
    await page.goto("/");
    await hydrated(page);
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null, null, { timeout: 20000 });
    const cdp = await context.newCDPSession(page);
    const { installabilityErrors } = await cdp.send("Page.getInstallabilityErrors");
    expect(installabilityErrors).toEqual([]);
    const manifest = await (await page.request.get("/manifest.webmanifest")).json();
    expect(manifest.short_name).toBe("Merchant One");
  } finally {
    await context.close();
    server.kill();
    rmSync(profile, { recursive: true, force: true });
  }
});
