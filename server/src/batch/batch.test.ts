import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AppEvent } from "../events/bus.js";
import { passwordPool } from "../auth/passwordPool.js";
import { adminToken, call, type Answer } from "../../test/support/client.js";
import { cairnDataDir, cleanupTempDirs } from "../../test/support/dataDirs.js";
import { startCairn, type RunningCairn } from "../../test/support/servers.js";
import { watchTransactions } from "../../test/support/openTransactions.js";

type Rec = { id: string; [k: string]: unknown };
type Failure = { code: number; message: string; data: { requests: Record<string, { code: string; message: string; response: { code: number; message: string; data: Record<string, unknown> } }> } };

describe("POST /api/batch", () => {
  let cairn: RunningCairn;
  let token: string;
  const events: { event: AppEvent; inTransaction: boolean }[] = [];

  const batch = (requests: unknown, auth: string | undefined = token): Promise<Answer> =>
    call(cairn, { method: "POST", path: "/api/batch", token: auth, body: { requests } });
  const settings = (batchSettings: Record<string, unknown>) => call(cairn, { method: "PATCH", path: "/api/settings", token, body: { batch: batchSettings } });
  const count = async (table: string) => Number((await cairn.app.db.get<{ n: number }>(`SELECT count(*) AS n FROM "${table}"`))!.n);
  let openTransactions = () => 0;
  const create = async (collection: string, body: unknown) =>
    (await call(cairn, { method: "POST", path: `/api/collections/${collection}/records`, token, body })).body as Rec;

  beforeAll(async () => {
    cairn = await startCairn(await cairnDataDir());
    token = await adminToken(cairn);
    openTransactions = watchTransactions(cairn.app.db);
    cairn.app.events.on("*", (event) => events.push({ event, inTransaction: openTransactions() > 0 }));
    const posts = await call(cairn, {
      method: "POST",
      path: "/api/collections",
      token,
      body: {
        name: "posts",
        type: "base",
        schema: [
          { name: "title", type: "text", required: true, options: { min: 2 } },
          { name: "doc", type: "file", options: { maxSelect: 1, maxSize: 100000 } },
        ],
        listRule: "",
        viewRule: "",
        createRule: "",
        updateRule: "",
        deleteRule: "",
      },
    });
    const postsId = (posts.body as Rec).id;
    await call(cairn, {
      method: "POST",
      path: "/api/collections",
      token,
      body: {
        name: "comments",
        type: "base",
        schema: [
          { name: "text", type: "text" },
          { name: "post", type: "relation", options: { collectionId: postsId, maxSelect: 1, cascadeDelete: false } },
        ],
        listRule: "",
        viewRule: "",
        createRule: "",
        updateRule: "",
        deleteRule: "",
      },
    });
    // Guests may not create here (admins-only rule).
    await call(cairn, { method: "POST", path: "/api/collections", token, body: { name: "locked", type: "base", schema: [{ name: "text", type: "text" }] } });
    await call(cairn, { method: "POST", path: "/api/collections", token, body: { name: "members", type: "auth", schema: [], createRule: "" } });
    // Members who change their own password, naming the old one.
    await call(cairn, { method: "POST", path: "/api/collections", token, body: { name: "owners", type: "auth", schema: [], createRule: "", updateRule: "id = @request.auth.id", options: { allowEmailAuth: true, minPasswordLength: 8 } } });
  });

  /** A signed-in owner, and `n` batch requests changing its password in a chain (pass-0 → pass-1 → ...). */
  async function passwordChain(n: number) {
    const email = `owner${await count("owners")}@example.com`;
    const owner = await create("owners", { email, password: "pass-0000", passwordConfirm: "pass-0000" });
    const auth = await call(cairn, { method: "POST", path: "/api/collections/owners/auth-with-password", body: { identity: email, password: "pass-0000" } });
    const changes = Array.from({ length: n }, (_, k) => ({
      method: "PATCH",
      url: `/api/collections/owners/records/${owner.id}`,
      body: { oldPassword: `pass-000${k}`, password: `pass-000${k + 1}`, passwordConfirm: `pass-000${k + 1}` },
    }));
    const ownerToken = (auth.body as { token?: string }).token;
    if (!ownerToken) throw new Error(`owner sign-in failed: ${JSON.stringify(auth.body)}`);
    const storedHash = async () => (await cairn.app.db.get<{ passwordHash: string }>(`SELECT ${cairn.app.db.dialect.quote("passwordHash")} FROM owners WHERE id = ?`, [owner.id]))!.passwordHash;
    return { token: ownerToken, changes, storedHash };
  }

  const until = async (ready: () => boolean) => {
    const end = Date.now() + 20_000;
    while (!ready()) {
      if (Date.now() > end) throw new Error("never got there");
      await new Promise((r) => setTimeout(r, 2));
    }
  };

  afterAll(async () => {
    await cairn.stop();
    cleanupTempDirs();
  });

  it("is off by default: 403", async () => {
    const res = await batch([{ method: "POST", url: "/api/collections/posts/records", body: { title: "no" } }]);
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ code: 403, message: "Batch requests are not allowed.", data: {} });
    expect(await count("posts")).toBe(0);
  });

  it("settings: defaults are reported and validated", async () => {
    const view = await call(cairn, { path: "/api/settings", token });
    expect((view.body as { batch: unknown }).batch).toEqual({ enabled: false, maxRequests: 50, timeout: 3, maxBodySize: 0 });
    const bad = await settings({ enabled: true, maxRequests: 0, timeout: -1 });
    expect(bad.status).toBe(400);
    expect((bad.body as { data: unknown }).data).toEqual({
      batch: { maxRequests: { code: "validation_required", message: "Cannot be blank." }, timeout: { code: "validation_min_greater_equal_than_required", message: "Must be no less than 1." } },
    });
    const ok = await settings({ enabled: true, maxRequests: 5, timeout: 3, maxBodySize: 0 });
    expect(ok.status).toBe(200);
  });

  it("runs creates, updates, upserts and deletes across collections in one go; events only after the commit", async () => {
    const p1 = await create("posts", { title: "first" });
    const c1 = await create("comments", { text: "old", post: p1.id });
    events.length = 0;
    const res = await batch([
      { method: "POST", url: "/api/collections/posts/records", body: { id: "batchpost000001", title: "made in batch" } },
      { method: "POST", url: "/api/collections/comments/records?expand=post", body: { text: "hi", post: "batchpost000001" } },
      { method: "PATCH", url: `/api/collections/posts/records/${p1.id}?fields=id,title`, body: { title: "changed" } },
      { method: "DELETE", url: `/api/collections/comments/records/${c1.id}` },
      { method: "PUT", url: "/api/collections/posts/records", body: { id: p1.id, title: "upserted" } },
    ]);
    expect(res.status).toBe(200);
    const results = res.body as { status: number; body: Rec | null }[];
    expect(results.map((r) => r.status)).toEqual([200, 200, 200, 204, 200]);
    expect(results[0].body).toMatchObject({ id: "batchpost000001", title: "made in batch", collectionName: "posts" });
    expect((results[1].body!.expand as { post: Rec }).post.title).toBe("made in batch");
    expect(results[2].body).toEqual({ id: p1.id, title: "changed" });
    expect(results[3].body).toBeNull();
    expect(results[4].body).toMatchObject({ id: p1.id, title: "upserted" });
    expect(await count("comments")).toBe(1);
    const posts = await cairn.app.records.collection("posts");
    expect((await cairn.app.records.find(posts, p1.id))!.title).toBe("upserted");
    const summary = events.map((e) => `${e.event.type} ${"collection" in e.event ? e.event.collection.name : ""}`);
    expect(summary).toEqual(["record.create posts", "record.create comments", "record.update posts", "record.delete comments", "record.update posts"]);
    expect(events.every((e) => !e.inTransaction)).toBe(true);
  });

  it("upsert without an existing id creates", async () => {
    const res = await batch([{ method: "PUT", url: "/api/collections/posts/records", body: { id: "upsertnew000001", title: "fresh" } }]);
    expect(res.status).toBe(200);
    expect((res.body as { body: Rec }[])[0].body.id).toBe("upsertnew000001");
  });

  it("a rule refusal in the middle rolls everything back and names the request", async () => {
    const before = { posts: await count("posts"), locked: await count("locked") };
    events.length = 0;
    const res = await batch(
      [
        { method: "POST", url: "/api/collections/posts/records", body: { title: "guest one" } },
        { method: "POST", url: "/api/collections/locked/records", body: { text: "nope" } },
        { method: "POST", url: "/api/collections/posts/records", body: { title: "guest two" } },
      ],
      "",
    );
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      code: 400,
      message: "Batch transaction failed.",
      data: { requests: { "1": { code: "batch_request_failed", message: "Batch request failed.", response: { code: 403, message: "Only admins can perform this action.", data: {} } } } },
    });
    expect({ posts: await count("posts"), locked: await count("locked") }).toEqual(before);
    expect(events).toEqual([]);
  });

  it("a validation failure reports the request's field errors; earlier writes are undone", async () => {
    const before = await count("posts");
    const res = await batch([
      { method: "POST", url: "/api/collections/posts/records", body: { title: "fine" } },
      { method: "POST", url: "/api/collections/posts/records", body: { title: "x" } },
    ]);
    expect(res.status).toBe(400);
    const failure = (res.body as Failure).data.requests["1"];
    expect(failure.response.code).toBe(400);
    expect(failure.response.data).toHaveProperty("title.code", "validation_min_text_constraint");
    expect(await count("posts")).toBe(before);
  });

  it("a missing record or collection fails with its 404", async () => {
    const res = await batch([
      { method: "POST", url: "/api/collections/posts/records", body: { title: "fine" } },
      { method: "DELETE", url: "/api/collections/nope/records/abc" },
    ]);
    expect(res.status).toBe(400);
    expect((res.body as Failure).data.requests["1"].response.code).toBe(404);
  });

  it("bad input is a 400 with nothing written", async () => {
    await settings({ maxRequests: 10 });
    const before = await count("posts");
    const notArray = await batch({ method: "POST" });
    expect(notArray.status).toBe(400);
    expect(notArray.body).toEqual({ code: 400, message: "Failed to load the submitted data due to invalid formatting.", data: {} });
    const notObject = await call(cairn, { method: "POST", path: "/api/batch", token, rawBody: "[1]" });
    expect(notObject.status).toBe(400);
    const malformed = await call(cairn, { method: "POST", path: "/api/batch", token, rawBody: "{nope" });
    expect(malformed.status).toBe(400);
    const empty = await batch([]);
    expect((empty.body as { data: unknown }).data).toEqual({ requests: { code: "validation_required", message: "Cannot be blank." } });
    const mixed = await batch([
      { method: "POST", url: "/api/collections/posts/records", body: { title: "would be fine" } },
      { method: "GET", url: "/api/collections/posts/records" },
      { method: "POST", url: "/api/settings", body: {} },
      { method: "PATCH", url: "/api/collections/posts/records" },
      { method: "POST", url: "https://elsewhere.example/api/collections/posts/records" },
      "nonsense",
    ]);
    expect(mixed.status).toBe(400);
    const data = (mixed.body as { data: { requests: Record<string, Record<string, { code: string }>> } }).data.requests;
    expect(Object.keys(data)).toEqual(["1", "2", "3", "4", "5"]);
    expect(data["1"].method.code).toBe("validation_in_invalid");
    expect(data["2"].url.code).toBe("validation_invalid_batch_url");
    expect(data["3"].method.code).toBe("validation_invalid_batch_method");
    expect(data["4"].url.code).toBe("validation_invalid_batch_url");
    expect(data["5"].method.code).toBe("validation_required");
    const badBody = await batch([{ method: "POST", url: "/api/collections/posts/records", body: "text" }]);
    expect((badBody.body as Failure).data.requests["0"].response.message).toBe("Failed to load the submitted data due to invalid formatting.");
    expect(await count("posts")).toBe(before);
    await settings({ maxRequests: 5 });
  });

  it("enforces maxRequests and maxBodySize", async () => {
    const six = Array.from({ length: 6 }, (_, i) => ({ method: "POST", url: "/api/collections/posts/records", body: { title: `n${i}` } }));
    const tooMany = await batch(six);
    expect(tooMany.status).toBe(400);
    expect((tooMany.body as { data: unknown }).data).toEqual({ requests: { code: "validation_length_too_long", message: "The length must be no more than 5." } });
    await settings({ maxBodySize: 200 });
    const big = await batch([{ method: "POST", url: "/api/collections/posts/records", body: { title: "x".repeat(300) } }]);
    expect(big.status).toBe(413);
    await settings({ maxBodySize: 0 });
  });

  it("hashes sign-ups' passwords before the transaction: within the timeout, and a list request is answered meanwhile", async () => {
    await settings({ timeout: 1, maxRequests: 12 });
    const before = await count("members");
    const signUps = Array.from({ length: 12 }, (_, i) => ({
      method: "POST",
      url: "/api/collections/members/records",
      body: { email: `m${i}@example.com`, password: "1234567890", passwordConfirm: "1234567890" },
    }));
    const order: string[] = [];
    let hashedInTransaction = false;
    const watch = setInterval(() => (hashedInTransaction ||= openTransactions() > 0 && passwordPool().busy > 0), 1);
    const running = batch(signUps, "").then((res) => (order.push("batch"), res));
    // Twelve cost-12 hashes take seconds on two workers; the list must not wait for them.
    await until(() => passwordPool().busy > 0 || openTransactions() > 0);
    const list = await call(cairn, { path: "/api/collections/posts/records" });
    order.push("list");
    const res = await running;
    clearInterval(watch);
    expect(list.status).toBe(200);
    expect(order).toEqual(["list", "batch"]);
    expect(res.status).toBe(200);
    expect(await count("members")).toBe(before + 12);
    expect(hashedInTransaction).toBe(false);
    await settings({ timeout: 3, maxRequests: 5 });
  });

  it("rolls back when the timeout passes", async () => {
    await settings({ timeout: 1, maxRequests: 10 });
    // Each change names the password the one before set: a hash made inside the batch, so that
    // check is bcrypt work the transaction does itself (cost 12: well over 100 ms each).
    const { token: owner, changes, storedHash } = await passwordChain(10);
    const before = (await storedHash());
    const res = await batch(changes, owner);
    expect(res.status).toBe(400);
    const failed = (res.body as Failure).data.requests;
    expect(Object.values(failed)[0].response.message).toBe("The batch transaction timed out.");
    expect((await storedHash())).toBe(before);
    await settings({ timeout: 3, maxRequests: 5 });
  });

  it("holds no other request back: a read is answered while its transaction runs; a write queues behind it and is not lost when it rolls back", async () => {
    const before = await count("posts");
    // Checks against hashes made inside the batch: bcrypt work its transaction does itself.
    const { token: owner, changes, storedHash } = await passwordChain(3);
    const hash = await storedHash();
    const order: string[] = [];
    const slow = batch([...changes, { method: "POST", url: "/api/collections/posts/records", body: { title: "x" } }], owner).then((res) => (order.push("batch"), res));
    await until(() => openTransactions() > 0);
    const list = await call(cairn, { path: "/api/collections/posts/records" });
    order.push("list");
    const single = await call(cairn, { method: "POST", path: "/api/collections/posts/records", body: { title: "outside" } });
    const res = await slow;
    expect(list.status).toBe(200);
    expect(order).toEqual(["list", "batch"]);
    expect(res.status).toBe(400);
    expect(single.status).toBe(200);
    expect(await count("posts")).toBe(before + 1);
    expect(await storedHash()).toBe(hash);
  });

  it("takes files as multipart: @jsonPayload plus requests.N.field parts", async () => {
    const form = new FormData();
    form.append(
      "@jsonPayload",
      JSON.stringify({
        requests: [
          { method: "POST", url: "/api/collections/posts/records", body: { title: "with file" } },
          { method: "POST", url: "/api/collections/posts/records", body: { title: "no file" } },
        ],
      }),
    );
    form.append("requests.0.doc", new Blob(["hello batch"], { type: "text/plain" }), "note.txt");
    const res = await fetch(`${cairn.url}/api/batch`, { method: "POST", headers: { authorization: token }, body: form });
    expect(res.status).toBe(200);
    const [withFile, without] = (await res.json()) as { body: Rec }[];
    expect(String(withFile.body.doc)).toMatch(/^note_\w+\.txt$/);
    expect(without.body.doc).toBe("");
    const file = await fetch(`${cairn.url}/api/files/posts/${withFile.body.id}/${String(withFile.body.doc)}`);
    expect(await file.text()).toBe("hello batch");
  });

  it("a rolled-back batch stores none of its files", async () => {
    const form = new FormData();
    form.append(
      "@jsonPayload",
      JSON.stringify({
        requests: [
          { method: "POST", url: "/api/collections/posts/records", body: { id: "rolledback00001", title: "with file" } },
          { method: "POST", url: "/api/collections/posts/records", body: { title: "x" } },
        ],
      }),
    );
    form.append("requests.0.doc", new Blob(["gone"], { type: "text/plain" }), "gone.txt");
    const res = await fetch(`${cairn.url}/api/batch`, { method: "POST", headers: { authorization: token }, body: form });
    expect(res.status).toBe(400);
    const postsId = (await cairn.app.records.collection("posts")).id;
    const { existsSync } = await import("node:fs");
    expect(existsSync(`${cairn.app.dataDir}/storage/${postsId}/rolledback00001`)).toBe(false);
  });
});
