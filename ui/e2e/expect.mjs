// Small waiting assertions over playwright-core locators (no test framework needed).
const SLOW = process.env.E2E_SLOW ? Number(process.env.E2E_SLOW) : 0;
function slowLog(kind, locator, started) {
  const ms = Date.now() - started;
  if (SLOW && ms > SLOW) console.log(`      [slow ${kind} ${ms} ms] ${locator}`);
}

export async function visible(locator, timeout = 10000) {
  const started = Date.now();
  await locator.first().waitFor({ state: "visible", timeout });
  slowLog("visible", locator, started);
  return locator;
}

export async function hidden(locator, timeout = 10000) {
  const started = Date.now();
  await locator.first().waitFor({ state: "hidden", timeout });
  slowLog("hidden", locator, started);
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
