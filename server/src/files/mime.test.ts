import { describe, expect, it } from "vitest";
import { detectMime, SNIFF_LIMIT } from "./mime.js";
import { MIME_EXPECTED, MIME_SAMPLES } from "../../test/support/mimeSamples.js";

describe("detectMime", () => {
  it("has an expectation for every sample", () => {
    expect(Object.keys(MIME_EXPECTED).sort()).toEqual(Object.keys(MIME_SAMPLES).sort());
  });

  it.each(Object.keys(MIME_SAMPLES))("%s is detected as the reference detects it", (name) => {
    const [ext, mime] = MIME_EXPECTED[name];
    expect(detectMime(MIME_SAMPLES[name])).toEqual({ mime, ext });
  });

  it("looks only at the first bytes, and takes the file size into account", () => {
    const json = Buffer.from(JSON.stringify({ a: "x".repeat(SNIFF_LIMIT * 2) }));
    expect(detectMime(json.subarray(0, SNIFF_LIMIT), json.length).mime).toBe("application/json");
    // The same cut-off bytes as a whole file are not valid JSON.
    expect(detectMime(json.subarray(0, SNIFF_LIMIT)).mime).toBe("text/plain; charset=utf-8");
    // A multi-byte character cut by the limit is still UTF-8.
    const text = Buffer.concat([Buffer.from("a"), Buffer.from("é".repeat(SNIFF_LIMIT))]);
    expect(detectMime(text).mime).toBe("text/plain; charset=utf-8");
  });

  it("never throws on arbitrary bytes", () => {
    for (let i = 0; i < 300; i++) {
      const len = Math.floor(Math.random() * 64);
      const buf = Buffer.from(Array.from({ length: len }, () => Math.floor(Math.random() * 256)));
      const r = detectMime(buf);
      expect(typeof r.mime).toBe("string");
    }
    for (const s of ['{"a":', "[1,2", '{"a":tr', "[[[[", '{"a" 1}', "[1,]", "{,}"]) {
      expect(() => detectMime(Buffer.from(s), 10_000)).not.toThrow();
    }
  });
});
