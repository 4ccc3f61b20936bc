// SSE clients that connect to /api/realtime and hang up, run on a worker thread so that they
// come and go on their own event loop while the server's is busy (as real clients do).
// workerData: { port, total, concurrency, mode: "churn" | "burst", sync?: SharedArrayBuffer }
// - churn: `total` clients, `concurrency` at a time, each hanging up at once, after PB_CONNECT
//   or after subscribing; posts "done" when all are gone.
// - burst: posts "ready", waits until `sync[0]` is set, then `total` clients send the request and
//   hang up straight away, and `sync[1]` is set and notified (the server's thread is blocked in
//   Atomics.wait meanwhile).
import { connect } from "node:net";
import { parentPort, workerData } from "node:worker_threads";

const { port, total, concurrency, mode } = workerData;
const REQUEST = "GET /api/realtime HTTP/1.1\r\nHost: x\r\nAccept: text/event-stream\r\n\r\n";
const OPTIONS = encodeURIComponent('{"query":{"expand":"a"}}');

async function subscribe(clientId) {
  const body = JSON.stringify({ clientId, subscriptions: ["users/*", `users/x?options=${OPTIONS}`] });
  const res = await fetch(`http://127.0.0.1:${port}/api/realtime`, { method: "POST", headers: { "content-type": "application/json" }, body });
  await res.arrayBuffer();
}

/** One client; `drop`: "at-once" | "after-connect" | "after-subscribe". */
function client(drop) {
  return new Promise((resolve) => {
    const s = connect(port, "127.0.0.1");
    let buf = "";
    s.on("error", () => {});
    s.on("close", () => resolve());
    s.write(REQUEST, () => drop === "at-once" && s.destroy());
    s.on("data", (d) => {
      buf += d.toString();
      const id = /data:\{"clientId":"(\w+)"\}/.exec(buf)?.[1];
      if (!id || s.destroyed) return;
      if (drop === "after-connect") return void s.destroy();
      subscribe(id).catch(() => {}).finally(() => s.destroy());
    });
  });
}

if (mode === "burst") {
  const sync = new Int32Array(workerData.sync);
  parentPort.postMessage("ready");
  Atomics.wait(sync, 0, 0);
  await Promise.all(Array.from({ length: total }, () => client("at-once")));
  Atomics.store(sync, 1, 1);
  Atomics.notify(sync, 1);
} else {
  const kinds = ["at-once", "after-connect", "after-subscribe"];
  let started = 0;
  const worker = async () => {
    while (started < total) await client(kinds[started++ % kinds.length]);
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  parentPort.postMessage("done");
}
