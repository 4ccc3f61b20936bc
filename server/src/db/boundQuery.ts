/**
 * A statement written with the reference's named placeholders (`{:name}`, as dbx's
 * `newQuery(sql).bind({...})` takes them) as positional `?` text and its values in order.
 * Placeholders inside quoted text are left alone. A name without a bound value throws.
 */
export function bindNamed(sql: string, params: Readonly<Record<string, unknown>>): { sql: string; params: unknown[] } {
  const values: unknown[] = [];
  let out = "";
  let quote: string | null = null;
  for (let i = 0; i < sql.length; i++) {
    const ch = sql[i]!;
    if (quote) {
      out += ch;
      if (ch === quote) quote = null;
      continue;
    }
    if (ch === "'" || ch === '"' || ch === "`") {
      quote = ch;
      out += ch;
      continue;
    }
    const m = ch === "{" ? /^\{:(\w+)\}/.exec(sql.slice(i)) : null;
    if (!m) {
      out += ch;
      continue;
    }
    const name = m[1]!;
    if (!Object.prototype.hasOwnProperty.call(params, name)) throw new Error(`Named parameter "${name}" is not bound.`);
    values.push(storable(params[name]));
    out += "?";
    i += m[0].length - 1;
  }
  return { sql: out, params: values };
}

/** A bound value as the driver takes it: booleans as 0/1, objects and arrays as JSON text (as dbx sends them). */
function storable(v: unknown): unknown {
  if (typeof v === "boolean") return v ? 1 : 0;
  if (v === undefined) return null;
  if (v !== null && typeof v === "object") return JSON.stringify(v);
  return v;
}
