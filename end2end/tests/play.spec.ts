import { test, expect, hydrated } from "./fixtures";
import type { APIRequestContext, Locator, Page } from "@playwright/test";

// Issue 49: a squad in play on a phone. Every test runs at 390 px.

test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

type Pilot = { name: string; ship: string; upgrades?: Record<string, string[]>; multisection_id?: number };

async function codeOf(request: APIRequestContext, faction: string, pilots: Pilot[]): Promise<string> {
  const response = await request.post("/api/link", { data: { version: "1.0.0", faction, name: "At the table", pilots } });
  expect(response.ok()).toBeTruthy();
  return new URL((await response.json()).url as string).searchParams.get("s")!;
}

const CROC: Pilot[] = [{ name: "croccruiser", ship: "croccruiser", upgrades: { hardpoint: ["heavylaserturret"] } }];
const CR90: Pilot[] = [
  { name: "cr90corvettefore", ship: "cr90corvettefore", multisection_id: 1 },
  { name: "cr90corvetteaft", ship: "cr90corvetteaft", multisection_id: 1 },
];
const XWING: Pilot[] = [{ name: "rookiepilot", ship: "xwing" }];

async function openPlay(page: Page, code: string, vs?: string) {
  await page.goto(`/play?s=${code}${vs ? `&vs=${vs}` : ""}`);
  await hydrated(page);
  await expect(page.locator(".play-ship").first()).toBeVisible();
}

function ship(page: Page, n = 0, player = "mine"): Locator {
  return page.locator(`article.play-ship[data-ship="${player}-${n}"]`);
}

/// The counter labelled `label` in `scope`: its value and its buttons.
function counter(scope: Locator, label: string) {
  const c = scope.locator(".play-counter").filter({ has: scope.page().locator(".play-counter-label", { hasText: new RegExp(`^${label}$`) }) }).first();
  return { value: c.locator("output"), minus: c.locator("button").first(), plus: c.locator("button").last() };
}

async function reveal(s: Locator, maneuver: string) {
  // The dial's maneuvers as glyphs, each a radio button named in full.
  await s.locator(`.play-reveal input[type=radio][value="${maneuver}"]`).check();
  await s.locator(".play-reveal button").tap();
}

async function nextRound(page: Page) {
  await page.locator(".play-bar .play-next").tap();
}

/// What the energy simulator of /rules/huge-ships says after each round
/// of the same plan: the Ship card's energy and the shields (each round's
/// heading), and the hull damage its log names.
async function engineRounds(page: Page, rounds: string) {
  await page.goto(`/rules/huge-ships?up=heavylaserturret&rounds=${rounds}#energy-simulator`);
  await hydrated(page);
  const log = page.locator("#energy-simulator ol.energy-log > li");
  await expect(log).toHaveCount(rounds.split("~").length);
  const out: { energy: number; shields: number; hull: number; turret: number }[] = [];
  const legend = (await page.locator("#energy-simulator .energy-chart li.legend.card").first().innerText()).split("→").map((v) => Number(v.replace(/.*:/, "").trim()));
  for (let i = 0; i < (await log.count()); i++) {
    const heading = await log.nth(i).locator("h3").innerText();
    const [, energy, shields] = heading.match(/: (\d+) energy on the Ship card, (\d+) shields/)!;
    const hullMatch = (await log.nth(i).innerText()).match(/\((\d+) of 10\)/);
    out.push({ energy: Number(energy), shields: Number(shields), hull: hullMatch ? Number(hullMatch[1]) : 0, turret: legend[i + 1] });
  }
  return out;
}

test("a C-ROC over three rounds keeps the energy and hull the energy engine gives", async ({ page, request, browser }, testInfo) => {
  const code = await codeOf(request, "scum", CROC);
  // The same plan in the simulator: a faceup Direct Hit counts 2 against
  // the hull, so round 3's damage is 4 shields and 2 hull.
  const engine = await engineRounds(await (await browser.newContext()).newPage(), "2S.a2~1S.fire.s3~1BL.recover.s6");
  await openPlay(page, code);
  const croc = ship(page);
  const shields = () => counter(croc, "Shields");
  const check = async (r: number) => {
    await expect(croc.locator(".play-ship-energy output")).toHaveText(`Ship card: ${engine[r].energy} of 4`);
    await expect(croc.locator(".play-energy-cards output").first()).toContainText(`Heavy Laser Turret: ${engine[r].turret} of`);
    await expect(shields().value).toHaveText(`${engine[r].shields}/4`);
    await expect(croc.locator(".play-hull output")).toHaveText(`${10 - engine[r].hull}/10`);
  };
  // Round 1: 2 straight (2 energy), both to the turret.
  await reveal(croc, "2S");
  await croc.locator(".play-energy-cards button", { hasText: "Allocate 1" }).tap();
  await croc.locator(".play-energy-cards button", { hasText: "Allocate 1" }).tap();
  await check(0);
  await nextRound(page);
  // Round 2: 1 straight (3 energy), the turret attacks, 3 shields lost.
  await reveal(croc, "1S");
  await croc.locator(".play-energy-cards button", { hasText: "Attack" }).tap();
  for (let i = 0; i < 3; i++) await shields().minus.tap();
  await check(1);
  await nextRound(page);
  // Round 3: 1 bank left (2 energy), recover, 4 shields lost and a faceup Direct Hit.
  await reveal(croc, "1BL");
  await expect(croc.locator(".play-checklist input").first()).toBeChecked();
  await croc.locator(".play-energy-actions button", { hasText: "Recover" }).tap();
  for (let i = 0; i < 4; i++) await shields().minus.tap();
  await croc.locator(".play-deal select").selectOption({ label: "Direct Hit" });
  await croc.locator(".play-deal button", { hasText: "Deal faceup" }).tap();
  await expect(croc.locator(".play-damage li.faceup")).toContainText("Counts as 2 damage against the hull.");
  await check(2);
  await expect(page.locator(".play-round")).toHaveText("Round 3");
  const shot = testInfo.outputPath("play-croc-390.png");
  await page.screenshot({ path: shot, fullPage: true });
  await testInfo.attach("play-croc-390.png", { path: shot, contentType: "image/png" });
});

test("a CR90's aft cripples by the seed's rule; its bar and energy limit change; the fore is still attackable", async ({ page, request }) => {
  await openPlay(page, await codeOf(request, "rebel", CR90));
  const cr90 = ship(page);
  await expect(cr90.locator(".play-section")).toHaveCount(2);
  const aft = cr90.locator(".play-section").nth(1);
  for (let i = 0; i < 3; i++) await counter(aft, "Shields").minus.tap();
  for (let i = 0; i < 8; i++) {
    await expect(aft.locator(".play-crippled")).toHaveCount(0);
    await aft.locator(".play-deal button", { hasText: "Deal facedown" }).tap();
  }
  await expect(aft.locator(".play-crippled")).toContainText("Crippled side: Cargo.");
  await expect(aft.locator(".play-deal")).toHaveCount(0);
  await expect(cr90.locator(".play-ship-energy output")).toHaveText("Ship card: 0 of 1");
  await expect(cr90.locator(".stat.energy")).toContainText("1");
  await expect(cr90.locator(".play-energy-actions button", { hasText: "Recover" })).toHaveCount(0);
  const fore = cr90.locator(".play-section").nth(0);
  await counter(fore, "Shields").minus.tap();
  await fore.locator(".play-deal button", { hasText: "Deal facedown" }).tap();
  await expect(fore.locator(".play-hull output")).toHaveText("7/8");
  await expect(cr90.locator(".play-destroyed")).toHaveCount(0);
});

test("a faceup Damaged Engine turns a small ship's turns red on the dial shown", async ({ page, request }) => {
  await openPlay(page, await codeOf(request, "rebel", XWING));
  const x = ship(page);
  await x.locator(".play-deal select").selectOption({ label: "Damaged Engine" });
  await x.locator(".play-deal button", { hasText: "Deal faceup" }).tap();
  await x.locator(".play-dial summary").tap();
  const turns = x.locator("table.dial td.maneuver.red.changed");
  await expect(turns).toHaveCount(4);
  await turns.first().locator(".change-mark").tap();
  await expect(turns.first().locator(".change-note")).toContainText("Damaged Engine");
  await expect(x.locator("table.dial td.maneuver.green")).not.toHaveCount(0);
});

test("a reload resumes the game, and undo gives back exactly the state before", async ({ page, request }) => {
  const code = await codeOf(request, "rebel", XWING);
  await openPlay(page, code);
  const x = ship(page);
  await x.locator(".play-tokens summary").tap();
  await counter(x, "Stress").plus.tap();
  await counter(x, "Shields").minus.tap();
  await x.locator(".play-deal button", { hasText: "Deal facedown" }).tap();
  const before = await x.innerText();
  await counter(x, "Focus").plus.tap();
  await expect(counter(x, "Focus").value).toHaveText("1/9");
  await page.locator(".play-bar button", { hasText: "Undo" }).tap();
  expect(await x.innerText()).toBe(before);
  await page.locator(".play-bar button", { hasText: "Redo" }).tap();
  await expect(counter(x, "Focus").value).toHaveText("1/9");
  await page.reload();
  await hydrated(page);
  await expect(ship(page).locator(".play-tokens summary")).toHaveText("Tokens: Focus 1, Stress 1");
  await ship(page).locator(".play-tokens summary").tap();
  await expect(counter(ship(page), "Focus").value).toHaveText("1/9");
  await expect(counter(ship(page), "Stress").value).toHaveText("1/9");
  await expect(counter(ship(page), "Shields").value).toHaveText("1/2");
  await expect(ship(page).locator(".play-hull output")).toHaveText("2/3");
  // Counters stop at their bounds: no shield past the card's value.
  await counter(ship(page), "Shields").plus.tap();
  await expect(counter(ship(page), "Shields").plus).toBeDisabled();
});

test("a stored game that cannot be read is kept aside unchanged, and a damaged link says so", async ({ page, request }) => {
  const code = await codeOf(request, "rebel", XWING);
  await page.goto("/");
  await page.evaluate(() => localStorage.setItem("merchant-one.game.broken", "{\"squad\": 12"));
  await openPlay(page, code);
  await expect(page.locator("p.error[role=alert]")).toContainText("merchant-one.corrupt-game.");
  const kept = await page.evaluate(() => [localStorage.getItem("merchant-one.game.broken"), localStorage.getItem("merchant-one.corrupt-game.broken")]);
  expect(kept).toEqual([null, "{\"squad\": 12"]);
  await page.goto(`/play?s=${code.slice(0, -6)}zzzzzz`);
  await hydrated(page);
  await expect(page.locator(".play-page p.error[role=alert]")).toContainText("The squad link cannot be read");
});

test("the opponent's squad gives points destroyed, and ending the game asks first", async ({ page, request }) => {
  const mine = await codeOf(request, "scum", CROC);
  const theirs = await codeOf(request, "rebel", XWING);
  await openPlay(page, mine);
  await page.locator(".play-opponent input[type=text]").fill(`http://example.test/build?s=${theirs}`);
  await page.locator(".play-opponent button").tap();
  await hydrated(page);
  const rookie = ship(page, 0, "theirs");
  await expect(rookie).toBeVisible();
  for (let i = 0; i < 2; i++) await counter(rookie, "Shields").minus.tap();
  for (let i = 0; i < 3; i++) await rookie.locator(".play-deal button", { hasText: "Deal facedown" }).tap();
  await expect(rookie.locator(".play-destroyed")).toBeVisible();
  await expect(page.locator(".play-score strong")).toHaveText("Points destroyed: you 21, opponent 0");
  await page.locator(".play-end button", { hasText: "End game" }).tap();
  await expect(page.locator(".play-end [role=alert]")).toContainText("End this game?");
  await page.locator(".play-end button", { hasText: "No, keep playing" }).tap();
  await expect(rookie.locator(".play-destroyed")).toBeVisible();
  await page.locator(".play-end button", { hasText: "End game" }).tap();
  await page.locator(".play-end button", { hasText: "Yes, end it" }).tap();
  await expect(ship(page, 0, "theirs").locator(".play-destroyed")).toHaveCount(0);
  await expect(page.locator(".play-past summary")).toHaveText("Past games");
});

test("the builder offers to play the squad", async ({ page, request }) => {
  const code = await codeOf(request, "rebel", XWING);
  await page.goto(`/build?s=${code}`);
  await hydrated(page);
  await page.locator("#play-squad").tap();
  await expect(page).toHaveURL(/\/play\?s=/);
  await expect(page.locator(".play-ship")).toHaveCount(1);
});

test("nine ships fit a 360 px phone with every control at least 44 px", async ({ page, request }) => {
  await page.setViewportSize({ width: 360, height: 800 });
  const nine: Pilot[] = [...CROC, ...Array.from({ length: 8 }, () => ({ name: "cartelspacer", ship: "m3ainterceptor" }))];
  await openPlay(page, await codeOf(request, "scum", nine));
  await expect(page.locator(".play-ship")).toHaveCount(9);
  const wide = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(wide).toBeLessThanOrEqual(360);
  const small = await page.locator(".play-page button:visible, .play-page select:visible").evaluateAll((els) =>
    els.map((e) => e.getBoundingClientRect()).filter((r) => r.width < 44 || r.height < 44).length,
  );
  expect(small).toBe(0);
});

test("a solo game: an AI ship's answer equals the solo API's for its state in play", async ({ page, request }) => {
  const mine = await codeOf(request, "rebel", XWING);
  const theirs = await codeOf(request, "scum", [{ name: "cartelspacer", ship: "m3ainterceptor" }]);
  await openPlay(page, mine, `${theirs}&solo=1`);
  const ai = ship(page, 0, "theirs");
  await ai.locator(".play-tokens summary").tap();
  await counter(ai, "Stress").plus.tap();
  await ai.locator(".play-solo summary").tap();
  const answer = ai.locator(".play-solo .solo-maneuver");
  await expect(answer).toBeVisible();
  // The API with the same state: the default situation of the flight
  // system, the ship stressed as it is in play.
  const api = await request.post("/api/sim/solo", {
    data: { ship: "m3ainterceptor", arc: "front", tally_side: "left", obstacle_side: "right", defense: "focus", attack: "hit", stressed: true },
  });
  const expected = await api.json();
  const stressWords: Record<string, string> = {
    none: "none",
    gained: "gains a stress token (red maneuver)",
    removed: "removes a stress token (green maneuver)",
    kept: "keeps its stress token",
  };
  const chosen = (expected.steps as string[]).map((s) => s.match(/, so (.+ \((?:green|white|red)\))\.$/)).find((m) => m)![1];
  await expect(answer).toHaveText(chosen);
  await expect(ai.locator(".play-solo .solo-attitude")).toHaveText(expected.attitude);
  await expect(ai.locator(".play-solo .solo-stress")).toHaveText(stressWords[expected.stress]);
  // Without the stress token the answer is the unstressed one.
  await counter(ai, "Stress").minus.tap();
  const calm = await (await request.post("/api/sim/solo", {
    data: { ship: "m3ainterceptor", arc: "front", tally_side: "left", obstacle_side: "right", defense: "focus", attack: "hit", stressed: false },
  })).json();
  expect(calm.stress).not.toBe(expected.stress);
  await expect(ai.locator(".play-solo .solo-stress")).toHaveText(stressWords[calm.stress]);
  // Not a solo game: no "What does it do?".
  await openPlay(page, mine, theirs);
  await expect(ship(page, 0, "theirs").locator(".play-solo")).toHaveCount(0);
});
