import type { Upload } from "../records/form.js";
import { badRequest, fieldError, type FieldErrors, ValidationError } from "../tools/errors.js";

/** One sub-request of a batch, checked and resolved to a records API action. */
export interface BatchOp {
  index: number;
  action: "create" | "upsert" | "update" | "delete";
  collection: string;
  id?: string;
  query: Record<string, unknown>;
  /** The sub-request's own headers (lower-cased), merged over the batch request's for `@request.headers`. */
  headers: Record<string, string>;
  data: unknown;
  files: Map<string, Upload[]>;
}

/** The record an upsert names (its body's `id`): updated when it exists, else created. */
export function upsertId(op: BatchOp): string | undefined {
  const given = op.data && typeof op.data === "object" && !Array.isArray(op.data) ? (op.data as { id?: unknown }).id : undefined;
  return typeof given === "string" && given !== "" ? given : undefined;
}

export const LOAD_MESSAGE = "Failed to load the submitted data due to invalid formatting.";
const INVALID = "Something went wrong while processing your request.";

const RECORDS_PATH = /^\/api\/collections\/([^/]+)\/records(?:\/([^/]+))?\/?$/;

/** Which action a method does on the collection path (no id) or the record path (id). */
const ACTIONS: Record<string, { list?: BatchOp["action"]; one?: BatchOp["action"] }> = {
  POST: { list: "create" },
  PUT: { list: "upsert" },
  PATCH: { one: "update" },
  DELETE: { one: "delete" },
};

const decode = (s: string): string | null => {
  try {
    return decodeURIComponent(s);
  } catch {
    return null;
  }
};

/** The query of a sub-request URL as the records API reads it (repeated keys become lists). */
function queryOf(params: URLSearchParams): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of params) {
    const prev = out[k];
    out[k] = prev === undefined ? v : Array.isArray(prev) ? [...prev, v] : [prev, v];
  }
  return out;
}

/** Uploads sent as `requests.N.field` (the v0.23 SDK's names; `requests[N].field` too), by request index. */
function filesByRequest(files: Map<string, Upload[]>): Map<number, Map<string, Upload[]>> {
  const out = new Map<number, Map<string, Upload[]>>();
  for (const [key, list] of files) {
    const m = /^requests(?:\.(\d+)\.|\[(\d+)\]\.?)(.+)$/.exec(key);
    if (!m) continue;
    const i = Number(m[1] ?? m[2]);
    const field = m[3];
    const byField = out.get(i) ?? new Map<string, Upload[]>();
    byField.set(field, [...(byField.get(field) ?? []), ...list]);
    out.set(i, byField);
  }
  return out;
}

/**
 * Reads a batch body `{requests: [{method, url, headers?, body?}]}`: a body that is not an
 * object or `requests` that is not a list is the load error; an empty or too long list, a
 * method other than POST/PUT/PATCH/DELETE or a URL outside the records API are field errors
 * under `requests` (nothing runs).
 */
export function parseBatch(body: unknown, files: Map<string, Upload[]>, maxRequests: number): BatchOp[] {
  if (!body || typeof body !== "object" || Array.isArray(body)) throw badRequest(LOAD_MESSAGE);
  const list = (body as { requests?: unknown }).requests;
  if (list !== undefined && list !== null && !Array.isArray(list)) throw badRequest(LOAD_MESSAGE);
  const reqs = (list ?? []) as unknown[];
  if (reqs.length === 0) throw new ValidationError(INVALID, { requests: fieldError("validation_required", "Cannot be blank.") });
  if (reqs.length > maxRequests) {
    throw new ValidationError(INVALID, { requests: fieldError("validation_length_too_long", `The length must be no more than ${maxRequests}.`) });
  }
  const uploads = filesByRequest(files);
  const errors: FieldErrors = {};
  const ops: BatchOp[] = [];
  reqs.forEach((raw, index) => {
    const e: FieldErrors = {};
    const r = raw && typeof raw === "object" && !Array.isArray(raw) ? (raw as Record<string, unknown>) : {};
    const method = typeof r.method === "string" ? r.method.toUpperCase() : "";
    const url = typeof r.url === "string" ? r.url : "";
    const actions = ACTIONS[method];
    if (method === "") e.method = fieldError("validation_required", "Cannot be blank.");
    else if (!actions) e.method = fieldError("validation_in_invalid", "Must be a valid value.");
    let parsed: URL | null = null;
    try {
      parsed = url ? new URL(url, "http://batch.invalid") : null;
    } catch {
      parsed = null;
    }
    const m = parsed && parsed.origin === "http://batch.invalid" ? RECORDS_PATH.exec(parsed.pathname) : null;
    const collection = m ? decode(m[1]) : null;
    const id = m?.[2] !== undefined ? decode(m[2]) : undefined;
    const action = actions && m ? (id === undefined ? actions.list : actions.one) : undefined;
    if (url === "") e.url = fieldError("validation_required", "Cannot be blank.");
    else if (!m || collection === null || id === null) {
      e.url = fieldError("validation_invalid_batch_url", "Must be a records API URL (/api/collections/{collection}/records[/{id}]).");
    } else if (actions && !action) {
      e.method = fieldError("validation_invalid_batch_method", `${method} is not a records API action for this URL.`);
    }
    const headers: Record<string, string> = {};
    if (r.headers !== undefined && r.headers !== null) {
      if (typeof r.headers !== "object" || Array.isArray(r.headers)) e.headers = fieldError("validation_invalid_headers", "Must be an object of header values.");
      else for (const [k, v] of Object.entries(r.headers)) headers[k.toLowerCase()] = String(v);
    }
    if (Object.keys(e).length) {
      errors[String(index)] = e;
      return;
    }
    ops.push({
      index,
      action: action!,
      collection: collection!,
      id: id ?? undefined,
      query: queryOf(parsed!.searchParams),
      headers,
      data: r.body === undefined ? {} : r.body,
      files: uploads.get(index) ?? new Map(),
    });
  });
  if (Object.keys(errors).length) throw new ValidationError(INVALID, { requests: errors });
  return ops;
}
