import { expect } from "./fixtures";
import type { Page } from "@playwright/test";

// The builder's parts, shared by the builder's browser tests.

export const ship = (page: Page, i: number) => page.locator(`article.ship[data-ship="${i}"]`);
export const slot = (page: Page, i: number, key: string) => ship(page, i).locator(`li[data-slot="${key}"]`);

/** Opens a slot's picker and chooses a card (allowed or not). */
export async function equip(page: Page, i: number, key: string, card: string) {
  await slot(page, i, key).locator(".slot-button").click();
  const option = slot(page, i, key).locator(`.picker li[data-card="${card}"] button`);
  await option.click();
  await expect(slot(page, i, key).locator(".picker")).toHaveCount(0);
}

export async function addShip(page: Page, pilotId: string) {
  await page.locator("#add-pilot").selectOption(pilotId);
  await page.locator("#add-ship").click();
}

/** Presses Tab until the focused element matches `selector` (at most 150 times). */
export async function tabTo(page: Page, selector: string) {
  for (let i = 0; i < 150; i++) {
    if (await page.evaluate((s) => document.activeElement?.matches(s) ?? false, selector)) {
      return;
    }
    await page.keyboard.press("Tab");
  }
  throw new Error(`Tab never reached ${selector}`);
}
