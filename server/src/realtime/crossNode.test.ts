import { afterAll, describe, expect, it } from "vitest";
import { freshDatabase } from "../../test/support/postgres.js";
import { LinkCalls } from "../cluster/calls.js";
import { PgLink } from "../cluster/pgLink.js";
import type { Db } from "../db/types.js";
import { createEventBus } from "../events/bus.js";
import type { AdminModel } from "../models/admin.js";
import { DomainError } from "../tools/errors.js";
import type { SseSink } from "./client.js";
import { MISSING_CLIENT, RealtimeService } from "./service.js";
import { AUTH_MISMATCH } from "./authSync.js";

const closers: Array<() => unknown> = [];
afterAll(async () => {
  for (const c of closers.reverse()) await c();
});

/** One node's realtime over a PostgreSQL link (no database work: only calls between nodes are exercised). */
async function node(url: string) {
  const link = await PgLink.open({ url, warn: () => undefined });
  const calls = new LinkCalls(link);
  const rt = new RealtimeService({ db: {} as Db, records: {} as never, events: createEventBus(), calls });
  closers.push(() => link.close(), () => calls.close(), () => rt.close());
  return { link, rt };
}

function sink() {
  const frames: string[] = [];
  const s: SseSink = { write: (c) => void frames.push(c), buffered: () => 0, close: () => undefined };
  return { s, frames };
}

const admin = (id: string) => ({ id, tokenKey: "k", passwordHash: "$2a$secret" }) as AdminModel;
const guest = { admin: null, record: null };

describe("realtime across nodes", () => {
  it("runs a subscription call for another node's client on that node, with its refusals", async () => {
    const url = await freshDatabase();
    const [a, b] = await Promise.all([node(url), node(url)]);
    const c = a.rt.connect(sink().s);
    expect(c.id).toHaveLength(40);
    expect(c.id.startsWith(a.link.nodeId)).toBe(true);

    await b.rt.subscribe({ clientId: c.id, subscriptions: ["posts/*", "users"] }, { admin: admin("a1"), record: null });
    expect([...c.subscriptions.keys()]).toEqual(["posts/*", "users"]);
    // Bound on the owner, without the hash it never needed.
    expect(c.auth.admin).toMatchObject({ id: "a1", passwordHash: "" });

    // Another principal on the same client: the owner's refusal comes back as it is.
    const err = await Promise.resolve(b.rt.subscribe({ clientId: c.id, subscriptions: [] }, { admin: admin("a2"), record: null })).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(DomainError);
    expect(err).toMatchObject({ kind: "forbidden", message: AUTH_MISMATCH });
    expect([...c.subscriptions.keys()]).toEqual(["posts/*", "users"]);

    // A client the owner does not hold: not found, answered by the owner (no wait for a timeout).
    const gone = a.link.nodeId + "x".repeat(40 - a.link.nodeId.length);
    const started = Date.now();
    await expect(Promise.resolve(b.rt.subscribe({ clientId: gone, subscriptions: [] }, guest))).rejects.toMatchObject({ kind: "not_found", message: MISSING_CLIENT });
    expect(Date.now() - started).toBeLessThan(2000);
  });

  it("answers not found for a client of a node that is gone", async () => {
    const url = await freshDatabase();
    const b = await node(url);
    await expect(Promise.resolve(b.rt.subscribe({ clientId: "Z".repeat(40), subscriptions: [] }, guest))).rejects.toMatchObject({ kind: "not_found" });
  });

  it("forwards the OAuth2 redirect to the node holding the waiting client, once", async () => {
    const url = await freshDatabase();
    const [a, b] = await Promise.all([node(url), node(url)]);
    const { s, frames } = sink();
    const c = a.rt.connect(s);
    await b.rt.subscribe({ clientId: c.id, subscriptions: ["@oauth2"] }, guest);
    expect(await b.rt.oauth2Redirect({ state: c.id, code: "abc" })).toBe(true);
    await new Promise((r) => setTimeout(r, 10));
    expect(frames.at(-1)).toBe(`id:${c.id}\nevent:@oauth2\ndata:{"state":"${c.id}","code":"abc"}\n\n`);
    // The subscription went with it.
    expect(await b.rt.oauth2Redirect({ state: c.id, code: "again" })).toBe(false);
  });
});
