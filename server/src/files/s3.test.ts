import S3rver from "s3rver";
import { GetObjectCommand, HeadObjectCommand } from "@aws-sdk/client-s3";
import { Readable } from "node:stream";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readAll } from "./filesystem.js";
import { pathEscape, S3FileSystem, type S3Options } from "./s3.js";
import { cleanupTempDirs, tempDir } from "../../test/support/dataDirs.js";
import { freePort } from "../../test/support/ports.js";
import { fileSystemContract } from "../../test/support/filesContract.js";

let server: S3rver;
let opts: S3Options;
let bucketNo = 0;

beforeAll(async () => {
  const port = await freePort();
  const buckets = Array.from({ length: 12 }, (_, i) => ({ name: `bucket${i}` }));
  server = new S3rver({ address: "127.0.0.1", port, silent: true, directory: tempDir("s3rver-"), configureBuckets: buckets, vhostBuckets: false });
  await server.run();
  opts = { endpoint: `http://127.0.0.1:${port}`, region: "us-east-1", bucket: "", accessKey: "S3RVER", secret: "S3RVER", forcePathStyle: true };
});

afterAll(async () => {
  await server?.close();
  cleanupTempDirs();
});

/** Each test gets its own bucket so listings do not see each other. */
const fresh = async (extra: Partial<S3Options> = {}) => new S3FileSystem({ ...opts, bucket: `bucket${bucketNo++}`, ...extra });

describe("S3FileSystem contract (s3rver)", () => {
  fileSystemContract(fresh);
});

describe("S3FileSystem specifics", () => {
  it("escapes metadata values like the reference (Go's url.PathEscape)", () => {
    expect(pathEscape("Hello World.TXT")).toBe("Hello%20World.TXT");
    expect(pathEscape("a/b?c#d%e")).toBe("a%2Fb%3Fc%23d%25e");
    expect(pathEscape("x+y=z@w:v;u,t$s&r~q_p-o.n")).toBe("x+y=z@w:v;u,t$s&r~q_p-o.n");
    expect(pathEscape("é")).toBe("%C3%A9");
  });

  it("stores the content type and metadata on the object itself", async () => {
    const fs = await fresh();
    await fs.put("c/r/a.png", Buffer.from("png"), "image/png", { metadata: { "original-filename": "Ä b.png" } });
    const head = await fs.client.send(new HeadObjectCommand({ Bucket: fs.bucket, Key: "c/r/a.png" }));
    expect(head.ContentType).toBe("image/png");
    expect(head.Metadata).toEqual({ "original-filename": "%C3%84%20b.png" });
    const get = await fs.client.send(new GetObjectCommand({ Bucket: fs.bucket, Key: "c/r/a.png" }));
    expect(await get.Body!.transformToString()).toBe("png");
    await fs.close();
  });

  it("uploads large streams in parts", async () => {
    const fs = await fresh({ partSize: 64 * 1024 });
    const data = Buffer.from(Array.from({ length: 200 * 1024 + 17 }, (_, i) => (i * 7) % 251));
    const chunks = [];
    for (let i = 0; i < data.length; i += 10_000) chunks.push(data.subarray(i, i + 10_000));
    await fs.put("c/r/big.bin", Readable.from(chunks), "application/octet-stream");
    expect((await fs.stat("c/r/big.bin")).size).toBe(data.length);
    expect((await readAll(fs, "c/r/big.bin")).equals(data)).toBe(true);
    // Exactly one part's worth goes up in a single PUT.
    await fs.put("c/r/one.bin", Readable.from([data.subarray(0, 64 * 1024)]), "application/octet-stream");
    expect((await fs.stat("c/r/one.bin")).size).toBe(64 * 1024);
    await fs.close();
  });

  it("validates keys like the local storage", async () => {
    const fs = await fresh();
    await expect(fs.put("../x", Buffer.from("x"), "text/plain")).rejects.toThrow(/invalid file key/);
    await expect(fs.deletePrefix("")).rejects.toThrow(/invalid file key/);
    await fs.close();
  });

  it("reports an unreachable endpoint as an error, not as a missing file", async () => {
    const fs = new S3FileSystem({ ...opts, bucket: "bucket0", endpoint: `http://127.0.0.1:${await freePort()}` });
    await expect(fs.stat("c/r/x")).rejects.not.toHaveProperty("code", "ENOENT");
    await fs.close();
  });
});
