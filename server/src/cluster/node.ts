import type { EventTransport } from "../events/bus.js";
import { LinkTransport, type RemoteState } from "./busTransport.js";
import { MemoryRateLimitStore } from "../ratelimit/memoryStore.js";
import { PgRateLimitStore } from "../ratelimit/pgStore.js";
import type { RateLimitStore } from "../ratelimit/store.js";
import { LinkCalls, type NodeCalls } from "./calls.js";
import type { Leader } from "./leader.js";
import { LocalLeader, NeverLeader } from "./localLeader.js";
import { PgLeader } from "./pgLeader.js";
import { PgLink } from "./pgLink.js";

/**
 * What a node shares with the others, chosen by the database: on SQLite the node is alone (the
 * in-process bus, memory counters, a leader that always leads: the same code and speed as before
 * there were several nodes); on PostgreSQL the bus goes over LISTEN/NOTIFY, counters and the
 * leader lease live in the database. It lives as long as the app (across restores), so the
 * node's identity, its realtime clients' ids and its lease survive a reload.
 */
export interface NodeServices {
  /** The bus's transport to the other nodes (none when alone). */
  readonly transport?: EventTransport;
  /** Calls to other nodes (none when alone). */
  readonly calls?: NodeCalls;
  readonly leader: Leader;
  /** The request rate limits' counters (cleared when the rules change). */
  readonly rateLimits: RateLimitStore;
  /** Counters apart from the rules' (per-address and per-account sign-in limits): never cleared by a rules change. */
  readonly signInLimits: RateLimitStore;
  /** Binds the open services' state for other nodes' changes (null while closed for a reload). */
  bind(state: RemoteState | null): void;
  close(): Promise<void>;
}

/** A node alone (SQLite). */
export function localNode(): NodeServices {
  return { leader: new LocalLeader(), rateLimits: new MemoryRateLimitStore(), signInLimits: new MemoryRateLimitStore(), bind: () => undefined, close: async () => undefined };
}

/** A node of a cluster over the PostgreSQL database at `url`. */
export async function postgresNode(url: string, opts: { oneOff?: boolean; warn?: (line: string) => void } = {}): Promise<NodeServices> {
  const warn = opts.warn;
  const link = await PgLink.open({ url, warn });
  const opened: Array<{ close(): Promise<void> | void }> = [link];
  try {
    const transport = new LinkTransport(link);
    const calls = new LinkCalls(link);
    opened.unshift(calls);
    // A one-off command (admin, typegen) never leads: the servers keep the once-per-cluster jobs.
    const leader: Leader = opts.oneOff ? new NeverLeader() : await PgLeader.open({ url, warn });
    opened.unshift(leader);
    const rateLimits = await PgRateLimitStore.open({ url });
    opened.unshift(rateLimits);
    const signInLimits = await PgRateLimitStore.open({ url, namespace: "signin", poolSize: 2 });
    opened.unshift(signInLimits);
    let closed = false;
    return {
      transport,
      calls,
      leader,
      rateLimits,
      signInLimits,
      bind: (state) => transport.bind(state),
      async close() {
        if (closed) return;
        closed = true;
        transport.bind(null);
        // The lease first (another node can take over while this one finishes), the link last
        // (the final events of the closing services still go out).
        for (const o of opened) await o.close();
      },
    };
  } catch (err) {
    for (const o of opened) await o.close();
    throw err;
  }
}
