import { describe, expect, it } from "vitest";
import { addRecent, looksLikeRecordId, palettePages, placeLabel, placeOf, RECENT_MAX } from "./paletteModel";

describe("palette model", () => {
  it("lists every settings page under a name that says so, the sync pages only when not restricted", () => {
    const labels = palettePages(false).map((p) => p.label);
    expect(labels).toEqual(expect.arrayContaining(["Collections", "Logs", "Application settings", "Mail settings", "Token options settings", "Export collections settings"]));
    expect(palettePages(true).map((p) => p.to)).not.toContain("/settings/import-collections");
    expect(palettePages(false).find((p) => p.to === "/settings/mail")?.keywords).toContain("smtp");
  });

  it("takes a PocketBase id or an id-like word with a digit for a record id, not a plain word or a phrase", () => {
    expect(looksLikeRecordId(" abcdefghij12345 ")).toBe(true);
    expect(looksLikeRecordId("abcdefghijklmno")).toBe(true);
    expect(looksLikeRecordId("rec_42")).toBe(true);
    expect(looksLikeRecordId("users")).toBe(false);
    expect(looksLikeRecordId("mail settings")).toBe(false);
    expect(looksLikeRecordId("a1")).toBe(false);
  });

  it("remembers a collections address by its collection and record only", () => {
    expect(placeOf("/collections", new URLSearchParams("collectionId=c1&filter=x&sort=-id&recordId=r1"))).toBe("/collections?collectionId=c1&recordId=r1");
    expect(placeOf("/settings/mail", new URLSearchParams("x=1"))).toBe("/settings/mail");
  });

  it("names a remembered place, and drops one whose collection is gone", () => {
    const pages = palettePages(false);
    const cols = [{ id: "c1", name: "posts" }];
    expect(placeLabel("/collections?collectionId=c1", pages, cols)).toBe("posts");
    expect(placeLabel("/collections?collectionId=c1&recordId=r1", pages, cols)).toBe("posts / r1");
    expect(placeLabel("/collections?collectionId=gone", pages, cols)).toBeNull();
    expect(placeLabel("/settings/mail", pages, cols)).toBe("Mail settings");
    expect(placeLabel("/nowhere", pages, cols)).toBeNull();
  });

  it("keeps recent places newest first, once each, at most RECENT_MAX", () => {
    expect(addRecent(["/logs", "/settings"], "/settings")).toEqual(["/settings", "/logs"]);
    const many = Array.from({ length: RECENT_MAX }, (_, i) => `/p${i}`);
    expect(addRecent(many, "/new")).toHaveLength(RECENT_MAX);
    expect(addRecent(many, "/new")[0]).toBe("/new");
  });
});
