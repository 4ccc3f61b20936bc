import { randomBytes } from "node:crypto";
import { mkdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { afterAll, expect, it } from "vitest";
import { cleanupTempDirs, tempDir } from "../../test/support/dataDirs.js";
import { extractZip, listZip, writeZip } from "./zip.js";

afterAll(() => cleanupTempDirs());

it("stores incompressible large files as they are, deflates the rest, and reads both back", async () => {
  const dir = tempDir("cairn-zip-");
  const files = {
    "random.bin": randomBytes(2 << 20),
    "text.txt": Buffer.from("the same line of text, over and over\n".repeat(60_000)),
    "small-random.bin": randomBytes(4096),
  };
  mkdirSync(path.join(dir, "in"));
  for (const [name, data] of Object.entries(files)) writeFileSync(path.join(dir, "in", name), data);
  const inputs = Object.keys(files).map((name) => {
    const file = path.join(dir, "in", name);
    return { name, file, mtime: new Date(), mode: 0o100644, size: statSync(file).size };
  });
  const out = path.join(dir, "out.zip");
  await writeZip(out, inputs);

  const entries = Object.fromEntries((await listZip(out)).map((e) => [e.name, e]));
  // Stored: no deflate overhead at all.
  expect(entries["random.bin"].compressedSize).toBe(files["random.bin"].length);
  expect(entries["text.txt"].compressedSize).toBeLessThan(files["text.txt"].length / 20);
  // Below the sampled size, files are deflated whatever they hold.
  expect(entries["small-random.bin"].compressedSize).not.toBe(files["small-random.bin"].length);

  await extractZip(out, path.join(dir, "back"));
  for (const [name, data] of Object.entries(files)) expect(readFileSync(path.join(dir, "back", name)).equals(data)).toBe(true);
});
