import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cleanupTempDirs, referenceDataDir, tempDir } from "../../test/support/dataDirs.js";
import type { RunningServer } from "../../test/support/servers.js";
import { hooksDir, startCairnWithHooks, startReferenceWithHooks } from "../../test/support/hooks.js";

describe("$apis.staticDirectoryHandler, differential", () => {
  let ref: RunningServer;
  let cairn: RunningServer;

  beforeAll(async () => {
    const pub = path.join(tempDir("cairn-public-"), "pb_public");
    mkdirSync(path.join(pub, "docs"), { recursive: true });
    writeFileSync(path.join(pub, "index.html"), "<h1>home</h1>");
    writeFileSync(path.join(pub, "a.txt"), "plain file");
    writeFileSync(path.join(pub, "docs", "index.html"), "<h1>docs</h1>");
    const dir = hooksDir({
      "static.pb.js": `routerAdd("GET", "/pub/*", $apis.staticDirectoryHandler(${JSON.stringify(pub)}, false));\nrouterAdd("GET", "/spa/*", $apis.staticDirectoryHandler(${JSON.stringify(pub)}, true));\n`,
    });
    const data = referenceDataDir();
    [ref, cairn] = await Promise.all([startReferenceWithHooks(data, dir), startCairnWithHooks(data, dir)]);
  }, 60_000);

  afterAll(async () => {
    await Promise.all([ref?.stop(), cairn?.stop()]);
    cleanupTempDirs();
  });

  it("serves files, a directory's index.html, the fallback and the 404 as the reference", async () => {
    const paths = ["/pub/a.txt", "/pub/", "/pub/docs/", "/pub/missing.txt", "/spa/deep/link", "/spa/a.txt", "/pub/%2e%2e/%2e%2e/etc/passwd"];
    for (const p of paths) {
      const [r, k] = await Promise.all([ref, cairn].map(async (s) => {
        const res = await fetch(s.url + p);
        return { status: res.status, type: res.headers.get("content-type")?.split(";")[0], body: await res.text() };
      }));
      expect(k, p).toEqual(r);
    }
  });
});
