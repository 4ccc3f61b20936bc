/**
 * A slow client holds nothing while it waits on the network: an upload arriving a byte at a
 * time keeps no lock (a batch and the requests behind it go ahead), and a body that stops
 * arriving, or a head that never ends, is answered 408 and its connection closed.
 */
import { existsSync, readdirSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adminToken, call, type Answer } from "../../test/support/client.js";
import { cairnDataDir, cleanupTempDirs } from "../../test/support/dataDirs.js";
import { startCairn, type RunningCairn } from "../../test/support/servers.js";
import { CLOSING, fileHead, multipartHead, rawRequest, textPart } from "../../test/support/rawUpload.js";

const DOCS = {
  name: "docs",
  listRule: "", viewRule: "", createRule: "",
  schema: [
    { name: "title", type: "text" },
    { name: "doc", type: "file", options: { maxSelect: 1, maxSize: 1 << 20 } },
  ],
};
const RECS = "/api/collections/docs/records";
/** The body timeout of these servers. */
const STALL_MS = 400;

let cairn: RunningCairn;
let token: string;

beforeAll(async () => {
  cairn = await startCairn(await cairnDataDir(), { bodyTimeoutMs: STALL_MS, headersTimeoutMs: STALL_MS });
  token = await adminToken(cairn);
  expect((await call(cairn, { method: "POST", path: "/api/collections", token, body: DOCS })).status).toBe(200);
  const batch = { batch: { enabled: true, maxRequests: 10, timeout: 3, maxBodySize: 0 } };
  expect((await call(cairn, { method: "PATCH", path: "/api/settings", token, body: batch })).status).toBe(200);
});

afterAll(async () => {
  await cairn?.stop();
  cleanupTempDirs();
});

const spooled = () => {
  const dir = path.join(cairn.dataDir, ".tmp", "uploads");
  return existsSync(dir) ? readdirSync(dir) : [];
};
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
/** Resolves with `p`, or with "pending" if it takes longer than `ms`. */
const within = <T>(p: Promise<T>, ms: number) => Promise.race([p, sleep(ms).then(() => "pending" as const)]);

describe("a slow upload", () => {
  it("keeps no lock: a batch and a list go ahead while it trickles in, then it is stored", async () => {
    const content = "x".repeat(30);
    const body = textPart("title", "slow") + fileHead("doc", "slow.txt") + content + "\r\n" + CLOSING;
    const req = await rawRequest(cairn.url);
    await req.send(multipartHead("POST", RECS, Buffer.byteLength(body)));
    let sent = 0;
    const trickle = async (bytes: number) => {
      // One byte at a time, well inside the body timeout, as a client on a very slow link.
      for (const end = sent + bytes; sent < end; sent++) {
        await req.send(body.slice(sent, sent + 1));
        await sleep(STALL_MS / 8);
      }
    };
    await trickle(10);

    const racing = trickle(20);
    const batch = await within(call(cairn, { method: "POST", path: "/api/batch", body: { requests: [{ method: "POST", url: RECS, body: { title: "batched" } }] } }), 2000);
    expect(batch, "the batch waited for the upload").not.toBe("pending");
    expect((batch as Answer).status, JSON.stringify((batch as Answer).body)).toBe(200);
    const list = await within(call(cairn, { path: `${RECS}?filter=${encodeURIComponent("title='batched'")}` }), 2000);
    expect(list, "the list waited for the upload").not.toBe("pending");
    expect((list as Answer).body).toMatchObject({ totalItems: 1 });
    await racing;

    await req.send(body.slice(sent));
    const answer = await req.answer;
    expect(answer?.status, answer?.body).toBe(200);
    expect(JSON.parse(answer!.body)).toMatchObject({ title: "slow", doc: expect.stringMatching(/^slow_\w+\.txt$/) });
    req.socket.destroy();
  }, 30_000);

  it("is not timed out while bytes keep coming, however long it takes as a whole", async () => {
    const body = fileHead("doc", "steady.txt") + "y".repeat(12) + "\r\n" + CLOSING;
    const req = await rawRequest(cairn.url);
    await req.send(multipartHead("POST", RECS, Buffer.byteLength(body)));
    const step = Math.ceil(body.length / 12);
    // About three body timeouts in all, never one without a byte.
    for (let i = 0; i < body.length; i += step) {
      await req.send(body.slice(i, i + step));
      await sleep(STALL_MS / 4);
    }
    expect((await req.answer)?.status).toBe(200);
    req.socket.destroy();
  });
});

describe("a stalled client", () => {
  it("gets 408 when its multipart body stops arriving, and leaves nothing behind", async () => {
    const req = await rawRequest(cairn.url);
    await req.send(multipartHead("POST", RECS, 100_000) + textPart("title", "stalled") + fileHead("doc", "stalled.txt") + "z".repeat(5000));
    const answer = await within(req.answer, STALL_MS * 10);
    expect(answer).toMatchObject({ status: 408, headers: { connection: "close" } });
    expect(JSON.parse((answer as { body: string }).body)).toEqual({ code: 408, message: "Request Timeout.", data: {} });
    await req.closed;
    await expect.poll(spooled).toEqual([]);
    const list = await call(cairn, { path: `${RECS}?filter=${encodeURIComponent("title='stalled'")}` });
    expect((list.body as { totalItems: number }).totalItems).toBe(0);
  });

  it("gets 408 when its JSON body stops arriving", async () => {
    const req = await rawRequest(cairn.url);
    await req.send(`POST ${RECS} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"title":`);
    const answer = await within(req.answer, STALL_MS * 10);
    expect(answer).toMatchObject({ status: 408 });
    await req.closed;
  });

  it("gets 408 when its request head never ends", async () => {
    const req = await rawRequest(cairn.url);
    await req.send(`GET ${RECS} HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: `);
    // Node checks heads a few times per timeout.
    const answer = await within(req.answer, STALL_MS * 10);
    expect(answer).toMatchObject({ status: 408 });
    await req.closed;
  });
});
