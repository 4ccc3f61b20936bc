// Small waiting assertions over playwright-core locators (no test framework needed).
export async function visible(locator, timeout = 10000) {
  await locator.first().waitFor({ state: "visible", timeout });
  return locator;
}

export async function hidden(locator, timeout = 10000) {
  await locator.first().waitFor({ state: "hidden", timeout });
}

export async function eventually(fn, { timeout = 10000, interval = 150, message = "condition" } = {}) {
  const start = Date.now();
  let last;
  while (Date.now() - start < timeout) {
    try {
      const v = await fn();
      if (v) return v;
    } catch (e) {
      last = e;
    }
    await new Promise((r) => setTimeout(r, interval));
  }
  throw new Error(`timed out waiting for ${message}${last ? `: ${last.message}` : ""}`);
}

export function equal(actual, expected, what = "value") {
  if (actual !== expected) throw new Error(`${what}: expected ${JSON.stringify(expected)}, got ${JSON.stringify(actual)}`);
}

export function ok(cond, what) {
  if (!cond) throw new Error(`expected ${what}`);
}
