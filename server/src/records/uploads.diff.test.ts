/**
 * Streamed uploads refused while they arrive answer like the reference (the same status
 * and field errors) and leave nothing behind in Cairn: no temp file, no stored file, no
 * record. The same holds when the row cannot be written after the files were, and when
 * storage fails.
 */
import { existsSync, readdirSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adminToken, call, mask } from "../../test/support/client.js";
import { freePort } from "../../test/support/ports.js";
import type { RunningCairn, RunningServer } from "../../test/support/servers.js";
import { uploadGenerated, type UploadRequest } from "../../test/support/uploads.js";
import { startBothServers, stopBothServers } from "../../test/support/bothServers.js";

const MB = 1 << 20;
const COLL = "upl000000000001";
const CLIPS = {
  id: COLL,
  name: "clips",
  listRule: "", viewRule: "", updateRule: "",
  // Checked after the row is inserted: a refusal comes after the files were written.
  createRule: "title != 'refused'",
  schema: [
    { name: "title", type: "text" },
    { name: "code", type: "text", options: { pattern: "^[a-z]*$" } },
    { name: "clip", type: "file", options: { maxSelect: 1, maxSize: 5 * MB } },
    { name: "pic", type: "file", options: { maxSelect: 2, maxSize: 5 * MB, mimeTypes: ["image/png"] } },
  ],
};
const RECS = "/api/collections/clips/records";

let ref: RunningServer;
let cairn: RunningCairn;
let tokens: Map<RunningServer, string>;

beforeAll(async () => {
  ({ ref, cairn } = await startBothServers());
  const token = await adminToken(ref);
  tokens = new Map([[ref, token], [cairn, token]]);
  for (const s of [ref, cairn]) expect((await call(s, { method: "POST", path: "/api/collections", body: CLIPS, token })).status).toBe(200);
});

afterAll(() => stopBothServers({ ref, cairn }));

/** Stored names carry random parts: mask them in messages. */
const maskNames = (v: unknown) =>
  JSON.parse(JSON.stringify(v).replace(/\\"[^"\\]+\\" mime type/g, '\\"<name>\\" mime type').replace(/_[A-Za-z0-9]{10}\.bin"/g, '_<rand>.bin"'));

type Upload = Omit<UploadRequest, "url" | "method" | "path"> & { admin?: boolean };

async function both(u: Upload) {
  const [a, b] = await Promise.all(
    [ref, cairn].map((s) => uploadGenerated({ ...u, url: s.url, method: "POST", path: RECS, token: u.admin === false ? undefined : tokens.get(s) })),
  );
  expect(b.status, `cairn ${JSON.stringify(b.body)} vs reference ${JSON.stringify(a.body)}`).toBe(a.status);
  expect(maskNames(mask(b.body))).toEqual(maskNames(mask(a.body)));
  return b;
}

async function totalItems(s: RunningServer): Promise<number> {
  const res = await call(s, { path: `${RECS}?perPage=1`, token: tokens.get(s) });
  return (res.body as { totalItems: number }).totalItems;
}

/** Deletes the record just made on both servers. */
async function deleteLatest() {
  for (const s of [ref, cairn]) {
    const page = (await call(s, { path: `${RECS}?perPage=1`, token: tokens.get(s) })).body as { items: { id: string }[] };
    expect((await call(s, { method: "DELETE", path: `${RECS}/${page.items[0].id}`, token: tokens.get(s) })).status).toBe(204);
  }
}

const list = (dir: string) => (existsSync(dir) ? readdirSync(dir, { recursive: true, encoding: "utf8" }) : []);

/** Cairn kept no temp file, no stored file and no record (the reference has no record either). */
async function nothingBehind() {
  expect(list(path.join(cairn.dataDir, ".tmp", "uploads"))).toEqual([]);
  expect(list(path.join(cairn.dataDir, "storage", COLL))).toEqual([]);
  expect(await totalItems(cairn)).toBe(0);
  expect(await totalItems(ref)).toBe(0);
}

describe("uploads refused as they arrive", () => {
  it("refuses a file one byte over maxSize with the field error", async () => {
    const res = await both({ field: "clip", filename: "over.bin", size: 5 * MB + 1 });
    expect(res.status).toBe(400);
    expect((res.body as { data: Record<string, { code: string }> }).data.clip.code).toBe("validation_file_size_limit");
    await nothingBehind();
  });

  it("reports the other fields' errors with it, as admin and as guest", async () => {
    for (const admin of [true, false]) {
      await both({ field: "clip", filename: "over.bin", size: 5 * MB + 1, values: { code: "NOT-LOWER" }, admin });
    }
    await nothingBehind();
  });

  it("refuses a type the field does not take, judged from the first bytes", async () => {
    const res = await both({ field: "pic", filename: "notpng.png", size: 64 * 1024 });
    expect((res.body as { data: Record<string, { code: string }> }).data.pic.code).toBe("validation_invalid_mime_type");
    await nothingBehind();
  });

  it("removes the written files when the row is refused after them", async () => {
    await both({ field: "clip", filename: "ok.bin", size: MB, values: { title: "refused" }, admin: false });
    await nothingBehind();
  });

  it("reads UTF-8 file names as the reference does", async () => {
    const res = await both({ field: "clip", filename: "Äpfel und Öl.bin", size: 10, values: { title: "ünïcode" } });
    expect(res.status).toBe(200);
    await deleteLatest();
  });

  it("accepts a file of exactly maxSize", async () => {
    const res = await both({ field: "clip", filename: "exact.bin", size: 5 * MB });
    expect(res.status).toBe(200);
    await deleteLatest();
    await nothingBehind();
  });
});

describe("a failing storage", () => {
  it("leaves no record and no temp file", async () => {
    const token = tokens.get(cairn)!;
    const s3 = { enabled: true, bucket: "none", region: "us-east-1", endpoint: `http://127.0.0.1:${await freePort()}`, accessKey: "x", secret: "y", forcePathStyle: true };
    expect((await call(cairn, { method: "PATCH", path: "/api/settings", token, body: { s3 } })).status).toBe(200);
    try {
      const res = await uploadGenerated({ url: cairn.url, method: "POST", path: RECS, token, field: "clip", filename: "x.bin", size: MB });
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ code: 400, message: "Failed to create record.", data: {} });
      expect(await totalItems(cairn)).toBe(0);
      expect(list(path.join(cairn.dataDir, ".tmp", "uploads"))).toEqual([]);
    } finally {
      expect((await call(cairn, { method: "PATCH", path: "/api/settings", token, body: { s3: { ...s3, enabled: false } } })).status).toBe(200);
    }
  });
});

describe("a body beyond the collection's limit", () => {
  it("is 413 from Cairn (all file fields full plus 33 MB) and leaves nothing", async () => {
    const res = await uploadGenerated({ url: cairn.url, method: "POST", path: RECS, token: tokens.get(cairn), field: "clip", filename: "huge.bin", size: 60 * MB });
    expect(res.status).toBe(413);
    expect(res.body).toEqual({ code: 413, message: "Request entity too large", data: {} });
    expect(list(path.join(cairn.dataDir, ".tmp", "uploads"))).toEqual([]);
    expect(list(path.join(cairn.dataDir, "storage", COLL))).toEqual([]);
    expect(await totalItems(cairn)).toBe(0);
  });
});
