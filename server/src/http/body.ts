import { ApiError } from "../tools/errors.js";

/**
 * What the body parser stores for a malformed body: each endpoint then answers with its
 * own "could not load" message, as the reference's forms do.
 */
export const INVALID_BODY = Symbol("invalid body");

export type FieldKind = "string" | "int" | "number" | "bool" | "any";

/**
 * Reads declared fields from a request body with Go-like strictness: a value of the
 * wrong JSON type fails the whole body (as the reference's JSON decoding does), null
 * and missing fields become undefined, and undeclared fields are ignored.
 */
export function readBody<S extends Record<string, FieldKind>>(
  body: unknown,
  shape: S,
  message = "Failed to load the submitted data due to invalid formatting.",
): { [K in keyof S]?: S[K] extends "string" ? string : S[K] extends "bool" ? boolean : S[K] extends "any" ? unknown : number } {
  if (body === INVALID_BODY) throw new ApiError(400, message);
  const src = (typeof body === "object" && body !== null && !Array.isArray(body) ? body : {}) as Record<string, unknown>;
  if (typeof body !== "object" || body === null || Array.isArray(body)) {
    if (body !== undefined && body !== null) throw new ApiError(400, message);
  }
  const out: Record<string, unknown> = {};
  for (const [key, kind] of Object.entries(shape)) {
    const v = src[key];
    if (v === undefined || v === null) continue;
    if (!matches(v, kind)) throw new ApiError(400, message);
    out[key] = v;
  }
  return out as never;
}

function matches(v: unknown, kind: FieldKind): boolean {
  switch (kind) {
    case "string":
      return typeof v === "string";
    case "int":
      return typeof v === "number" && Number.isInteger(v);
    case "number":
      return typeof v === "number" && Number.isFinite(v);
    case "bool":
      return typeof v === "boolean";
    default:
      return true;
  }
}

/** Multipart/urlencoded bodies carry text only; coerce declared numeric/bool fields like the reference does. */
export function coerceFormValues(body: Record<string, unknown>, shape: Record<string, FieldKind>): Record<string, unknown> {
  const out: Record<string, unknown> = { ...body };
  for (const [key, kind] of Object.entries(shape)) {
    const v = out[key];
    if (typeof v !== "string") continue;
    if (kind === "int" || kind === "number") out[key] = v === "" ? 0 : Number(v);
    if (kind === "bool") out[key] = v === "true" || v === "1";
  }
  return out;
}
