// What the by-hand browser figures share (measure-builder.mjs,
// first-load.mjs): Debian's Chromium as the tests start it, and the
// builder measurement's 20-ship squad as a shared link.
import { readFileSync } from "node:fs";
import { chromium } from "@playwright/test";

/// Debian's Chromium (never a downloaded browser), headless.
export function launch() {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update"],
  });
}

/// The address of the 20-ship squad of scripts/twenty-ships.json, a Scum
/// squad drawn from the whole pool: the C-ROC with its cards and nineteen
/// ships of eight other types (issue 16). scripts/bench-server prints the
/// link length of the same squad.
export async function twentyShipLink(base) {
  const xws = JSON.parse(readFileSync(new URL("../../scripts/twenty-ships.json", import.meta.url)));
  const response = await fetch(`${base}/api/link`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(xws),
  });
  return (await response.json()).url;
}
