import type { FastifyInstance } from "fastify";
import type { IncomingHttpHeaders } from "node:http";
import type { Readable } from "node:stream";
import type { CollectionModel } from "../models/collection.js";
import { uploadBaseName } from "../files/names.js";
import type { FilesService } from "../files/service.js";
import type { Upload } from "../records/form.js";
import type { SubmittedBody } from "../records/service.js";
import { uploadLimits } from "../records/uploadLimits.js";
import { INVALID_BODY } from "./body.js";
import { badRequest } from "../tools/errors.js";

const LOAD_MESSAGE = "Failed to load the submitted data due to invalid formatting.";
import { parseJsonStrict } from "../tools/json.js";
import { newId } from "../tools/random.js";
import { readMultipart, tooManyParts, type ParsedMultipart } from "./multipart.js";

/** Marks a multipart body the parser left unread (streamed once the route knows its collection). */
const MULTIPART = Symbol("multipart body");

interface PendingMultipart {
  [MULTIPART]: true;
  stream: Readable;
  headers: IncomingHttpHeaders;
}

const isPendingMultipart = (b: unknown): b is PendingMultipart => typeof b === "object" && b !== null && MULTIPART in b;

/** The records API's body parsers: JSON and multipart load; an empty body or any other type is the reference's load error. */
export function registerRecordBodyParsers(r: FastifyInstance): void {
  r.removeAllContentTypeParsers();
  r.addContentTypeParser("*", (_req, _payload, done) => done(null, INVALID_BODY));
  r.addContentTypeParser("application/json", { parseAs: "string" }, (_req, body, done) => {
    try {
      done(null, parseJsonStrict(body as string));
    } catch {
      done(null, INVALID_BODY);
    }
  });
  // Multipart bodies are not read here: the route streams them (decodeRecordBody) under
  // the limits of the collection it writes to.
  r.addContentTypeParser("multipart/form-data", (req, payload, done) => {
    done(null, { [MULTIPART]: true, stream: payload, headers: req.headers });
  });
}

/** A submitted body whose uploads may wait (temp files, S3 objects) until `dispose()`. */
export interface DecodedRecordBody extends SubmittedBody {
  /** Removes the body's uploads that no record took. */
  dispose(): Promise<void>;
}

const nothingToDispose = async () => undefined;

/**
 * A parsed body as the record service takes it: values (form fields, `@jsonPayload`) and
 * uploads by field. A multipart body is read now, its files spooled (temp files, or S3
 * objects under the record's folder) within the collection's limits (records/uploadLimits.ts).
 * `recordId`: the record updated; for a create, an id is picked now (the uploads stream
 * under it before an `id` field may arrive) and the body carries it as `recordId`.
 */
export async function decodeRecordBody(body: unknown, files: FilesService, c: CollectionModel, recordId?: string): Promise<DecodedRecordBody> {
  if (!isPendingMultipart(body)) return { data: body === undefined ? INVALID_BODY : body, files: new Map(), dispose: nothingToDispose };
  const id = recordId ?? newId();
  const spool = files.spool({ collectionId: c.id, recordId: id });
  try {
    const parsed = await readMultipart(body.stream, body.headers, uploadLimits(c), spool);
    return { ...formBody(parsed), recordId: id, dispose: () => spool.cleanup() };
  } catch (err) {
    await spool.cleanup();
    throw err;
  }
}

/** Runs `fn` over a decoded body, then removes what no record took of its uploads, whatever happened. */
export async function withRecordBody<T>(body: unknown, files: FilesService, c: CollectionModel, recordId: string | undefined, fn: (b: SubmittedBody) => Promise<T>): Promise<T> {
  const decoded = await decodeRecordBody(body, files, c, recordId);
  try {
    return await fn(decoded);
  } finally {
    await decoded.dispose();
  }
}

/** Values and uploads of a multipart form, with `@jsonPayload` merged over the values. */
function formBody(form: ParsedMultipart): SubmittedBody {
  const uploads = form.files.map((f): [string, Upload] => [
    f.field,
    { originalName: uploadBaseName(f.filename), data: f.spooled.file, size: f.spooled.size, head: f.spooled.head },
  ]);
  return assembleForm(form.values, uploads);
}

/**
 * A multipart body already held in memory (a batch request's part): its values and uploads
 * (as buffers). Record requests stream instead (decodeRecordBody).
 */
export async function decodeMultipart(contentType: string, raw: Buffer): Promise<SubmittedBody> {
  if (tooManyParts(contentType, raw)) throw badRequest(LOAD_MESSAGE);
  let form: FormData;
  try {
    form = await new Response(new Uint8Array(raw), { headers: { "content-type": contentType } }).formData();
  } catch {
    throw badRequest(LOAD_MESSAGE);
  }
  const values: [string, string][] = [];
  const uploads: [string, Upload][] = [];
  for (const [key, value] of form.entries()) {
    if (typeof value === "string") values.push([key, value]);
    else if (value.name !== "") uploads.push([key, { originalName: uploadBaseName(value.name), data: Buffer.from(await value.arrayBuffer()) }]);
  }
  return assembleForm(values, uploads);
}

/**
 * Form values (every `@jsonPayload` merged over them, in order) and uploads by field. A key
 * sent more than once holds the list of its values. `texts` keeps each text key's values
 * (the record form keeps the first of some; `@request.data` types them), but for keys a
 * payload set.
 */
function assembleForm(values: [string, string][], uploads: [string, Upload][]): SubmittedBody {
  const files = new Map<string, Upload[]>();
  const texts = new Map<string, string[]>();
  const payloads: string[] = [];
  for (const [key, value] of values) {
    if (key === "@jsonPayload") payloads.push(value);
    else texts.set(key, [...(texts.get(key) ?? []), value]);
  }
  const data: Record<string, unknown> = {};
  for (const [key, list] of texts) data[key] = list.length === 1 ? list[0] : list;
  for (const [field, upload] of uploads) files.set(field, [...(files.get(field) ?? []), upload]);
  for (const payload of payloads) {
    // A payload that is not a JSON object is ignored, as the reference does.
    let parsed: unknown;
    try {
      parsed = JSON.parse(payload);
    } catch {
      parsed = null;
    }
    if (!parsed || typeof parsed !== "object" || Array.isArray(parsed)) continue;
    Object.assign(data, parsed);
    for (const k of Object.keys(parsed)) texts.delete(k);
  }
  return { data, files, texts };
}
