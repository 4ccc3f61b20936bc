import { readFileSync } from "node:fs";
import path from "node:path";
import { emitWarningIfUnsupportedVersion } from "@aws-sdk/core/client";
import { describe, expect, it } from "vitest";

const REPO_DIR = path.resolve(import.meta.dirname, "../../..");
const enginesOf = (pkg: string): string => JSON.parse(readFileSync(path.join(REPO_DIR, pkg), "utf8")).engines.node;

/** The warnings the AWS SDK (the S3 client's core) prints when told it runs on this Node version. */
async function sdkWarnings(nodeVersion: string): Promise<string[]> {
  const seen: string[] = [];
  const listen = (w: Error) => seen.push(w.message);
  process.on("warning", listen);
  try {
    emitWarningIfUnsupportedVersion(nodeVersion);
    await new Promise((resolve) => setImmediate(resolve)); // warnings are emitted on the next tick
  } finally {
    process.off("warning", listen);
  }
  return seen.filter((m) => m.includes("NodeVersionSupportWarning"));
}

describe("supported Node.js versions", () => {
  it("are the same in both packages' engines and the README, and none the AWS SDK is dropping", async () => {
    const engines = enginesOf("package.json");
    expect(enginesOf("server/package.json")).toBe(engines);
    expect(readFileSync(path.join(REPO_DIR, "README.md"), "utf8")).toContain(`\`${engines}\``);

    // The oldest version the range admits draws no warning from the SDK (Node 20 does: it is dropped in January 2027).
    const oldest = [...engines.matchAll(/(\d+)\.(\d+)\.(\d+)/g)].map((m) => m.slice(1).map(Number)).sort((a, b) => a[0]! - b[0]! || a[1]! - b[1]!)[0]!;
    expect(await sdkWarnings(`v${oldest.join(".")}`)).toEqual([]);
    expect(await sdkWarnings("v20.19.0")).toHaveLength(1);
  });
});
