import { test, expect, hydrated } from "./fixtures";

// Each page hydrates under the server's Content-Security-Policy (inline
// script only by its hash); the fixture fails a test on any CSP violation.
for (const path of ["/build", "/search?q=energy", "/cards", "/rules/huge-ships"]) {
  test(`${path} hydrates under the Content-Security-Policy`, async ({ page }) => {
    const response = await page.goto(path);
    expect(response?.status()).toBe(200);
    const headers = response!.headers();
    const policy = headers["content-security-policy"];
    expect(policy).toMatch(/script-src 'self'( 'sha256-[A-Za-z0-9+\/]{43}=')+ 'wasm-unsafe-eval'/);
    expect(policy).not.toContain("nonce");
    expect(policy).toContain("frame-ancestors 'none'");
    expect(headers["x-content-type-options"]).toBe("nosniff");
    await hydrated(page);
  });
}

test("a squad named with markup shows the text and runs nothing", async ({ page }) => {
  const name = "</title><script>window.__xss=1</script>";
  const made = await page.request.post("/api/link", {
    data: { version: "1.0.0", faction: "scum", name, pilots: [{ name: "cartelspacer", ship: "m3ainterceptor" }] },
  });
  expect(made.status()).toBe(200);
  const { code } = await made.json();
  await page.goto(`/build?s=${code}`);
  await hydrated(page);
  await expect(page).toHaveTitle(new RegExp(`^${name.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&")}`));
  expect(await page.evaluate(() => (window as unknown as { __xss?: number }).__xss)).toBeUndefined();
});
