import type { FastifyInstance, FastifyRequest } from "fastify";
import { LoadError, type Shape } from "../tools/goJson.js";
import { decodeRequestBody, type DecodeBodyOptions } from "../tools/requestBody.js";
import { badRequest } from "../tools/errors.js";

/**
 * What the body parser stores for a malformed body: each endpoint then answers with its
 * own "could not load" message, as the reference's forms do.
 */
export const INVALID_BODY = Symbol("invalid body");

/** Makes a plugin's routes receive the raw text of any body; they decode it with the reference's strictness. */
export function keepRawBodies(r: FastifyInstance): void {
  r.removeAllContentTypeParsers();
  r.addContentTypeParser("*", { parseAs: "string" }, (_req, body, done) => done(null, body));
}

/** The raw text a `keepRawBodies` plugin received (undefined without a body). */
export const rawBody = (req: FastifyRequest): string | undefined => (typeof req.body === "string" ? req.body : undefined);

/** Turns a decoding failure into the given 400. */
export function loading<T>(message: string, fn: () => T): T {
  try {
    return fn();
  } catch (err) {
    if (err instanceof LoadError) throw badRequest(message);
    throw err;
  }
}

/**
 * Reads a flat form from a raw body (see tools/requestBody.ts) over `initial`; a body that
 * does not decode is a 400 with `message`.
 */
export function readForm<T extends object>(req: FastifyRequest, shape: Shape, initial: T, message: string, opts?: DecodeBodyOptions): T {
  const target = { ...initial };
  loading(message, () => decodeRequestBody(req.headers["content-type"], rawBody(req), shape, target as Record<string, unknown>, opts));
  return target;
}

/** A lazy form reader: services call it after their access checks, so a bad body never hides a 401 or 404. */
export function formOf<T extends object>(req: FastifyRequest, shape: Shape, message: string): () => T {
  return () => readForm(req, shape, {}, message, { lenient: true }) as T;
}
