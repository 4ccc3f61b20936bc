import { decodeInto, LoadError, parseFirstJsonValue, type FieldKind, type Shape } from "./goJson.js";

type Obj = Record<string, unknown>;

/**
 * Reads a raw request body into `target` (mutated) following `shape`, accepting what the
 * reference accepts: an empty body (no change), JSON (see goJson.ts), or a urlencoded form
 * for flat fields. Any other non-empty body, or a value of the wrong type, throws LoadError.
 */
export function decodeRequestBody(contentType: string | undefined, raw: string | undefined, shape: Shape, target: Obj): void {
  if (raw === undefined || raw === "") return;
  const type = (contentType ?? "").split(";")[0].trim().toLowerCase();
  if (type.startsWith("application/json")) {
    decodeInto(shape, target, parseFirstJsonValue(raw));
    return;
  }
  if (type === "application/x-www-form-urlencoded") {
    decodeForm(shape, target, new URLSearchParams(raw));
    return;
  }
  throw new LoadError(`unsupported content type ${type || "(none)"}`);
}

function decodeForm(shape: Shape, target: Obj, params: URLSearchParams): void {
  const fields = Object.keys(shape);
  for (const key of new Set(params.keys())) {
    const field = fields.find((f) => f.toLowerCase() === key.toLowerCase());
    if (field === undefined) continue;
    target[field] = formValue(shape[field], params.getAll(key));
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
