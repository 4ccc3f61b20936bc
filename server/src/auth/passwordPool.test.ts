import { readFile } from "node:fs/promises";
import bcrypt from "bcrypt";
import { describe, expect, it } from "vitest";
import { PasswordPool } from "./passwordPool.js";
import { hashPassword, verifyPassword } from "./passwords.js";

describe("the password pool", () => {
  it("hashes and compares like bcrypt, and refuses malformed hashes without throwing", async () => {
    const pool = new PasswordPool({ size: 1 });
    const hash = await pool.hash("secret-1", 4);
    expect(bcrypt.compareSync("secret-1", hash)).toBe(true);
    expect(await pool.compare("secret-1", hash)).toBe(true);
    expect(await pool.compare("secret-2", hash)).toBe(false);
    await expect(pool.compare("x", "not-a-hash")).resolves.toBe(false);
    // The app's helpers go through the shared pool and keep the reference's $2a$ prefix.
    const appHash = await hashPassword("1234567890");
    expect(appHash.startsWith("$2a$12$")).toBe(true);
    expect(await verifyPassword("1234567890", appHash)).toBe(true);
    expect(await verifyPassword("1234567890", "")).toBe(false);
  });

  it("boots a worker with warm, so the first check does not start a thread", async () => {
    const pool = new PasswordPool({ size: 2 });
    expect(pool.started).toBe(0);
    pool.warm();
    expect(pool.started).toBe(1);
    const hash = bcrypt.hashSync("secret-1", 4);
    expect(await pool.compare("secret-1", hash)).toBe(true);
    expect(pool.started).toBe(1);
  });

  it("runs at most `size` hashes at once and queues the rest", async () => {
    const pool = new PasswordPool({ size: 2 });
    const jobs = Array.from({ length: 6 }, (_, i) => pool.hash(`p${i}`, 8));
    expect(pool.queued).toBe(4);
    const hashes = await Promise.all(jobs);
    expect(pool.queued).toBe(0);
    hashes.forEach((h, i) => expect(bcrypt.compareSync(`p${i}`, h)).toBe(true));
  });

  it("serves lanes in turn: a request's job waits for one of a batch's, not for all of them", async () => {
    const pool = new PasswordPool({ size: 1 });
    const batch = {};
    const done: string[] = [];
    const jobs = Array.from({ length: 6 }, (_, i) => pool.hash(`b${i}`, 4, batch).then(() => done.push(`batch ${i}`)));
    const single = pool.hash("s", 4).then(() => done.push("single"));
    expect(pool.queued).toBe(6);
    await Promise.all([...jobs, single]);
    // b0 was running, b1 had the batch's turn when it finished, then the single job's turn came.
    expect(done).toEqual(["batch 0", "batch 1", "single", "batch 2", "batch 3", "batch 4", "batch 5"]);
  });

  it("leaves libuv's thread pool to file reads while sign-ins hash", async () => {
    const pool = new PasswordPool({ size: 2 });
    // More cost-12 hashes than libuv has threads: with bcrypt's async API they would hold all 4.
    const jobs = Array.from({ length: 8 }, (_, i) => pool.hash(`p${i}`, 12));
    const content = await readFile(import.meta.filename, "utf8");
    expect(content).toContain("libuv");
    // The read finished while hashes were still waiting for a worker.
    expect(pool.queued).toBeGreaterThan(0);
    await Promise.all(jobs);
  }, 120_000);
});
