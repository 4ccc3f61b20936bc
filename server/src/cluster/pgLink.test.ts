import pg from "pg";
import { afterAll, describe, expect, it } from "vitest";
import { freshDatabase } from "../../test/support/postgres.js";
import { createEventBus, type AppEvent } from "../events/bus.js";
import { LinkTransport } from "./busTransport.js";
import type { Settings } from "../models/settings.js";
import { forbidden, DomainError } from "../tools/errors.js";
import { LinkCalls, NoAnswer } from "./calls.js";
import { PgLink } from "./pgLink.js";

const links: PgLink[] = [];
afterAll(async () => {
  for (const l of links) await l.close();
});

async function open(url: string, warn: (l: string) => void = (l) => console.log(l)): Promise<PgLink> {
  const l = await PgLink.open({ url, warn });
  links.push(l);
  return l;
}

const until = async (cond: () => boolean, ms = 5000) => {
  const end = Date.now() + ms;
  while (!cond()) {
    if (Date.now() > end) throw new Error("timed out");
    await new Promise((r) => setTimeout(r, 10));
  }
};

const collection = { id: "c1", name: "posts", type: "base", schema: [] } as never;
const recordEvent = (i: number, extra: Record<string, unknown> = {}): AppEvent => ({ type: "record.update", collection, record: { id: "r1", n: i, ...extra } });

describe("PgLink and the bus over it", () => {
  it("delivers a node's events to the others once each, in order, and never back to itself", async () => {
    const url = await freshDatabase();
    const [la, lb, lc] = await Promise.all([open(url), open(url), open(url)]);
    const buses = [la, lb, lc].map((l) => createEventBus({ transport: new LinkTransport(l) }));
    const seen = buses.map(() => [] as number[]);
    buses.forEach((b, i) => b.on("record.update", (e) => seen[i].push(e.record.n as number)));
    for (let i = 0; i < 300; i++) buses[0].emit(recordEvent(i));
    // The emitting node's listeners ran at once, in its tick.
    expect(seen[0]).toHaveLength(300);
    await until(() => seen[1].length >= 300 && seen[2].length >= 300);
    await new Promise((r) => setTimeout(r, 100));
    const all = Array.from({ length: 300 }, (_, i) => i);
    expect(seen).toEqual([all, all, all]);
  });

  it("sends a large event by reference and the others read it back whole", async () => {
    const url = await freshDatabase();
    const [la, lb] = await Promise.all([open(url), open(url)]);
    const a = createEventBus({ transport: new LinkTransport(la) });
    const b = createEventBus({ transport: new LinkTransport(lb) });
    const got: AppEvent[] = [];
    b.on("*", (e) => got.push(e));
    const big = "é".repeat(20_000);
    a.emit(recordEvent(1));
    a.emit(recordEvent(2, { body: big }));
    a.emit(recordEvent(3));
    await until(() => got.length === 3);
    expect(got.map((e) => (e as unknown as { record: { n: number } }).record.n)).toEqual([1, 2, 3]);
    expect((got[1] as unknown as { record: { body: string } }).record.body).toBe(big);
    const c = new pg.Client({ connectionString: url });
    await c.connect();
    const stored = await c.query(`SELECT count(*)::int AS n FROM "_events"`);
    await c.end();
    expect(stored.rows[0].n).toBe(1);
  });

  it("reloads the settings on the receiving node (they do not travel) and drops its collections cache", async () => {
    const url = await freshDatabase();
    const [la, lb] = await Promise.all([open(url), open(url)]);
    const a = createEventBus({ transport: new LinkTransport(la) });
    const tb = new LinkTransport(lb);
    const b = createEventBus({ transport: tb });
    const calls: string[] = [];
    tb.bind({
      reloadSettings: async () => {
        calls.push("reload");
        return { meta: { appName: "from the database" } } as unknown as Settings;
      },
      collectionsChanged: () => calls.push("collections"),
    });
    const got: AppEvent[] = [];
    b.on("*", (e) => got.push(e));
    a.emit({ type: "settings.save", settings: { meta: { appName: "secret-bearing copy" } } as unknown as Settings });
    a.emit({ type: "collection.delete", collection });
    a.emit({ type: "admin.save", admin: { id: "a1", passwordHash: "$2a$hash", tokenKey: "k" } as never });
    a.emit({ type: "record.update", collection, record: { id: "u1", passwordHash: "$2a$new", tokenKey: "t2" }, previous: { id: "u1", passwordHash: "$2a$old", tokenKey: "t1" } });
    await until(() => got.length === 4);
    expect(calls).toEqual(["reload", "collections"]);
    expect(got[0]).toEqual({ type: "settings.save", settings: { meta: { appName: "from the database" } } });
    expect((got[2] as { admin: { passwordHash: string; tokenKey: string } }).admin).toMatchObject({ passwordHash: "", tokenKey: "k" });
    expect(got[3]).toMatchObject({ record: { passwordHash: "", tokenKey: "t2" }, previous: { passwordHash: "", tokenKey: "t1" } });
  });

  it("reconnects a dropped listening connection, resyncs, and hears events again", async () => {
    const url = await freshDatabase();
    const warnings: string[] = [];
    const [la, lb] = await Promise.all([open(url), open(url, (l) => warnings.push(l))]);
    let resyncs = 0;
    lb.onResync(() => void resyncs++);
    const got: unknown[] = [];
    lb.onMessage((m) => void got.push(m));
    lb.dropListener();
    await until(() => resyncs === 1);
    la.send("after");
    await until(() => got.includes("after"));
    expect(warnings.some((w) => w.includes("listening connection lost"))).toBe(true);
  });

  it("resyncs when a sender's sequence skips (a message was lost)", async () => {
    const url = await freshDatabase();
    const lb = await open(url);
    let resyncs = 0;
    lb.onResync(() => void resyncs++);
    const got: unknown[] = [];
    lb.onMessage((m) => void got.push(m));
    const c = new pg.Client({ connectionString: url });
    await c.connect();
    for (const s of [1, 2, 4]) await c.query("SELECT pg_notify('cairn_events', $1)", [JSON.stringify({ n: "other", s, m: s })]);
    await c.end();
    await until(() => got.length === 3);
    expect(resyncs).toBe(1);
  });

  it("calls another node and gets its answer or its refusal; an unknown node is no answer", async () => {
    const url = await freshDatabase();
    const [la, lb] = await Promise.all([open(url), open(url)]);
    const ca = new LinkCalls(la);
    const cb = new LinkCalls(lb);
    cb.handle("double", (n) => (n as number) * 2);
    cb.handle("refuse", () => {
      throw forbidden("no");
    });
    expect(await ca.call(lb.nodeId, "double", 21)).toBe(42);
    const err = await ca.call(lb.nodeId, "refuse", null).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(DomainError);
    expect(err).toMatchObject({ kind: "forbidden", message: "no" });
    await expect(ca.call("nobody", "double", 1, 300)).rejects.toBeInstanceOf(NoAnswer);
    ca.close();
    cb.close();
  });
});
