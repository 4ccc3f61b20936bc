/**
 * A multipart body of more than 1000 parts (text values and files together) is refused with
 * the reference's load error. Cairn refuses as soon as part 1001 arrives: it stops parsing
 * there, keeps none of the files before it, and answers without waiting for the rest.
 */
import { existsSync, readdirSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adminToken, call, mask } from "../../test/support/client.js";
import { useBothServers } from "../../test/support/bothServers.js";
import { BOUNDARY, CLOSING, filePart, multipartHead, rawRequest, textPart } from "../../test/support/rawUpload.js";
import type { RunningServer } from "../../test/support/servers.js";

const DOCS = {
  name: "docs",
  listRule: "", viewRule: "", createRule: "",
  schema: [
    { name: "title", type: "text" },
    { name: "doc", type: "file", options: { maxSelect: 99, maxSize: 1000 } },
  ],
};
const RECS = "/api/collections/docs/records";
const LOAD_ERROR = { code: 400, message: "Failed to load the submitted data due to invalid formatting.", data: {} };

const servers = useBothServers();
let token: string;

beforeAll(async () => {
  token = await adminToken(servers.ref);
  for (const s of [servers.ref, servers.cairn]) expect((await call(s, { method: "POST", path: "/api/collections", token, body: DOCS })).status).toBe(200);
});

afterAll(async () => {
  // Nothing was created by any case.
  expect((await call(servers.cairn, { path: RECS })).body).toMatchObject({ totalItems: 0 });
});

const files = (n: number, from = 0) => Array.from({ length: n }, (_, i) => filePart("doc", `f${from + i}.txt`, "x")).join("");
const texts = (n: number) => Array.from({ length: n }, (_, i) => textPart(`t${i}`, "v")).join("");

/** Sends a whole body to a server, as a client that announces its length and then sends it. */
async function send(s: RunningServer, body: string) {
  const req = await rawRequest(s.url);
  await req.send(multipartHead("POST", RECS, Buffer.byteLength(body)) + body).catch(() => undefined);
  const answer = await req.answer;
  req.socket.destroy();
  return { status: answer?.status, body: answer ? (JSON.parse(answer.body) as unknown) : null };
}

const spooled = () => {
  const dir = path.join(servers.cairn.dataDir, ".tmp", "uploads");
  return existsSync(dir) ? readdirSync(dir) : [];
};

describe("multipart parts", () => {
  const cases: [string, string][] = [
    ["1000 parts are read (the form is then judged)", files(999) + texts(1)],
    ["1001 file parts are refused", files(1001)],
    ["1001 text parts are refused", texts(1001)],
    ["1001 parts of both kinds are refused", files(500) + texts(501)],
    ["1001 parts without file names are refused", Array.from({ length: 1001 }, () => filePart("doc", "", "x")).join("")],
    ["50,000 tiny file parts are refused", files(50_000)],
  ];
  it.each(cases)("%s as by the reference", async (_label, parts) => {
    const body = parts + CLOSING;
    const [a, b] = await Promise.all([send(servers.ref, body), send(servers.cairn, body)]);
    expect(b.status, JSON.stringify(b.body)).toBe(a.status);
    expect(mask(b.body)).toEqual(mask(a.body));
    await expect.poll(spooled).toEqual([]);
  }, 60_000);

  // The reference reads the whole body before it answers.
  it("answers at part 1001 without waiting for the rest of the body (Cairn)", async () => {
    const req = await rawRequest(servers.cairn.url);
    // Announces 5 MB, sends 1001 tiny parts, and then nothing.
    await req.send(multipartHead("POST", RECS, 5_000_000) + files(1001));
    const answer = await Promise.race([req.answer, new Promise((r) => setTimeout(() => r("pending"), 10_000))]);
    expect(answer).toMatchObject({ status: 400 });
    expect(JSON.parse((answer as { body: string }).body)).toEqual(LOAD_ERROR);
    req.socket.destroy();
    await expect.poll(spooled).toEqual([]);
  }, 30_000);
});

describe("multipart parts of a batch (Cairn; held in memory before it is decoded)", () => {
  beforeAll(async () => {
    const batch = { batch: { enabled: true, maxRequests: 10, timeout: 3, maxBodySize: 0 } };
    expect((await call(servers.cairn, { method: "PATCH", path: "/api/settings", token, body: batch })).status).toBe(200);
  });

  const payload = textPart("@jsonPayload", JSON.stringify({ requests: [{ method: "DELETE", url: `${RECS}/missing00000001` }] }));
  const batch = async (parts: string) => {
    const body = parts + CLOSING;
    const res = await fetch(`${servers.cairn.url}/api/batch`, { method: "POST", headers: { "content-type": `multipart/form-data; boundary=${BOUNDARY}` }, body });
    return { status: res.status, body: (await res.json()) as unknown };
  };

  it("decodes 1000 parts", async () => {
    const res = await batch(payload + texts(999));
    // The batch ran (and failed on its missing record): the body was read.
    expect(res.body, JSON.stringify(res.body)).toMatchObject({ message: "Batch transaction failed." });
  });

  it.each([
    ["1001 text parts", () => payload + texts(1000)],
    ["50,000 tiny file parts", () => payload + Array.from({ length: 50_000 }, (_, i) => filePart("requests.0.doc", `f${i}.txt`, "x")).join("")],
  ])("refuses %s with the load error", async (_label, parts) => {
    expect(await batch(parts())).toEqual({ status: 400, body: LOAD_ERROR });
  });
});
