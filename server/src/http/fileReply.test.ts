import Fastify, { type FastifyInstance } from "fastify";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LocalFileSystem } from "../files/local.js";
import { dropFileHeaders, sendServeResult } from "./fileReply.js";
import { serveFile } from "./fileServe.js";
import { cleanupTempDirs, tempDir } from "../../test/support/dataDirs.js";

let app: FastifyInstance;

beforeAll(async () => {
  const fs = new LocalFileSystem(path.join(tempDir("cairn-reply-"), "storage"));
  await fs.put("c/r/a.txt", Buffer.from("0123456789"), "text/plain; charset=utf-8");
  app = Fastify();
  app.addHook("onRequest", async (_req, reply) => {
    reply.header("X-Frame-Options", "SAMEORIGIN");
  });
  const handler = async (req: import("fastify").FastifyRequest, reply: import("fastify").FastifyReply) => {
    const res = await serveFile(fs, `c/r/${(req.params as { f: string }).f}`, { method: req.method, headers: req.headers });
    if (!res) {
      dropFileHeaders(reply);
      return reply.status(404).send({ code: 404 });
    }
    return sendServeResult(reply, res);
  };
  app.get("/auto/:f", handler); // HEAD route added by fastify
  app.route({ method: ["GET", "HEAD"], url: "/explicit/:f", handler, exposeHeadRoute: false });
});

afterAll(async () => {
  await app.close();
  cleanupTempDirs();
});

describe("sendServeResult", () => {
  it.each(["/auto/a.txt", "/explicit/a.txt"])("sends files, ranges and HEAD answers (%s)", async (url) => {
    const get = await app.inject({ url });
    expect(get.statusCode).toBe(200);
    expect(get.body).toBe("0123456789");
    expect(get.headers["x-frame-options"]).toBeUndefined();
    expect(get.headers["content-type"]).toBe("text/plain; charset=utf-8");
    const head = await app.inject({ url, method: "HEAD" });
    expect(head.statusCode).toBe(200);
    expect(head.headers["content-length"]).toBe("10");
    expect(head.body).toBe("");
    const range = await app.inject({ url, headers: { range: "bytes=2-4" } });
    expect([range.statusCode, range.body, range.headers["content-range"]]).toEqual([206, "234", "bytes 2-4/10"]);
    const bad = await app.inject({ url, headers: { range: "bytes=20-" } });
    expect([bad.statusCode, bad.body, bad.headers["content-length"]]).toEqual([416, "invalid range: failed to overlap\n", "33"]);
    const lm = get.headers["last-modified"] as string;
    const notModified = await app.inject({ url, headers: { "if-modified-since": lm } });
    expect([notModified.statusCode, notModified.body, notModified.headers["content-type"]]).toEqual([304, "", undefined]);
    const failed = await app.inject({ url, headers: { "if-match": '"x"' } });
    expect([failed.statusCode, failed.body, failed.headers["content-length"]]).toEqual([412, "", "0"]);
  });

  it("drops X-Frame-Options from the storage 404 too", async () => {
    const res = await app.inject({ url: "/auto/missing.txt" });
    expect(res.statusCode).toBe(404);
    expect(res.headers["x-frame-options"]).toBeUndefined();
  });
});
