import { test, expect, hydrated } from "./fixtures";
import { ship } from "./builder-helpers";

// Issue 37: a YASB link opens here with only its host changed, and the same
// link pasted into the import box gives the same squad.

// 244 C-ROC Cruiser: 224 Cikatro Vizago, 223 Heavy Laser Turret, 234 IG-RM
// Thug Droids, title 49 Merchant One; 107 Cartel Spacer with title 17
// ("Heavy Scyk", Cannon). The added slots (Merchant One's Crew and Team, the
// Scyk's Cannon) are empty, as YASB itself writes them.
const DATA = "v4!e!244:224,-1,223,234,-1,-1,-1:49:-1:U.-1,U.-1;107::17:-1:U.-1";
const QUERY = `?f=Scum%20and%20Villainy&d=${DATA}&sn=Merchant%27s%20run&obs=coreasteroid5,yt2400debris0,vt49decimatordebris2`;
const YASB_LINK = `https://geordanr.github.io/xwing/${QUERY}`;

/** What the builder shows of each ship, for comparing two ways in. */
async function shipTexts(page: import("@playwright/test").Page) {
  return page.locator("article.ship").allInnerTexts();
}

test("a YASB link with only its host changed opens its C-ROC Epic squad, legal, with obstacles", async ({ page, request }) => {
  // Rendered on the server, with the squad in the title and preview tags.
  const html = await (await request.get(`/build${QUERY}`)).text();
  const head = html.slice(0, html.indexOf("</head>"));
  expect(head).toMatch(/<title>Merchant's run · Scum and Villainy · \d+\/300 points · Merchant One<\/title>/);
  expect(head).toMatch(/<meta property="og:description" content="C-ROC Cruiser \+ Cikatro Vizago/);

  await page.goto(`/build${QUERY}`);
  await hydrated(page);
  await expect(page.locator("article.ship")).toHaveCount(2);
  await expect(ship(page, 0).locator(".pilot-name")).toHaveText("C-ROC Cruiser");
  for (const card of ["Cikatro Vizago", "Heavy Laser Turret", "IG-RM Thug Droids", "Merchant One"]) {
    await expect(ship(page, 0)).toContainText(card);
  }
  await expect(ship(page, 1).locator(".pilot-name")).toHaveText("Cartel Spacer");
  await expect(ship(page, 1)).toContainText("Heavy Scyk");
  await expect(page.locator("#squad-name")).toHaveValue("Merchant's run");
  await expect(page.locator("#squad-format")).toHaveValue("epic");
  await expect(page.locator("#squad-verdict")).toHaveText("Legal");
  await expect(page.locator("#squad-points")).toContainText(/\d+/);
  await expect(page.locator("#obstacle-1")).toHaveValue("core-asteroid-5");
  await expect(page.locator("#obstacle-2")).toHaveValue("yt2400-debris-0");
  await expect(page.locator("#obstacle-3")).toHaveValue("vt49decimator-debris-2");
  await expect(page.locator(".squad-obstacles svg")).toHaveCount(3);
  await expect(page.locator(".link-error")).toHaveCount(0);
  // Once live, the address is our own link, with the obstacles in it.
  await expect(page).toHaveURL(/\/build\?s=v4\./);
  const ours = page.url();
  const hostSwapped = await shipTexts(page);
  const points = await page.locator("#squad-points").innerText();

  // The same link, pasted into the import box of a new squad.
  await page.locator("#new-squad").click();
  await expect(page.locator("article.ship")).toHaveCount(0);
  await page.getByText("Import XWS or a YASB link").click();
  await page.locator("#xws-import").fill(YASB_LINK);
  await page.locator("#import-xws").click();
  await expect(page.locator("#import-result")).toContainText("every card was placed");
  await expect(page.locator("article.ship")).toHaveCount(2);
  expect(await shipTexts(page)).toEqual(hostSwapped);
  await expect(page.locator("#squad-points")).toHaveText(points);
  await expect(page.locator("#obstacle-1")).toHaveValue("core-asteroid-5");
  await expect(page).toHaveURL(ours);

  // And back out, for a friend on YASB: the same cards, nothing left out.
  await page.getByText("Copy as YASB link").click();
  await expect(page.locator("#yasb-link")).toHaveValue(new RegExp(`d=${DATA.replace(/[!:;,.]/g, "\\$&")}`));
  await expect(page.locator(".yasb-losses li")).toHaveCount(0);
});

test("a damaged YASB link opens what can be read, says why, and replaces nothing", async ({ page }) => {
  await page.goto("/build?f=Scum%20and%20Villainy&d=v4!e!107::17:-1:;nonsense:::&sn=Half");
  await hydrated(page);
  await expect(page.locator("article.ship")).toHaveCount(1);
  await expect(page.locator(".link-error")).toContainText("ship 2 of the YASB link is damaged");
  // Not read whole: the address keeps the YASB link until the player edits.
  await expect(page).toHaveURL(/d=v4/);

  await page.getByText("Import XWS or a YASB link").click();
  await page.locator("#xws-import").fill("https://geordanr.github.io/xwing/?f=Rebel%20Alliance&d=v4!s!zzz");
  await page.locator("#import-xws").click();
  await expect(page.locator("#import-result")).toContainText("Nothing was imported");
  await expect(page.locator("article.ship")).toHaveCount(1);
});

test("obstacles are chosen in the builder and kept in the link", async ({ page }) => {
  await page.goto("/build");
  await hydrated(page);
  // Folded behind the line that says what they hold.
  const extras = page.locator(".squad-extras > summary");
  await expect(extras).toHaveText("Obstacles: none · Notes: none");
  await extras.click();
  await page.locator("#obstacle-1").selectOption("core2-asteroid-3");
  await expect(page).toHaveURL(/\/build\?s=v4\./);
  const one = page.url();
  await page.locator("#obstacle-2").selectOption("yt2400-debris-1");
  // The address follows once edits pause: wait for the second obstacle.
  await expect(page).not.toHaveURL(one);
  const url = page.url();
  await page.goto(url);
  await hydrated(page);
  await expect(page.locator("#obstacle-1")).toHaveValue("core2-asteroid-3");
  await expect(page.locator("#obstacle-2")).toHaveValue("yt2400-debris-1");
  await expect(page.locator("#obstacle-3")).toHaveValue("");
  await expect(extras).toHaveText("Obstacles: Force Awakens asteroid 3, YT-2400 debris 1 · Notes: none");
  await extras.click();
  await page.locator("#obstacle-1").selectOption("");
  await expect(page.locator("#obstacle-1")).toHaveValue("yt2400-debris-1");
});
