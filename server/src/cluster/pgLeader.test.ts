import { spawn } from "node:child_process";
import path from "node:path";
import { fileURLToPath } from "node:url";
import pg from "pg";
import { afterAll, describe, expect, it } from "vitest";
import { freshDatabase } from "../../test/support/postgres.js";
import { PgLeader } from "./pgLeader.js";

const leaders: PgLeader[] = [];
afterAll(async () => {
  for (const l of leaders) await l.close();
});

const open = async (url: string) => {
  const l = await PgLeader.open({ url, pollMs: 100, warn: () => undefined });
  leaders.push(l);
  return l;
};

const until = async (cond: () => boolean, ms = 5000) => {
  const end = Date.now() + ms;
  while (!cond()) {
    if (Date.now() > end) throw new Error("timed out");
    await new Promise((r) => setTimeout(r, 10));
  }
};

describe("PgLeader", () => {
  it("lets exactly one node lead, and another take over when the leader's session ends", async () => {
    const url = await freshDatabase();
    const nodes = await Promise.all([open(url), open(url), open(url)]);
    const leading = () => nodes.filter((n) => n.isLeader());
    expect(leading()).toHaveLength(1);
    const first = leading()[0];
    const changes: boolean[] = [];
    first.onChange((l) => changes.push(l));

    // What a kill -9 does to the leader's session: the server ends it (here: terminated by an admin).
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query("SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = 'cairn-leader' AND pid IN (SELECT pid FROM pg_locks WHERE locktype = 'advisory' AND granted)");
    await admin.end();
    const started = Date.now();
    await until(() => leading().length === 1 && leading()[0] !== first);
    expect(Date.now() - started).toBeLessThan(3000);
    expect(changes).toEqual([false]);
    // The old leader reconnects as a follower: still one leader.
    await new Promise((r) => setTimeout(r, 500));
    expect(leading()).toHaveLength(1);

    // A leader closing frees the lease at once.
    const second = leading()[0];
    await second.close();
    await until(() => leading().length === 1 && leading()[0] !== second);
    expect(second.isLeader()).toBe(false);
  });

  it("leads alone from the start", async () => {
    const l = await open(await freshDatabase());
    expect(l.isLeader()).toBe(true);
  });
});

describe("PgLeader across processes", () => {
  it("hands the lease over within seconds when the leading process is killed with SIGKILL", async () => {
    const url = await freshDatabase();
    const here = path.dirname(fileURLToPath(import.meta.url));
    // node itself (not the tsx wrapper, whose node child would outlive a SIGKILL to it).
    const child = spawn(process.execPath, ["--import", "tsx", path.resolve(here, "../../test/support/leaderChild.ts"), url], { cwd: path.resolve(here, "../.."), stdio: ["ignore", "pipe", "inherit"] });
    try {
      const first = await new Promise<string>((resolve, reject) => {
        child.stdout!.once("data", (d: Buffer) => resolve(d.toString().trim()));
        child.once("exit", () => reject(new Error("the child exited")));
      });
      expect(first).toBe("leader");
      const follower = await open(url);
      await new Promise((r) => setTimeout(r, 300));
      expect(follower.isLeader()).toBe(false);
      const killedAt = Date.now();
      child.kill("SIGKILL");
      await until(() => follower.isLeader(), 10_000);
      expect(Date.now() - killedAt).toBeLessThan(3000);
    } finally {
      child.kill("SIGKILL");
    }
  }, 30_000);
});
