// Throughput of GET /api/health on Cairn with rate limits off, and on with a rule every
// request is counted against (never reached). Usage: npm run build -w server && node bench/ratelimit.mjs [--duration 5]
import autocannon from "autocannon";
import { startCairn } from "./cairn.mjs";

const i = process.argv.indexOf("--duration");
const duration = i > 0 ? Number(process.argv[i + 1]) : 5;

const { base, token, send, stop } = await startCairn();
const run = () => new Promise((resolve, reject) => autocannon({ url: `${base}/api/health`, connections: 10, duration }, (err, r) => (err ? reject(err) : resolve(r.requests.average))));
try {
  await run(); // warm-up
  // Alternating rounds, best of each: the machine is shared, the best run is the least disturbed.
  let off = 0;
  let on = 0;
  for (let round = 0; round < 3; round++) {
    await send("/api/settings", "PATCH", { rateLimits: { enabled: false } }, token);
    off = Math.max(off, await run());
    await send("/api/settings", "PATCH", { rateLimits: { enabled: true, rules: [{ label: "/api/", maxRequests: 1e9, duration: 3600, audience: "" }] } }, token);
    on = Math.max(on, await run());
  }
  console.log(`GET /api/health, 10 connections, best of 3 rounds of ${duration}s:`);
  console.log(`  limits off  ${off.toFixed(0)} req/s`);
  console.log(`  limits on   ${on.toFixed(0)} req/s (${((on / off - 1) * 100).toFixed(1)}%)`);
} finally {
  stop();
}
