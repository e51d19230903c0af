#!/usr/bin/env node
// Writes the site's service worker, `sw.js`, into the built site with
// Workbox's generateSW (workbox-build, installed by `make workbox`):
// - precached: the hashed files cargo-leptos and scripts/subset-fonts name
//   (the JavaScript, every wasm module, the stylesheet, the icon fonts), the
//   icons and the manifest; a new build's worker precaches its own and
//   deletes the old once it takes over;
// - pages: network first, kept as visited (each page's own server HTML),
//   so a page seen once opens with no signal;
// - the card database and interface strings (`/data/`, hashed at the
//   server's start): kept the first time the page asks for them.
// A new worker waits until the page says "reload" (hydrate.js): an open
// page keeps the files of the release it was loaded with.
//
//   node scripts/service-worker.mjs target/site
import { createRequire } from "node:module";
import { resolve } from "node:path";

const site = resolve(process.argv[2] ?? "target/site");
const require = createRequire(import.meta.url);
const { generateSW } = require(new URL("../.tools/workbox/node_modules/workbox-build", import.meta.url).pathname);

const { count, size, warnings } = await generateSW({
  swDest: `${site}/sw.js`,
  globDirectory: site,
  globPatterns: ["pkg/*.{js,wasm,css,json}", "fonts/*.woff2", "icons/*.png", "favicon.svg", "manifest.webmanifest"],
  // Hashed names change with their bytes: no revision needed.
  dontCacheBustURLsMatching: /\.[A-Za-z0-9_-]{16,}\.(js|wasm|css|json|woff2)$/,
  maximumFileSizeToCacheInBytes: 8 * 1024 * 1024,
  cacheId: "merchant-one",
  cleanupOutdatedCaches: true,
  clientsClaim: true,
  skipWaiting: false,
  inlineWorkboxRuntime: true,
  sourcemap: false,
  mode: "production",
  runtimeCaching: [
    {
      // A page navigated to, or one hydrate.js asks to keep.
      urlPattern: ({ request }) => request.mode === "navigate" || request.headers.get("x-merchant-one") === "keep",
      handler: "NetworkFirst",
      options: {
        cacheName: "merchant-one-pages",
        networkTimeoutSeconds: 5,
        expiration: { maxEntries: 300 },
        // A squad link never seen: the builder's or play page's HTML of
        // another squad; the page then draws itself for its own address
        // (hydrate.js, `rendered-for`).
        matchOptions: { ignoreSearch: true, ignoreVary: true },
      },
    },
    {
      urlPattern: ({ url }) => url.pathname.startsWith("/data/"),
      handler: "CacheFirst",
      options: { cacheName: "merchant-one-data", expiration: { maxEntries: 40 } },
    },
  ],
});
for (const w of warnings) console.warn(`service worker: ${w}`);
console.log(`service worker: ${count} files precached, ${size} bytes before compression`);
