// Dashboard timing: Cairn's dashboard against the reference's own dashboard (both at /_/), in
// Debian's chromium, on copies of one seeded data directory (bench/dashboardSeed.mjs).
// Per server and run, in a fresh browser context:
//   sign-in → list   Login clicked → the newest row of the 1,000-record `articles` list visible
//                    (also reported: the part after the sign-in response, i.e. without the
//                    server's password check)
//   record panel     a row clicked → the panel shows an input holding that record's title
//   load more ×5     `events` (10,000 records): scroll the table down to "Load more", click it,
//                    wait until its 40 rows are appended; five times (sum and slowest click)
//   long tasks       PerformanceObserver('longtask') entries while scrolling and loading more
// Times are taken inside the page (performance.now(), checked once per animation frame).
// Usage: npm run bench:dashboard-timing [-- --runs 3 --only cairn|reference --seed-dir DIR]
// (--seed-dir keeps the seeded directory there and reuses it on the next run.)
// Needs `npm run build` (ui/dist) and Debian's chromium.
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os, { tmpdir } from "node:os";
import path from "node:path";
import { launchBrowser } from "../ui/e2e/browser.mjs";
import { arg, FLAGS, PB, root } from "./common.mjs";
import { start, stop } from "./servers.mjs";
import { ADMIN, ARTICLE_COUNT, articleTitle, EVENT_COUNT, eventTitle, seedDashboardData } from "./dashboardSeed.mjs";

const runs = Math.max(1, Number(arg("runs", "3")));
const only = arg("only", "");
const keptSeed = arg("seed-dir", "");
const LOADS = 5;
const PAGE = 40;

if (!existsSync(path.join(root, "ui/dist/index.html"))) {
  console.error("bench/dashboardTiming: ui/dist is missing; run `npm run build` first.");
  process.exit(1);
}

// Rows of either dashboard's records table: Cairn's are ARIA rows marked with data-record-id, the
// reference's are table rows with the row-handle class. Neither matches header, loading or
// "Load more" rows.
const ROWS = '[role="row"][data-record-id], table tbody tr.row-handle';

/** In the page: resolves with ms from now until check() holds at an animation frame. */
const untilFrame = (check, timeoutMs = 30_000) =>
  `new Promise((resolve, reject) => {
    const t0 = (window.__benchT0 = performance.now());
    const tick = () => {
      if ((${check})()) return resolve(performance.now() - t0);
      if (performance.now() - t0 > ${timeoutMs}) return reject(new Error("timed out waiting for " + ${JSON.stringify(String(check).slice(0, 120))}));
      requestAnimationFrame(tick);
    };
    tick();
  })`;

// A row showing the given text, laid out (height > 0).
const rowWithText = (text) => `() => [...document.querySelectorAll(${JSON.stringify(ROWS)})].slice(0, 60).some((tr) => tr.getBoundingClientRect().height > 0 && tr.textContent.includes(${JSON.stringify(text)}))`;
// A visible input or textarea holding the given value.
const inputWithValue = (value) => `() => [...document.querySelectorAll("input, textarea")].some((el) => el.value === ${JSON.stringify(value)} && el.getBoundingClientRect().width > 0)`;

async function signInToList(page, url) {
  await page.goto(`${url}/_/#/login`);
  await page.locator('input[type="email"]').fill(ADMIN.email);
  await page.locator('input[type="password"]').fill(ADMIN.password);
  await page.waitForLoadState("networkidle");
  const newest = articleTitle(ARTICLE_COUNT - 1);
  return page.evaluate(`(() => {
    const form = document.querySelector('input[type="password"]').form;
    const button = form.querySelector('button[type="submit"]') ?? [...form.querySelectorAll("button")].find((b) => /login/i.test(b.textContent));
    const waiting = ${untilFrame(rowWithText(newest))};
    button.click();
    // The password check's share: the sign-in response's end (Resource Timing), from the click.
    return waiting.then((ms) => {
      const auth = performance.getEntriesByType("resource").find((e) => e.name.includes("/auth-with-password") && e.startTime >= window.__benchT0);
      return { ms, auth: auth ? auth.responseEnd - window.__benchT0 : NaN };
    });
  })()`);
}

async function openPanel(page) {
  const title = articleTitle(ARTICLE_COUNT - 3);
  return page.evaluate(`(() => {
    const tr = [...document.querySelectorAll(${JSON.stringify(ROWS)})].find((r) => r.textContent.includes(${JSON.stringify(title)}));
    const cell = [...(tr.cells ?? tr.children)].find((td) => td.textContent.includes(${JSON.stringify(title)}));
    const waiting = ${untilFrame(inputWithValue(title))};
    cell.click();
    return waiting;
  })()`);
}

/** Five rounds of: scroll the table's scroller down to "Load more", click it, wait for the rows. */
async function loadMore(page) {
  await page.evaluate(`(() => {
    window.__longTasks = [];
    window.__longTaskObserver = new PerformanceObserver((list) => { for (const e of list.getEntries()) window.__longTasks.push(e.duration); });
    window.__longTaskObserver.observe({ type: "longtask" });
  })()`);
  const clicks = [];
  for (let i = 0; i < LOADS; i++) {
    // Scroll like a wheel would: 400 px a frame on the table's scrolling ancestor until the button shows.
    await page.evaluate(`new Promise((resolve) => {
      const button = () => [...document.querySelectorAll("button")].find((b) => b.textContent.trim() === "Load more");
      const table = document.querySelector('[role="table"], table');
      let scroller = table.parentElement;
      while (scroller && !(scroller.scrollHeight > scroller.clientHeight && /auto|scroll/.test(getComputedStyle(scroller).overflowY))) scroller = scroller.parentElement;
      scroller = scroller ?? document.scrollingElement;
      const step = () => {
        const b = button();
        const r = b?.getBoundingClientRect();
        if (b && r.bottom <= innerHeight && r.top >= 0) return resolve();
        const before = scroller.scrollTop;
        scroller.scrollBy(0, 400);
        if (scroller.scrollTop === before && b) b.scrollIntoView({ block: "center" });
        requestAnimationFrame(step);
      };
      step();
    })`);
    const before = await page.locator(ROWS).count();
    clicks.push(
      await page.evaluate(`(() => {
        const button = [...document.querySelectorAll("button")].find((b) => b.textContent.trim() === "Load more");
        const waiting = ${untilFrame(`() => document.querySelectorAll(${JSON.stringify(ROWS)}).length >= ${before + PAGE}`)};
        button.click();
        return waiting;
      })()`),
    );
  }
  const longTasks = await page.evaluate(`(() => { window.__longTaskObserver.disconnect(); return window.__longTasks; })()`);
  return { clicks, longTasks };
}

// A request log row of either dashboard's logs table (its URL and created date show), laid out.
const LOG_ROW = `() => [...document.querySelectorAll("table tbody tr")].some((tr) => tr.getBoundingClientRect().height > 0 && tr.textContent.includes("/api/") && /\\d{4}-\\d{2}-\\d{2}/.test(tr.textContent))`;

/** From the address changing to the logs page until its first log row shows. */
async function openLogs(page) {
  return page.evaluate(`(() => {
    const waiting = ${untilFrame(LOG_ROW)};
    location.hash = "#/logs";
    // when the list and the stats requests went out and came back, from the address change
    return waiting.then((ms) => {
      const at = (part) => performance.getEntriesByType("resource").filter((e) => e.name.includes(part) && e.startTime >= window.__benchT0).map((e) => [Math.round(e.startTime - window.__benchT0), Math.round(e.responseEnd - window.__benchT0)])[0];
      if (${JSON.stringify(!!process.env.BENCH_LOGS_DEBUG)}) console.log("logs list", JSON.stringify(at("/api/logs?")), "stats", JSON.stringify(at("/api/logs/stats")), "chunks", JSON.stringify(performance.getEntriesByType("resource").filter((e) => e.name.endsWith(".js") && e.startTime >= window.__benchT0).map((e) => [e.name.split("/").pop(), Math.round(e.startTime - window.__benchT0), Math.round(e.responseEnd - window.__benchT0)])));
      return ms;
    });
  })()`);
}

async function measure(browser, url, eventsId) {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  const page = await context.newPage();
  page.setDefaultTimeout(30_000);
  if (process.env.BENCH_LOGS_DEBUG) page.on("console", (m) => m.text().startsWith("logs list") && console.log(`  ${url} ${m.text()}`));
  try {
    const { ms: signIn, auth } = await signInToList(page, url);
    await page.waitForLoadState("networkidle");
    await page.waitForTimeout(300);
    const panel = await openPanel(page);
    await page.waitForLoadState("networkidle");
    await page.keyboard.press("Escape");
    await page.waitForTimeout(500);
    await page.evaluate(`location.hash = "#/collections?collectionId=${eventsId}"`);
    await page.waitForFunction(rowWithText(eventTitle(EVENT_COUNT - 1)));
    await page.waitForLoadState("networkidle");
    await page.waitForTimeout(300);
    const { clicks, longTasks } = await loadMore(page);
    await page.waitForLoadState("networkidle");
    const logs = await openLogs(page);
    return { logs, signIn, afterAuth: signIn - auth, panel, loadMore: clicks.reduce((a, b) => a + b, 0), slowestLoad: Math.max(...clicks), longTasks: longTasks.length, longestTask: Math.max(0, ...longTasks) };
  } finally {
    await context.close();
  }
}

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};

const base = mkdtempSync(path.join(tmpdir(), "cairn-bench-dashtiming-"));
const servers = [];
try {
  const seedDir = keptSeed ? path.resolve(keptSeed) : path.join(base, "seed");
  const idsFile = path.join(seedDir, "bench-ids.json");
  let ids;
  if (existsSync(idsFile)) ids = JSON.parse(readFileSync(idsFile, "utf8"));
  else {
    console.log("seeding (1,000 articles, 10,000 events)...");
    ids = await seedDashboardData(seedDir);
    writeFileSync(idsFile, JSON.stringify(ids));
  }
  const wanted = ["cairn", "reference"].filter((n) => !only || n === only);
  for (const name of wanted) {
    const dir = path.join(base, name);
    cpSync(seedDir, dir, { recursive: true });
    const server =
      name === "cairn"
        ? await start(process.execPath, [path.join(root, "server/bin/cairn.js"), "serve", "--dir", dir], { timeoutMs: 300_000 })
        : await start(PB, ["serve", "--dir", dir, ...FLAGS]);
    servers.push({ name, ...server, results: [] });
  }
  const browser = await launchBrowser();
  const chromiumVersion = browser.version();
  try {
    for (let run = 0; run < runs; run++) {
      // Alternate which server goes first (the machine is shared).
      const order = run % 2 ? [...servers].reverse() : servers;
      for (const s of order) {
        const r = await measure(browser, s.url, ids.events);
        s.results.push(r);
        console.log(`run ${run + 1} ${s.name.padEnd(9)} logs ${r.logs.toFixed(0)} ms, sign-in→list ${r.signIn.toFixed(0)} ms (${r.afterAuth.toFixed(0)} after the sign-in response), panel ${r.panel.toFixed(0)} ms, ${LOADS}× load more ${r.loadMore.toFixed(0)} ms (slowest ${r.slowestLoad.toFixed(0)}), long tasks ${r.longTasks} (max ${r.longestTask.toFixed(0)} ms)`);
      }
    }
  } finally {
    await browser.close();
  }
  const metrics = [
    ["sign-in submit → 1,000-record list shown (ms)", "signIn"],
    ["… of which after the sign-in response (ms)", "afterAuth"],
    ["record panel open with its fields (ms)", "panel"],
    ["logs page: address change → first log row shown (ms)", "logs"],
    [`10,000 records: ${LOADS}× "Load more", total (ms)`, "loadMore"],
    ['slowest "Load more" (ms)', "slowestLoad"],
    ["long tasks while scrolling (count)", "longTasks"],
    ["longest task while scrolling (ms)", "longestTask"],
  ];
  console.log(`\nmedian of ${runs} run(s), Chromium ${chromiumVersion}, load average ${os.loadavg().map((x) => x.toFixed(1)).join(" ")}`);
  console.log(`| measure | ${servers.map((s) => s.name).join(" | ")} |${servers.length === 2 ? " ratio |" : ""}`);
  console.log(`|---|${servers.map(() => "---|").join("")}${servers.length === 2 ? "---|" : ""}`);
  for (const [label, key] of metrics) {
    const values = servers.map((s) => median(s.results.map((r) => r[key])));
    const ratio = servers.length === 2 && values[1] ? ` ${(values[0] / values[1]).toFixed(2)} |` : servers.length === 2 ? " – |" : "";
    console.log(`| ${label} | ${values.map((v) => v.toFixed(0)).join(" | ")} |${ratio}`);
  }
} finally {
  await Promise.all(servers.map((s) => stop(s.child)));
  rmSync(base, { recursive: true, force: true });
}
