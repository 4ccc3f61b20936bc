// Batch vs single requests on Cairn: N record creates sent as one POST /api/batch against the
// same N creates as single requests (one after another, and 10 at a time).
// Usage: npm run build -w server && node bench/batch.mjs [--count 100 --rounds 5]
import { startCairn } from "./cairn.mjs";

const argv = process.argv.slice(2);
const arg = (name, def) => {
  const i = argv.indexOf(`--${name}`);
  return i >= 0 ? argv[i + 1] : def;
};
const count = Number(arg("count", "100"));
const rounds = Number(arg("rounds", "5"));

const { base, token, send: call, stop } = await startCairn();
const send = (url, method, body, auth) => call(url.slice(base.length), method, body, auth);
try {
  await send(`${base}/api/settings`, "PATCH", { batch: { enabled: true, maxRequests: Math.max(count, 50), timeout: 30 } }, token);
  await send(`${base}/api/collections`, "POST", {
    name: "items",
    type: "base",
    schema: [{ name: "title", type: "text" }, { name: "n", type: "number" }],
    createRule: "",
  }, token);
  const url = `${base}/api/collections/items/records`;
  const body = (i) => ({ title: `item ${i}`, n: i });

  const ways = {
    "single, sequential": async () => {
      for (let i = 0; i < count; i++) await send(url, "POST", body(i));
    },
    "single, 10 at a time": async () => {
      let next = 0;
      await Promise.all(Array.from({ length: 10 }, async () => {
        while (next < count) await send(url, "POST", body(next++));
      }));
    },
    "one batch": async () => {
      const requests = Array.from({ length: count }, (_, i) => ({ method: "POST", url: "/api/collections/items/records", body: body(i) }));
      const res = await send(`${base}/api/batch`, "POST", { requests });
      if (res.length !== count) throw new Error("short batch answer");
    },
  };
  const best = {};
  for (let r = 0; r < rounds; r++) {
    for (const [name, fn] of Object.entries(ways)) {
      const t = performance.now();
      await fn();
      const ms = performance.now() - t;
      best[name] = Math.min(best[name] ?? Infinity, ms);
    }
  }
  console.log(`${count} creates, best of ${rounds} rounds:`);
  const batchMs = best["one batch"];
  for (const [name, ms] of Object.entries(best)) {
    console.log(`  ${name.padEnd(22)} ${ms.toFixed(1).padStart(8)} ms  ${(count / (ms / 1000)).toFixed(0).padStart(7)} records/s  ${(ms / batchMs).toFixed(1)}x the batch`);
  }
} finally {
  stop();
}
