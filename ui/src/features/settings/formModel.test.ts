import { describe, expect, it } from "vitest";
import { clone, compactErrors, getPath, hasErrorUnder, isChanged, setPath } from "./formModel";

describe("change tracking", () => {
  it("is unchanged for an equal copy, whatever the key order", () => {
    const loaded = { meta: { appName: "Acme", appUrl: "http://x" }, flag: false };
    expect(isChanged(loaded, clone(loaded))).toBe(false);
    expect(isChanged(loaded, { flag: false, meta: { appUrl: "http://x", appName: "Acme" } })).toBe(false);
  });
  it("is changed by a nested edit and unchanged again after reverting it", () => {
    const loaded = { meta: { appName: "Acme" } };
    const edited = setPath(loaded, "meta.appName", "Other");
    expect(isChanged(loaded, edited)).toBe(true);
    expect(isChanged(loaded, setPath(edited, "meta.appName", "Acme"))).toBe(false);
  });
  it("counts an added key (a generated token secret) as a change", () => {
    expect(isChanged({ t: { duration: 5 } }, { t: { duration: 5, secret: "x" } })).toBe(true);
  });
});

describe("paths", () => {
  it("sets without mutating the source and reads back", () => {
    const src = { smtp: { host: "a" } };
    const next = setPath(src, "smtp.port", 25);
    expect(src).toEqual({ smtp: { host: "a" } });
    expect(getPath(next, "smtp.port")).toBe(25);
    expect(getPath(next, "s3.enabled")).toBeUndefined();
  });
});

describe("errors", () => {
  it("drops empty messages and finds errors under a prefix from both sources", () => {
    const errors = compactErrors({ "meta.senderName": "Cannot be blank.", "smtp.host": "" });
    expect(errors).toEqual({ "meta.senderName": "Cannot be blank." });
    expect(hasErrorUnder(errors, {}, "meta.senderName")).toBe(true);
    expect(hasErrorUnder({}, { meta: { verificationTemplate: { body: { code: "x", message: "y" } } } }, "meta.verificationTemplate")).toBe(true);
    expect(hasErrorUnder({}, { meta: { verificationTemplate: {} } }, "meta.verificationTemplate")).toBe(false);
  });
});
