/**
 * JSON text carried through as written: a json field's value is its stored text, and answers
 * splice that text in (compacted) instead of parsing and re-encoding it, so numbers, key order,
 * duplicate keys and escapes come back exactly as stored, and a read costs no parse.
 *
 * Splicing works inside `stringifyJson` (tools/json.ts), which every answer goes through:
 * while it runs, `toJSON` hands out a placeholder string and remembers the text; the
 * placeholders are then replaced by the texts. The placeholder holds a NUL character and a
 * random per-process key, so no stored string can be mistaken for one. Anywhere else
 * (a plain JSON.stringify), `toJSON` gives the parsed value.
 */
export class RawJson {
  /**
   * `text`: the value as stored; `json`: the same, compacted with Go's escaping of <, > and &
   * (what answers show), or null when `text` is not valid JSON (a value validation refuses).
   */
  constructor(
    readonly text: string,
    readonly json: string | null,
  ) {}

  toJSON(): unknown {
    if (this.json === null) return this.text;
    if (sink) return MARK + (sink.push(this.json) - 1);
    return JSON.parse(this.json) as unknown;
  }
}

const KEY = Math.random().toString(36).slice(2, 14).padEnd(12, "0");
const MARK = `\u0000${KEY}:`;
/** A placeholder as JSON.stringify writes it. */
const MARK_RE = new RegExp(`"\\\\u0000${KEY}:(\\d+)"`, "g");

let sink: string[] | null = null;

/** Runs a JSON encoder (synchronous) with RawJson values spliced into its output verbatim. */
export function withRawJson(encode: () => string): string {
  const outer = sink;
  const texts: string[] = [];
  sink = texts;
  let out: string;
  try {
    out = encode();
  } finally {
    sink = outer;
  }
  return texts.length === 0 || typeof out !== "string" ? out : out.replace(MARK_RE, (_m, i: string) => texts[Number(i)]!);
}
