import { afterEach, describe, expect, it } from "vitest";
import { createApp, type App } from "../app.js";
import { cleanupTempDirs, tempDir } from "../../test/support/dataDirs.js";
import { collectionsRepo } from "../db/collections.js";
import type { RecordData } from "../models/record.js";
import { authId, type SseSink } from "./client.js";
import type { RealtimeOptions } from "./service.js";

/** A sink standing for one connection: records frames; its backlog is whatever the test says. */
function sink(backlog = () => 0) {
  const frames: string[] = [];
  const state = { closed: false, aborted: false };
  const s: SseSink = {
    write: (chunk) => void frames.push(chunk),
    buffered: backlog,
    close: (abort) => Object.assign(state, { closed: true, aborted: !!abort }),
  };
  return { s, frames, state };
}

const tick = () => new Promise((r) => setTimeout(r, 0));

describe("RealtimeService limits", () => {
  let app: App | undefined;
  const open = async (opts: RealtimeOptions) => (app = await createApp({ dataDir: tempDir(), realtime: opts }));

  afterEach(async () => {
    await app?.close();
    cleanupTempDirs();
  });

  it("sends PB_CONNECT first, framed as the reference frames it", async () => {
    const rt = (await open({})).realtime;
    const { s, frames } = sink();
    const client = rt.connect(s);
    await tick();
    expect(frames).toEqual([`id:${client.id}\nevent:PB_CONNECT\ndata:{"clientId":"${client.id}"}\n\n`]);
  });

  it("drops a client that received nothing for the idle timeout, and only that one", async () => {
    const rt = (await open({ idleTimeoutMs: 1000 })).realtime;
    const quiet = sink();
    const busy = sink();
    const a = rt.connect(quiet.s);
    const b = rt.connect(busy.s);
    rt.subscribe({ clientId: b.id, subscriptions: ["@oauth2"] }, { admin: null, record: null });
    for (let i = 0; i < 25; i++) {
      await new Promise((r) => setTimeout(r, 60));
      rt.oauth2Redirect({ state: b.id, code: "c" });
      rt.subscribe({ clientId: b.id, subscriptions: ["@oauth2"] }, { admin: null, record: null });
    }
    expect(quiet.state.closed).toBe(true);
    expect(rt.broker.get(a.id)).toBeUndefined();
    expect(busy.state.closed).toBe(false);
    expect(rt.broker.get(b.id)).toBe(b);
  });

  it("drops (aborts) a client whose backlog overflows instead of buffering without bound", async () => {
    const rt = (await open({ maxBufferedBytes: 1000 })).realtime;
    let backlog = 0;
    const slow = sink(() => backlog);
    const c = rt.connect(slow.s);
    await tick();
    rt.subscribe({ clientId: c.id, subscriptions: ["@oauth2"] }, { admin: null, record: null });
    backlog = 990; // the consumer stopped reading
    rt.oauth2Redirect({ state: c.id, code: "x".repeat(100) });
    await tick();
    expect(slow.state).toEqual({ closed: true, aborted: true });
    expect(rt.broker.get(c.id)).toBeUndefined();
    expect(slow.frames).toHaveLength(1);
  });

  it("frees everything a client held when it disconnects", async () => {
    const rt = (await open({})).realtime;
    const c = rt.connect(sink().s);
    rt.subscribe({ clientId: c.id, subscriptions: ["posts/*", "posts/abc"] }, { admin: null, record: null });
    expect([...rt.broker.subscribers("posts/*")]).toHaveLength(1);
    rt.disconnect(c);
    expect(rt.broker.size).toBe(0);
    expect([...rt.broker.subscribers("posts/*")]).toHaveLength(0);
    expect([...rt.broker.subscribers("posts/abc")]).toHaveLength(0);
  });

  it("keeps a client's bound auth record by the bus alone: fresh values, a guest on a new tokenKey, dropped with its record or collection", async () => {
    const app = await open({});
    const rt = app.realtime;
    const users = (await collectionsRepo.findByName(app.db, "users"))!;
    const record: RecordData = { id: "u1aaaaaaaaaaaaa", tokenKey: "k1", name: "before" };
    const bound = () => {
      const c = rt.connect(sink().s);
      rt.subscribe({ clientId: c.id, subscriptions: [] }, { admin: null, record: { collection: users, record } });
      return c;
    };
    const a = bound();
    app.events.emit({ type: "record.update", collection: users, record: { ...record, name: "after" } });
    expect(a.auth.record?.record.name).toBe("after");
    app.events.emit({ type: "record.update", collection: users, record: { ...record, tokenKey: "k2" } });
    expect(authId(a.auth)).toBe("");
    expect(a.closed).toBe(false);

    const b = bound();
    app.events.emit({ type: "record.delete", collection: users, record });
    expect(b.closed).toBe(true);
    const c = bound();
    app.events.emit({ type: "collection.save", collection: { ...users, name: "members" } });
    expect(c.auth.record?.collection.name).toBe("members");
    app.events.emit({ type: "collection.delete", collection: users });
    expect(c.closed).toBe(true);
    expect(rt.broker.counts()).toEqual({ clients: 1, topics: 0, auths: 0 });
  });
});
