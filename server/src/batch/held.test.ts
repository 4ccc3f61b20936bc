import { afterAll, describe, expect, it } from "vitest";
import { cleanupTempDirs } from "../../test/support/dataDirs.js";
import { sqliteDbWith } from "../../test/support/sqliteFile.js";
import { heldHooks, type Effect } from "./held.js";

/** A batch's transaction as the records service sees it: after-commit steps queue behind the batch's file writes. */
describe("heldHooks", () => {
  const db = sqliteDbWith((raw) => raw.exec("CREATE TABLE t (v TEXT)"));
  afterAll(async () => {
    await db.close();
    cleanupTempDirs();
  });

  it("queues after-commit steps in order, reads and writes in the transaction, and drops what a failed savepoint queued", async () => {
    const effects: Effect[] = [];
    const ran: string[] = [];
    await db.transaction(async (tx) => {
      const held = heldHooks(tx, effects);
      await held.run("INSERT INTO t (v) VALUES (?)", ["a"]);
      held.afterCommit(() => ran.push("a"));
      effects.push(() => ran.push("file"));
      await expect(
        held.savepoint(async (sp) => {
          await sp.run("INSERT INTO t (v) VALUES (?)", ["b"]);
          sp.afterCommit(() => ran.push("b"));
          throw new Error("refused");
        }),
      ).rejects.toThrow("refused");
      held.afterCommit(() => ran.push("c"));
      expect(await held.all("SELECT v FROM t")).toEqual([{ v: "a" }]);
    });
    // Nothing ran at the commit: the batch runs its queue afterwards.
    expect(ran).toEqual([]);
    for (const fx of effects) fx();
    expect(ran).toEqual(["a", "file", "c"]);
  });
});
