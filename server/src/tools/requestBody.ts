import { decodeInto, LoadError, parseFirstJsonValue, type FieldKind, type Shape } from "./goJson.js";

type Obj = Record<string, unknown>;

export interface DecodeBodyOptions {
  /**
   * Read a blank body and content types other than JSON and urlencoded as "nothing sent"
   * instead of failing (the admin and record-auth forms answer with field errors then).
   */
  lenient?: boolean;
}

/**
 * The one request-body reader: reads a raw body into `target` (mutated) following `shape`,
 * accepting what the reference accepts: an empty body (no change), JSON (its first value,
 * with Go's strictness, see goJson.ts), a urlencoded form, or the text fields of a
 * multipart form. Any other non-empty body, or a value of the wrong type, throws LoadError.
 */
export function decodeRequestBody(contentType: string | undefined, raw: string | undefined, shape: Shape, target: Obj, opts: DecodeBodyOptions = {}): void {
  if (raw === undefined || raw === "") return;
  const type = mediaType(contentType);
  if (type.startsWith("application/json")) {
    if (opts.lenient && raw.trim() === "") return;
    decodeInto(shape, target, parseFirstJsonValue(raw));
    return;
  }
  if (type === "application/x-www-form-urlencoded") {
    decodeForm(shape, target, [...new URLSearchParams(raw)]);
    return;
  }
  if (opts.lenient) return;
  throw new LoadError(`unsupported content type ${type || "(none)"}`);
}

/** The media type of a Content-Type header, lowercased, without parameters. */
export function mediaType(contentType: string | undefined): string {
  return (contentType ?? "").split(";")[0].trim().toLowerCase();
}

/** The text parts of a multipart body (file parts are skipped). */
export function multipartFields(contentType: string, raw: string): [string, string][] {
  const boundary = /boundary=(?:"([^"]+)"|([^;]+))/i.exec(contentType);
  if (!boundary) throw new LoadError("missing boundary");
  const out: [string, string][] = [];
  for (const part of raw.split("--" + (boundary[1] ?? boundary[2]).trim())) {
    const sep = part.indexOf("\r\n\r\n");
    if (sep === -1) continue;
    const head = part.slice(0, sep);
    const name = /name="([^"]*)"/i.exec(head);
    if (!name || /filename=/i.test(head)) continue;
    out.push([name[1], part.slice(sep + 4).replace(/\r\n$/, "")]);
  }
  return out;
}

function decodeForm(shape: Shape, target: Obj, pairs: [string, string][]): void {
  const fields = Object.keys(shape);
  const byKey = new Map<string, string[]>();
  for (const [k, v] of pairs) byKey.set(k, [...(byKey.get(k) ?? []), v]);
  for (const [key, values] of byKey) {
    const field = fields.find((f) => f.toLowerCase() === key.toLowerCase());
    if (field === undefined) continue;
    target[field] = formValue(shape[field], values);
  }
}

function formValue(kind: FieldKind, values: string[]): unknown {
  const v = values[0] ?? "";
  switch (kind) {
    case "string":
      return v;
    case "stringList":
      return values;
    case "int":
      if (v === "") return 0;
      if (!/^[+-]?\d+$/.test(v)) throw new LoadError("expected an integer");
      return Number(v);
    case "bool":
    case "nullableBool": {
      if (v === "") return false;
      if (["1", "t", "T", "TRUE", "true", "True"].includes(v)) return true;
      if (["0", "f", "F", "FALSE", "false", "False"].includes(v)) return false;
      throw new LoadError("expected a boolean");
    }
    default:
      throw new LoadError("a group cannot be set from a form field");
  }
}
