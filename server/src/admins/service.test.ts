import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { createApp, type App } from "../app.js";
import { guestCaller, SYSTEM_CALLER } from "../auth/caller.js";
import type { AppEvent } from "../events/bus.js";
import { cleanupTempDirs, tempDir } from "../../test/support/dataDirs.js";

const PASSWORD = "1234567890";
const form = (email: string) => () => ({ email, password: PASSWORD, passwordConfirm: PASSWORD });

let app: App;
let events: AppEvent[];
/** For each admin event: whether the admin's row, read outside the transaction, was as announced. */
let committed: Promise<boolean>[];

beforeEach(async () => {
  app = await createApp({ dataDir: tempDir("cairn-admins-") });
  events = [];
  committed = [];
  app.events.on("*", (e) => {
    if (e.type !== "admin.save" && e.type !== "admin.delete") return;
    events.push(e);
    const id = e.admin.id;
    committed.push(app.admins.findById(id).then((row) => (e.type === "admin.save" ? row?.updated === e.admin.updated : row === undefined)));
  });
});

afterEach(async () => {
  await app.close();
  cleanupTempDirs();
});

const kinds = () => events.map((e) => `${e.type} ${"admin" in e ? e.admin.email : ""}`);

describe("AdminService writes", () => {
  it("announce each committed write once, with the change already visible to other readers", async () => {
    const a = await app.admins.create(guestCaller(), form("a@example.com"));
    await app.admins.update(SYSTEM_CALLER, a.id, () => ({ avatar: 4 }));
    const b = await app.admins.create(SYSTEM_CALLER, form("b@example.com"));
    await app.admins.delete(SYSTEM_CALLER, b.id);
    expect(kinds()).toEqual(["admin.save a@example.com", "admin.save a@example.com", "admin.save b@example.com", "admin.delete b@example.com"]);
    expect(await Promise.all(committed)).toEqual([true, true, true, true]);
  });

  it("a password set through the CLI path is one write and one event", async () => {
    const a = await app.admins.insertNew("a@example.com", PASSWORD);
    events.length = 0;
    const next = await app.admins.setPassword(a, "0987654321");
    expect(next.tokenKey).not.toBe(a.tokenKey);
    expect(kinds()).toEqual(["admin.save a@example.com"]);
    expect((await app.admins.findById(a.id))?.tokenKey).toBe(next.tokenKey);
  });

  it("a reset mail's bookkeeping keeps a password changed while the mail was out", async () => {
    const a = await app.admins.insertNew("a@example.com", PASSWORD);
    let changed: Promise<unknown> = Promise.resolve();
    // The mail goes out between the reset's read of the admin and its write of lastResetSentAt.
    app.mailer.send = async () => {
      changed = app.admins.setPassword(a, "0987654321");
      await changed;
    };
    let failed: unknown = null;
    app.admins.requestReset(() => ({ email: "a@example.com" }), (err) => (failed = err));
    // Two bcrypt hashes happen first: on a busy machine that takes longer than waitFor's default second.
    await vi.waitFor(async () => expect((await app.admins.findById(a.id))?.lastResetSentAt).not.toBe(""), { timeout: 15_000 });
    await changed;
    expect(failed).toBeNull();
    const row = (await app.admins.findById(a.id))!;
    expect(row.lastResetSentAt).not.toBe("");
    expect(row.tokenKey).not.toBe(a.tokenKey);
    expect(row.passwordHash).not.toBe(a.passwordHash);
  });

  it("a refused or failed write announces nothing and changes nothing", async () => {
    const a = await app.admins.insertNew("a@example.com", PASSWORD);
    events.length = 0;
    // The last admin cannot go.
    await expect(app.admins.delete(SYSTEM_CALLER, a.id)).rejects.toMatchObject({ kind: "bad_request" });
    // The id is taken: the insert fails inside the transaction, which rolls back.
    await expect(app.admins.insertNew("other@example.com", PASSWORD, a.id)).rejects.toThrow();
    expect(events).toEqual([]);
    expect(await app.admins.count()).toBe(1);
    expect(await app.admins.findByEmail("other@example.com")).toBeUndefined();
  });

  it("two installers at once: the first admin is created once, the other guest is refused", async () => {
    const results = await Promise.allSettled([app.admins.create(guestCaller(), form("one@example.com")), app.admins.create(guestCaller(), form("two@example.com"))]);
    expect(results.map((r) => r.status).sort()).toEqual(["fulfilled", "rejected"]);
    expect(results.find((r) => r.status === "rejected")).toMatchObject({ reason: { kind: "unauthorized" } });
    expect(await app.admins.count()).toBe(1);
    expect(events).toHaveLength(1);
  });
});
