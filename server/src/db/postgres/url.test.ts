import { describe, expect, it } from "vitest";
import { checkDatabaseUrl, connectError, redactUrl } from "./url.js";

describe("database URLs", () => {
  it("redacts the password, and only it", () => {
    expect(redactUrl("postgres://me:s3cret@db.local:5432/app?sslmode=require")).toBe("postgres://me:***@db.local:5432/app?sslmode=require");
    expect(redactUrl("postgres://me@db.local/app")).toBe("postgres://me@db.local/app");
    expect(redactUrl("postgres://me:pa ss@[bad")).toBe("postgres://me:***@[bad");
    expect(connectError("postgres://me:s3cret@h/app", new Error("boom postgres://me:s3cret@h/app")).message).not.toContain("s3cret");
  });

  it.each([
    ["mysql://a:b@h/db", /only PostgreSQL URLs/],
    ["not a url", /invalid database URL "not a url"/],
    ["postgres://u:topsecret@/db", /invalid database URL "postgres:\/\/u:\*\*\*@\/db"/],
  ])("refuses %s with a message", (url, message) => {
    expect(() => checkDatabaseUrl(url)).toThrow(message);
    try {
      checkDatabaseUrl(url);
    } catch (err) {
      expect((err as Error).message).not.toContain("topsecret");
    }
  });

  it("accepts postgres:// and postgresql:// URLs", () => {
    expect(() => checkDatabaseUrl("postgresql://u:p@127.0.0.1:5432/db")).not.toThrow();
    expect(() => checkDatabaseUrl("postgres://127.0.0.1/db")).not.toThrow();
  });
});
