import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import ts from "typescript";

/** One relative import of a file: where it points and whether it carries only types. */
export interface ImportEdge {
  to: string;
  typeOnly: boolean;
}

/** Source files (relative to root, "/"-separated) and the files each imports. */
export type ImportGraph = Map<string, ImportEdge[]>;

/** The non-test .ts files under root, recursively. */
export function sourceFiles(root: string): string[] {
  const out: string[] = [];
  const walk = (dir: string): void => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (entry.name.endsWith(".ts") && !entry.name.endsWith(".test.ts") && !entry.name.endsWith(".d.ts")) out.push(full);
    }
  };
  walk(root);
  return out.map((f) => path.relative(root, f).split(path.sep).join("/")).sort();
}

/**
 * The import graph of root's source files: static `import … from`, bare `import "…"`,
 * `export … from`, dynamic `import("…")` and `import("…").T` type references. Only relative
 * specifiers count (packages cannot close a cycle); "./x.js" resolves to "./x.ts".
 * Parsed with the TypeScript parser so specifiers inside strings and comments are not edges.
 */
export function importGraph(root: string): ImportGraph {
  const graph: ImportGraph = new Map();
  for (const file of sourceFiles(root)) {
    const text = readFileSync(path.join(root, file), "utf8");
    const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, false, ts.ScriptKind.TS);
    const edges: ImportEdge[] = [];
    const add = (specifier: string, typeOnly: boolean): void => {
      const to = resolve(root, file, specifier);
      if (to) edges.push({ to, typeOnly });
    };
    const visit = (node: ts.Node): void => {
      if (ts.isImportDeclaration(node) && ts.isStringLiteral(node.moduleSpecifier)) {
        add(node.moduleSpecifier.text, importIsTypeOnly(node));
      } else if (ts.isExportDeclaration(node) && node.moduleSpecifier && ts.isStringLiteral(node.moduleSpecifier)) {
        add(node.moduleSpecifier.text, node.isTypeOnly);
      } else if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword) {
        const arg = node.arguments[0];
        if (arg && ts.isStringLiteralLike(arg)) add(arg.text, false);
      } else if (ts.isImportTypeNode(node) && ts.isLiteralTypeNode(node.argument) && ts.isStringLiteral(node.argument.literal)) {
        add(node.argument.literal.text, true);
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
    graph.set(file, edges);
  }
  return graph;
}

function importIsTypeOnly(node: ts.ImportDeclaration): boolean {
  const clause = node.importClause;
  if (!clause) return false; // `import "./x.js"` runs the module
  if (clause.isTypeOnly) return true;
  if (clause.name) return false;
  const bindings = clause.namedBindings;
  return !!bindings && ts.isNamedImports(bindings) && bindings.elements.length > 0 && bindings.elements.every((e) => e.isTypeOnly);
}

function resolve(root: string, from: string, specifier: string): string | undefined {
  if (!specifier.startsWith(".")) return undefined;
  const target = path.posix.normalize(path.posix.join(path.posix.dirname(from), specifier));
  for (const candidate of [target.replace(/\.js$/, ".ts"), `${target}.ts`, `${target}/index.ts`]) {
    if (existsSync(path.join(root, candidate))) return candidate;
  }
  return undefined;
}

/**
 * Every import cycle, one per strongly connected component of the graph (Tarjan), each
 * given as a closed path through the component: ["a.ts", "b.ts", "a.ts"].
 */
export function importCycles(graph: ImportGraph, keep: (edge: ImportEdge) => boolean = () => true): string[][] {
  const next = (file: string): string[] => (graph.get(file) ?? []).filter(keep).map((e) => e.to);
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const components: string[][] = [];
  let counter = 0;
  const connect = (file: string): void => {
    index.set(file, counter);
    low.set(file, counter);
    counter++;
    stack.push(file);
    onStack.add(file);
    for (const to of next(file)) {
      if (!index.has(to)) {
        connect(to);
        low.set(file, Math.min(low.get(file)!, low.get(to)!));
      } else if (onStack.has(to)) {
        low.set(file, Math.min(low.get(file)!, index.get(to)!));
      }
    }
    if (low.get(file) === index.get(file)) {
      const component: string[] = [];
      let member: string;
      do {
        member = stack.pop()!;
        onStack.delete(member);
        component.push(member);
      } while (member !== file);
      if (component.length > 1 || next(file).includes(file)) components.push(component);
    }
  };
  for (const file of [...graph.keys()].sort()) if (!index.has(file)) connect(file);
  return components.map((c) => cycleThrough(new Set(c), [...c].sort()[0]!, next));
}

/** A shortest closed path from start back to start inside one component (breadth first). */
function cycleThrough(component: Set<string>, start: string, next: (file: string) => string[]): string[] {
  const parent = new Map<string, string>();
  const queue = [start];
  while (queue.length > 0) {
    const file = queue.shift()!;
    for (const to of next(file)) {
      if (!component.has(to)) continue;
      if (to === start) {
        const pathBack = [file];
        while (pathBack[0] !== start) pathBack.unshift(parent.get(pathBack[0]!)!);
        return [...pathBack, start];
      }
      if (!parent.has(to)) {
        parent.set(to, file);
        queue.push(to);
      }
    }
  }
  return [start, start];
}
