import { describe, expect, it } from "vitest";
import type { Collection } from "../../data/collections/types";
import { toForm } from "../collections/editor/editorModel";
import { buildExportPayload, EXPORT_FILE_NAME, exportText, stripTimestamps } from "./exportModel";

const col = (id: string, name: string): Collection => ({
  ...toForm(null),
  id,
  name,
  created: "2024-01-01 00:00:00.000Z",
  updated: "2024-01-02 00:00:00.000Z",
  schema: [{ id: "f1", name: "title", type: "text", system: false, required: false, presentable: false, options: {} }],
});

describe("export payload", () => {
  const all = [col("a1", "posts"), col("b2", "tags"), col("c3", "users")];

  it("keeps only the selected collections, in list order, without created/updated", () => {
    const payload = buildExportPayload(all, new Set(["c3", "a1"]));
    expect(payload.map((c) => c.name)).toEqual(["posts", "users"]);
    for (const c of payload) {
      expect(c).not.toHaveProperty("created");
      expect(c).not.toHaveProperty("updated");
      expect(c.schema[0].name).toBe("title");
    }
  });

  it("is empty with nothing selected", () => {
    expect(buildExportPayload(all, new Set())).toEqual([]);
    expect(exportText([])).toBe("[]");
  });

  it("does not mutate the loaded collections", () => {
    buildExportPayload(all, new Set(["a1"]));
    expect(all[0].created).toBe("2024-01-01 00:00:00.000Z");
    expect(stripTimestamps({ created: 1, updated: 2, id: "x" })).toEqual({ id: "x" });
  });

  it("prints the payload as indented JSON that parses back to it, under the schema file name", () => {
    const payload = buildExportPayload(all, new Set(["b2"]));
    const text = exportText(payload);
    expect(text).toContain('\n  {\n    "id": "b2"');
    expect(JSON.parse(text)).toEqual(payload);
    expect(EXPORT_FILE_NAME).toBe("pb_schema.json");
  });
});
