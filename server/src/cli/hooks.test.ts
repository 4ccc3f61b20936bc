import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { cleanupTempDirs, tempDir } from "../../test/support/dataDirs.js";
import { serveUntilListening } from "../../test/support/cliServe.js";

afterAll(cleanupTempDirs);

describe("cairn serve with pb_hooks", () => {
  it("loads pb_hooks beside the data directory by default, and starts despite a file that does not parse (naming it and its line)", async () => {
    const root = tempDir("cairn-hooks-cli-");
    mkdirSync(path.join(root, "pb_hooks"));
    writeFileSync(path.join(root, "pb_hooks", "main.pb.js"), `routerAdd("GET", "/hi", function (c) { return c.string(200, "hi " + $os.getenv("CAIRN_HOOKS_TEST")) });\n`);
    writeFileSync(path.join(root, "pb_hooks", "oops.pb.js"), `// a comment\nrouterAdd("GET", "/oops", function (c) {\n  return c.json(200, {,})\n});\n`);
    process.env.CAIRN_HOOKS_TEST = "from env";
    const s = await serveUntilListening(["--dir", path.join(root, "pb_data")]);
    try {
      const res = await fetch(`${s.url}/hi`);
      expect(res.status).toBe(200);
      expect(await res.text()).toBe("hi from env");
      expect((await fetch(`${s.url}/oops`)).status).toBe(404);
      expect(s.output()).toMatch(/Failed to execute oops\.pb\.js: .*oops\.pb\.js:3/);
    } finally {
      s.stop();
      delete process.env.CAIRN_HOOKS_TEST;
    }
  }, 60_000);
});
