import { splitTopLevel } from "./sqlText";

/** Column names of a view query's top-level SELECT, as the server names its fields. */
const SYSTEM_COLUMNS = new Set(["id", "created", "updated"]);

function unquote(s: string): string {
  return s.replace(/^[`"[']|[`"\]']$/g, "");
}

/** Finds the select list between the first SELECT and its FROM at depth 0. */
function selectList(query: string): string {
  const q = query.trim();
  const m = /^\s*select\s+(distinct\s+)?/i.exec(q);
  if (!m) return "";
  let depth = 0;
  let quote = "";
  for (let i = m[0].length; i < q.length; i++) {
    const ch = q[i];
    if (quote) {
      if (ch === quote) quote = "";
      continue;
    }
    if (ch === "'" || ch === '"' || ch === "`") quote = ch;
    else if (ch === "(") depth++;
    else if (ch === ")") depth--;
    else if (depth === 0 && /\sfrom\s/i.test(q.slice(i - 1, i + 5))) return q.slice(m[0].length, i).trim();
  }
  return q.slice(m[0].length).trim();
}

/** Every column of the view's select list in order (alias, else the column, else the expression; `*` stays). */
function selectedNames(query: string): string[] {
  return splitTopLevel(selectList(query)).map((col) => {
    const alias = /\s+as\s+([`"[]?[\w]+[`"\]]?)$/i.exec(col);
    if (alias) return unquote(alias[1]);
    const plain = /^(?:[`"[]?\w+[`"\]]?\.)?([`"[]?\w+[`"\]]?)$/.exec(col);
    if (plain) return unquote(plain[1]);
    return col;
  });
}

/** The view's non-system columns in order. */
export function viewColumns(query: string): string[] {
  return selectedNames(query).filter((name) => !SYSTEM_COLUMNS.has(name.toLowerCase()));
}

/** Whether the view's records have this column: selected by that name, or possibly through a `*`. */
export function viewSelects(query: string, name: string): boolean {
  return selectedNames(query).some((col) => col.toLowerCase() === name.toLowerCase() || /(^|\.)\*$/.test(col));
}

/** The error list under the view query editor: the query message, the schema message, or 'column: message' per column. */
export function viewQueryErrors(errors: Record<string, unknown>, query: string): string[] {
  const out: string[] = [];
  const options = (errors.options ?? {}) as Record<string, { message?: string } | undefined>;
  if (options.query?.message) out.push(options.query.message);
  const schema = errors.schema as Record<string, unknown> | undefined;
  if (!schema || typeof schema !== "object") return out;
  if (typeof schema.message === "string") {
    out.push(schema.message);
    return out;
  }
  const cols = viewColumns(query);
  for (const [k, v] of Object.entries(schema)) {
    const entry = v as Record<string, { message?: string }> | undefined;
    if (!entry || typeof entry !== "object") continue;
    const msg = entry.name?.message ?? Object.values(entry).find((x) => x && typeof x === "object" && "message" in x)?.message ?? "Invalid value";
    const col = cols[Number(k)] ?? `column ${Number(k) + 1}`;
    out.push(`${col}: ${msg}`);
  }
  return out;
}
