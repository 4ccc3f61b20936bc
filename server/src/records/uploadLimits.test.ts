import { describe, expect, it } from "vitest";
import { readSchema, type CollectionModel } from "../models/collection.js";
import { FORM_VALUES_LIMIT, uploadLimits } from "./uploadLimits.js";

const coll = (schema: unknown[]): CollectionModel => ({
  id: "c", created: "", updated: "", name: "c", type: "base", system: false, schema: readSchema(schema), indexes: [],
  listRule: null, viewRule: null, createRule: null, updateRule: null, deleteRule: null, options: {},
});

const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, ...Array<number>(4000).fill(0)]);

describe("uploadLimits", () => {
  const limits = uploadLimits(
    coll([
      { name: "one", type: "file", options: { maxSelect: 1, maxSize: 1000 } },
      { name: "many", type: "file", options: { maxSelect: 3, maxSize: 2000, mimeTypes: ["image/png"] } },
      { name: "title", type: "text" },
    ]),
  );

  it("lets the body carry every file field full plus the form values", () => {
    expect(limits.body - FORM_VALUES_LIMIT).toBeGreaterThanOrEqual(1000 + 3 * 2000);
    expect(limits.body - FORM_VALUES_LIMIT - 7000).toBeLessThanOrEqual(1 << 20);
    expect(limits.values).toBe(FORM_VALUES_LIMIT);
  });

  it("keeps files of file fields only, within their maxSize and types", () => {
    expect(limits.policy("title")).toBeUndefined();
    expect(limits.policy("one")?.maxSize).toBe(1000);
    const many = limits.policy("many")!;
    expect(many.maxSize).toBe(2000);
    expect(many.acceptsHead!(PNG.subarray(0, 3072), 4008)).toBe(true);
    expect(many.acceptsHead!(Buffer.alloc(3072, 1), 4000)).toBe(false);
    expect(limits.policy("one")!.acceptsHead!(Buffer.alloc(3072, 1), 4000)).toBe(true);
  });
});
