import type { FastifyInstance } from "fastify";
import { uploadBaseName } from "../files/names.js";
import type { Upload } from "../records/form.js";
import type { SubmittedBody } from "../records/service.js";
import { ApiError } from "../tools/errors.js";
import { INVALID_BODY } from "./body.js";

const LOAD_MESSAGE = "Failed to load the submitted data due to invalid formatting.";

/** Marks a multipart body the parser kept undecoded (decoded once the route runs). */
const MULTIPART = Symbol("multipart body");

interface RawMultipart {
  [MULTIPART]: true;
  contentType: string;
  raw: Buffer;
}

const isRawMultipart = (b: unknown): b is RawMultipart => typeof b === "object" && b !== null && MULTIPART in b;

/** The records API's body parsers: JSON and multipart load; an empty body or any other type is the reference's load error. */
export function registerRecordBodyParsers(r: FastifyInstance): void {
  r.removeAllContentTypeParsers();
  r.addContentTypeParser("*", (_req, _payload, done) => done(null, INVALID_BODY));
  r.addContentTypeParser("application/json", { parseAs: "string" }, (_req, body, done) => {
    try {
      done(null, JSON.parse(body as string));
    } catch {
      done(null, INVALID_BODY);
    }
  });
  // Multipart bodies are read whole (within the server's body limit) and decoded by decodeRecordBody.
  r.addContentTypeParser("multipart/form-data", { parseAs: "buffer" }, (req, body, done) => {
    done(null, { [MULTIPART]: true, contentType: req.headers["content-type"] ?? "", raw: body as Buffer });
  });
}

/** A parsed body as the record service takes it: values (form fields, `@jsonPayload`) and uploads by field. */
export async function decodeRecordBody(body: unknown): Promise<SubmittedBody> {
  if (!isRawMultipart(body)) return { data: body === undefined ? INVALID_BODY : body, files: new Map() };
  return decodeMultipart(body.contentType, body.raw);
}

/** A multipart body's values (form fields merged with `@jsonPayload`) and its uploads by form key. */
export async function decodeMultipart(contentType: string, raw: Buffer): Promise<SubmittedBody> {
  const files = new Map<string, Upload[]>();
  let form: FormData;
  try {
    form = await new Response(new Uint8Array(raw), { headers: { "content-type": contentType } }).formData();
  } catch {
    throw new ApiError(400, LOAD_MESSAGE);
  }
  const data: Record<string, unknown> = {};
  const add = (k: string, v: unknown) => {
    if (!(k in data)) data[k] = v;
    else if (Array.isArray(data[k])) (data[k] as unknown[]).push(v);
    else data[k] = [data[k], v];
  };
  let payload: string | undefined;
  for (const [key, value] of form.entries()) {
    if (typeof value !== "string") {
      if (value.name === "") continue;
      const list = files.get(key) ?? [];
      list.push({ originalName: uploadBaseName(value.name), data: Buffer.from(await value.arrayBuffer()) });
      files.set(key, list);
    } else if (key === "@jsonPayload") {
      payload = value;
    } else add(key, value);
  }
  if (payload !== undefined) {
    // A payload that is not a JSON object is ignored, as the reference does.
    let parsed: unknown;
    try {
      parsed = JSON.parse(payload);
    } catch {
      parsed = null;
    }
    if (parsed && typeof parsed === "object" && !Array.isArray(parsed)) Object.assign(data, parsed);
  }
  return { data, files, multipart: true };
}
