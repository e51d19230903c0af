import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import type { APIRequestContext } from "@playwright/test";
import { test, expect, hydrated } from "./fixtures";

// Issue 60, part 6: nothing but the page's own text, styles and icon font
// comes before its first paint on a slow phone. The head preloads only
// the icon font; a lazily loaded page names its split modules in a
// `meta`, which hydrate.js fetches beside the wasm (app/src/server/shell.rs).
// Preloaded, the modules and the card asset held /rules/huge-ships's
// Lighthouse LCP at 3.3 s.

type Fixture = { name: string; xws: unknown };
const squads: Fixture[] = JSON.parse(readFileSync(resolve(__dirname, "../../cards/tests/fixtures/squads.json"), "utf8"));
const NINE = squads.find((s) => s.name === "Nine Scum ships, full bars")!;

async function nineLink(request: APIRequestContext) {
  const response = await request.post("/api/link", { data: NINE.xws });
  expect(response.ok()).toBeTruthy();
  return new URL((await response.json()).url).search;
}

/// The attributes of each `<tag ...>` in `html` (a flat reading: the
/// server writes every attribute quoted).
function tags(html: string, tag: string) {
  return [...html.matchAll(new RegExp(`<${tag}\\s([^>]*)>`, "g"))].map((m) =>
    Object.fromEntries([...m[1].matchAll(/([\w-]+)="([^"]*)"/g)].map((a) => [a[1], a[2]])),
  );
}

test("a page's head asks ahead only for the icon font, and names a lazy page's modules", async ({ request }) => {
  const nine = await nineLink(request);
  const pages = [
    { path: "/rules/huge-ships", lazy: true },
    { path: "/play" + nine, lazy: true },
    { path: "/ru/cards", lazy: true },
    { path: "/de/build" + nine, lazy: false },
    { path: "/", lazy: false },
  ];
  for (const { path, lazy } of pages) {
    const html = await (await request.get(path)).text();
    const head = html.slice(0, html.indexOf("</head>"));
    const ahead = tags(head, "link").filter((l) => /\b(preload|modulepreload)\b/.test(l.rel ?? ""));
    expect(ahead.map((l) => l.as), path).toEqual(ahead.map(() => "font"));
    const named = tags(head, "meta").find((m) => m.name === "route-modules");
    expect(Boolean(named), path).toBe(lazy);
    for (const address of named?.content.split(" ") ?? []) {
      const file = await request.get(address);
      expect(file.status(), address).toBe(200);
      expect(file.headers()["content-type"], address).toBe("application/wasm");
    }
  }
});

test("the rules page fetches its modules and hydrates", async ({ page }) => {
  const asked = new Set<string>();
  page.on("request", (r) => asked.add(new URL(r.url()).pathname));
  await page.goto("/rules/huge-ships");
  // Read once, as served: the page names them in its head or not at all.
  const named = await page.evaluate(() => document.querySelector<HTMLMetaElement>('meta[name="route-modules"]')?.content);
  expect(named).toBeTruthy();
  await hydrated(page);
  for (const address of named!.split(" ")) expect(asked, address).toContain(address);
});
