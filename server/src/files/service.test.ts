import { existsSync } from "node:fs";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { createApp } from "../app.js";
import { cleanupTempDirs, tempDir } from "../../test/support/dataDirs.js";
import { FILE_FORBIDDEN_MESSAGE } from "./access.js";

afterAll(cleanupTempDirs);

describe("FilesService (app.files)", () => {
  it("stores, serves and deletes a record's files under <collection>/<record>/", async () => {
    const dir = tempDir();
    const app = await createApp({ dataDir: dir });
    try {
      await app.files.store("c1", "r1", [{ name: "a.txt", data: Buffer.from("hello"), mime: "text/plain", originalName: "a.txt" }]);
      expect(existsSync(path.join(dir, "storage", "c1", "r1", "a.txt"))).toBe(true);
      const file = await app.files.locate({ collectionId: "c1", recordId: "r1", filename: "a.txt", fieldThumbs: null });
      expect(file).toMatchObject({ key: "c1/r1/a.txt", name: "a.txt", download: false, stat: { size: 5 } });
      await app.files.delete("c1", "r1", ["a.txt"]);
      expect(await app.files.locate({ collectionId: "c1", recordId: "r1", filename: "a.txt", fieldThumbs: null })).toBeNull();
      await app.files.store("c1", "r2", [{ name: "b.txt", data: Buffer.from("x"), mime: "text/plain", originalName: "b.txt" }]);
      await app.files.deleteCollection("c1");
      expect(existsSync(path.join(dir, "storage", "c1", "r2", "b.txt"))).toBe(false);
    } finally {
      await app.close();
    }
  });

  it("rebuilds the file system when the settings change", async () => {
    const app = await createApp({ dataDir: tempDir() });
    try {
      const first = app.files.storage().fs;
      expect(app.files.storage().fs).toBe(first);
      await app.settings.save(structuredClone(app.settings.get()));
      expect(app.files.storage().fs).not.toBe(first);
    } finally {
      await app.close();
    }
  });

  it("lets unprotected files through and refuses a protected one to a guest the rule refuses", async () => {
    const app = await createApp({ dataDir: tempDir() });
    try {
      await expect(app.files.authorize(false, undefined, () => false)).resolves.toBeUndefined();
      await expect(app.files.authorize(true, "not-a-token", (auth) => auth !== null)).rejects.toMatchObject({ kind: "forbidden", message: FILE_FORBIDDEN_MESSAGE });
      await expect(app.files.authorize(true, undefined, () => true)).resolves.toBeUndefined();
      await expect(app.files.fileToken({ admin: false, info: {} })).rejects.toMatchObject({ kind: "bad_request", message: "Failed to generate file token." });
    } finally {
      await app.close();
    }
  });
});
