import { afterAll, beforeAll, describe, expect, it } from "vitest";
// The batch API's own client: a later PocketBase JS SDK (0.26), installed under an alias next to the 0.21 the dashboard uses.
import PocketBase, { ClientResponseError } from "pocketbase-sdk-batch";
import { adminToken, call } from "../../test/support/client.js";
import { cairnDataDir, cleanupTempDirs } from "../../test/support/dataDirs.js";
import { startCairn, type RunningCairn } from "../../test/support/servers.js";

describe("the batch API with the JS SDK's createBatch()", () => {
  let cairn: RunningCairn;
  let pb: PocketBase;

  beforeAll(async () => {
    cairn = await startCairn(await cairnDataDir());
    const token = await adminToken(cairn);
    await call(cairn, { method: "PATCH", path: "/api/settings", token, body: { batch: { enabled: true } } });
    const open = { listRule: "", viewRule: "", createRule: "", updateRule: "", deleteRule: "" };
    await call(cairn, {
      method: "POST",
      path: "/api/collections",
      token,
      body: { name: "notes", type: "base", schema: [{ name: "title", type: "text", required: true }, { name: "files", type: "file", options: { maxSelect: 3, maxSize: 10000 } }], ...open },
    });
    pb = new PocketBase(cairn.url);
    pb.autoCancellation(false);
  });

  afterAll(async () => {
    await cairn.stop();
    cleanupTempDirs();
  });

  it("sends creates with files, updates, upserts and deletes, and reads the answers", async () => {
    const existing = await pb.collection("notes").create({ title: "old" });
    const doomed = await pb.collection("notes").create({ title: "doomed" });
    const batch = pb.createBatch();
    batch.collection("notes").create({ title: "with files", files: [new File(["one"], "one.txt", { type: "text/plain" }), new File(["two"], "two.txt", { type: "text/plain" })] });
    batch.collection("notes").update(existing.id, { title: "renamed" }, { fields: "id,title" });
    batch.collection("notes").upsert({ id: "upsertedbysdk01", title: "upserted" });
    batch.collection("notes").delete(doomed.id);
    const results = await batch.send();
    expect(results.map((r) => r.status)).toEqual([200, 200, 200, 204]);
    expect((results[0].body as { files: string[] }).files).toHaveLength(2);
    expect(results[1].body).toEqual({ id: existing.id, title: "renamed" });
    expect((results[2].body as { id: string }).id).toBe("upsertedbysdk01");
    const made = results[0].body as { id: string; files: string[] };
    const file = await fetch(`${cairn.url}/api/files/notes/${made.id}/${made.files[1]}`);
    expect(await file.text()).toBe("two");
  });

  it("gets a ClientResponseError naming the failed request, and nothing is written", async () => {
    const before = (await pb.collection("notes").getList(1, 1)).totalItems;
    const batch = pb.createBatch();
    batch.collection("notes").create({ title: "fine" });
    batch.collection("notes").create({ title: "" });
    const err = await batch.send().catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ClientResponseError);
    const e = err as ClientResponseError;
    expect(e.status).toBe(400);
    expect(e.response.message).toBe("Batch transaction failed.");
    expect(e.response.data.requests["1"].code).toBe("batch_request_failed");
    expect(e.response.data.requests["1"].response.data.title.code).toBe("validation_required");
    expect((await pb.collection("notes").getList(1, 1)).totalItems).toBe(before);
  });
});
