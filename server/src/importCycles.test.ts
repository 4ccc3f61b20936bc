import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { importCycles, importGraph, type ImportGraph } from "../test/support/importGraph.js";

const SRC = path.dirname(fileURLToPath(import.meta.url));

/** Who may import the composition root: itself, the CLI, the HTTP layer. */
const MAY_IMPORT_APP = (file: string) => file === "cli.ts" || file.startsWith("cli/") || file.startsWith("http/");

/** The layers of server/src/README.md, lowest first; anything else is a domain folder (2), then app.ts, cli/ and http/. */
function layer(file: string): number {
  if (["models/", "fields/", "tools/"].some((p) => file.startsWith(p))) return 0;
  if (["db/", "query/", "auth/", "events/"].some((p) => file.startsWith(p))) return 1;
  if (file === "app.ts") return 3;
  if (file === "cli.ts" || file.startsWith("cli/") || file.startsWith("http/")) return 4;
  return 2;
}

// Type-only imports count as edges: a domain file that names `App` in a type still depends on
// everything the composition root wires, and layering is about what a module must know.
const graph = importGraph(SRC);

describe("the import graph of server/src", () => {
  it("has no import cycle", () => {
    const cycles = importCycles(graph).map((c) => c.join(" -> "));
    expect(cycles).toEqual([]);
  });

  it("has no file outside cli/ and http/ importing app.ts", () => {
    const importers = [...graph].filter(([file, edges]) => !MAY_IMPORT_APP(file) && edges.some((e) => e.to === "app.ts")).map(([file]) => file);
    expect(importers).toEqual([]);
  });

  it("has every import pointing down the layers (or across one)", () => {
    const upward = [...graph].flatMap(([file, edges]) => edges.filter((e) => layer(e.to) > layer(file)).map((e) => `${file} -> ${e.to}`));
    expect(upward).toEqual([]);
  });
});

describe("the scanner", () => {
  const graphOf = (edges: Record<string, string[]>): ImportGraph =>
    new Map(Object.entries(edges).map(([file, to]) => [file, to.map((t) => ({ to: t, typeOnly: false }))]));

  it("finds a cycle through several files, a self-import, and none in a DAG", () => {
    const g = graphOf({ "a.ts": ["b.ts"], "b.ts": ["c.ts"], "c.ts": ["a.ts"], "d.ts": ["d.ts"], "e.ts": ["a.ts"] });
    expect(importCycles(g)).toEqual(expect.arrayContaining([["a.ts", "b.ts", "c.ts", "a.ts"], ["d.ts", "d.ts"]]));
    expect(importCycles(g)).toHaveLength(2);
    expect(importCycles(graphOf({ "a.ts": ["b.ts", "c.ts"], "b.ts": ["c.ts"], "c.ts": [] }))).toEqual([]);
  });

  it("reads static, re-export, type-only and dynamic imports of the real tree", () => {
    // app.ts imports its services by value; cli.ts loads cli/serve.ts with import().
    expect(graph.get("app.ts")!.some((e) => e.to === "records/service.ts" && !e.typeOnly)).toBe(true);
    expect(graph.get("cli.ts")!.some((e) => e.to === "cli/serve.ts")).toBe(true);
    expect([...graph.values()].flat().some((e) => e.typeOnly)).toBe(true);
    expect(graph.has("importCycles.test.ts")).toBe(false);
  });
});
