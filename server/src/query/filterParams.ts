/**
 * A filter with the reference's named placeholders (`{:name}`, as `findRecordsByFilter(…, params)`
 * takes them) replaced by literals of their values: text quoted (quotes escaped), numbers and
 * booleans as written, null as null, anything else as its JSON text. Unknown names stay as written
 * (the parser then reports them, as the reference's does).
 */
export function bindFilterParams(filter: string, params: Readonly<Record<string, unknown>>): string {
  return filter.replace(/\{:(\w+)\}/g, (whole, name: string) => {
    if (!Object.prototype.hasOwnProperty.call(params, name)) return whole;
    return literal(params[name]);
  });
}

function literal(v: unknown): string {
  if (v === null || v === undefined) return "null";
  if (typeof v === "number") return Number.isFinite(v) ? String(v) : "null";
  if (typeof v === "boolean") return v ? "true" : "false";
  const text = typeof v === "string" ? v : JSON.stringify(v);
  return `'${text.replace(/'/g, "\\'")}'`;
}
