import { randomBytes } from "node:crypto";
import { afterAll, expect, it } from "vitest";
import { download, upload, zipOf } from "../../test/support/backups.js";
import { adminToken } from "../../test/support/client.js";
import { cairnDataDir, cleanupTempDirs } from "../../test/support/dataDirs.js";
import { startCairn } from "../../test/support/servers.js";

afterAll(() => cleanupTempDirs());

it("uploads and downloads archives larger than the request body limit, byte for byte", async () => {
  const cairn = await startCairn(await cairnDataDir());
  try {
    const token = await adminToken(cairn);
    // 40 MB: above the 32 MB limit of buffered bodies, so this passes only when streamed.
    const zip = await zipOf({ "data.db": "x", "big.bin": randomBytes(40 << 20) });
    const up = await upload(cairn, token, { name: "big.zip", data: zip, type: "application/zip" });
    expect(up.status, JSON.stringify(up.body)).toBe(204);
    const got = await download(cairn, token, "big.zip");
    expect(got.status).toBe(200);
    expect(got.headers.get("content-length")).toBe(String(zip.length));
    expect(got.data.equals(zip)).toBe(true);
  } finally {
    await cairn.stop();
  }
}, 120_000);
