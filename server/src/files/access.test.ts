import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApp, type App } from "../app.js";
import { errorBody } from "../http/errorResponse.js";
import { canAccessFile, fileForbidden, resolveFileToken } from "./access.js";
import type { AdminRow } from "../models/admin.js";
import { cleanupTempDirs, tempDir } from "../../test/support/dataDirs.js";

let app: App;
let admin: AdminRow;

beforeAll(async () => {
  app = await createApp({ dataDir: tempDir("cairn-access-") });
  admin = await app.admins.insertNew("files@example.com", "1234567890");
});

afterAll(async () => {
  await app?.close();
  cleanupTempDirs();
});

describe("resolveFileToken", () => {
  it("resolves an admin file token", async () => {
    const token = await app.admins.fileToken(admin);
    const who = await resolveFileToken(app, token);
    expect(who.admin?.id).toBe(admin.id);
    expect(who.record).toBeNull();
  });

  it("treats other tokens as a guest's: auth tokens, garbage, missing, foreign signatures", async () => {
    const authToken = await app.admins.authToken(admin);
    for (const t of [authToken, "abc", "", undefined, ["x"], authToken.slice(0, -2) + "xx"]) {
      expect(await resolveFileToken(app, t)).toEqual({ admin: null, record: null });
    }
  });

  it("stops accepting an admin's file tokens when its token key changes", async () => {
    const other = await app.admins.insertNew("other@example.com", "1234567890");
    const token = await app.admins.fileToken(other);
    await app.admins.setPassword(other, "0987654321");
    expect((await resolveFileToken(app, token)).admin).toBeNull();
  });

  it("hands non-admin tokens to the record resolver", async () => {
    const seen: string[] = [];
    const who = await resolveFileToken({ admins: app.admins, recordFromFileToken: async (t) => (seen.push(t), t === "rec" ? { id: "u1" } : null) }, "rec");
    expect(who).toEqual({ admin: null, record: { id: "u1" } });
    const failing = await resolveFileToken({ admins: app.admins, recordFromFileToken: async () => { throw new Error("db down"); } }, "rec");
    expect(failing.record).toBeNull();
    expect(seen).toEqual(["rec"]);
  });
});

describe("canAccessFile", () => {
  const deny = () => false;
  const allow = () => true;
  it("serves unprotected files to anyone, whatever the rule", async () => {
    expect(await canAccessFile(false, { admin: null, record: null }, deny)).toBe(true);
  });
  it("serves protected files to admins without checking the rule", async () => {
    let called = false;
    expect(await canAccessFile(true, { admin, record: null }, () => ((called = true), false))).toBe(true);
    expect(called).toBe(false);
  });
  it("otherwise asks the view rule with the token's record (or a guest)", async () => {
    const asked: unknown[] = [];
    expect(await canAccessFile(true, { admin: null, record: null }, (r) => (asked.push(r), false))).toBe(false);
    expect(await canAccessFile(true, { admin: null, record: { id: "u" } }, async (r) => (asked.push(r), true))).toBe(true);
    expect(await canAccessFile(true, { admin: null, record: null }, allow)).toBe(true);
    expect(asked).toEqual([null, { id: "u" }]);
  });
  it("refuses with the reference's 403", () => {
    expect(errorBody(fileForbidden())).toEqual({ code: 403, message: "Insufficient permissions to access the file resource.", data: {} });
  });
});
