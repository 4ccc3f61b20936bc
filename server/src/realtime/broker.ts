import { authKey, type ClientAuth, type RealtimeClient } from "./client.js";
import { parseSubscription, type ParsedSubscription } from "./topics.js";

/** A client's subscription as the topic index holds it. */
export interface Subscriber {
  client: RealtimeClient;
  sub: ParsedSubscription;
}

/**
 * The registry of connected clients, with two indexes kept in step with it: subscribers
 * by topic (so a record change touches only the clients that asked for it) and clients
 * by auth (so an auth change reaches every connection of that principal).
 */
export class Broker {
  private readonly clients = new Map<string, RealtimeClient>();
  private readonly byTopic = new Map<string, Map<string, Subscriber>>();
  private readonly byAuth = new Map<string, Set<RealtimeClient>>();

  get size(): number {
    return this.clients.size;
  }

  /** How many entries each registry holds (all zero once every client is gone). */
  counts(): { clients: number; topics: number; auths: number } {
    return { clients: this.clients.size, topics: this.byTopic.size, auths: this.byAuth.size };
  }

  get(id: string): RealtimeClient | undefined {
    return this.clients.get(id);
  }

  all(): IterableIterator<RealtimeClient> {
    return this.clients.values();
  }

  register(client: RealtimeClient): void {
    this.clients.set(client.id, client);
  }

  /** Forgets a client and everything it held. */
  unregister(client: RealtimeClient): void {
    if (this.clients.get(client.id) !== client) return;
    this.clients.delete(client.id);
    this.setSubscriptions(client, []);
    this.unindexAuth(client);
  }

  /** Replaces a client's subscriptions (the reference's semantics: unsubscribe all, then subscribe). */
  setSubscriptions(client: RealtimeClient, keys: string[]): void {
    for (const sub of client.subscriptions.values()) this.unindexSub(client, sub);
    client.subscriptions.clear();
    for (const key of keys) {
      if (key === "" || client.subscriptions.has(key)) continue;
      const sub = parseSubscription(key);
      client.subscriptions.set(key, sub);
      let set = this.byTopic.get(sub.topic);
      if (!set) this.byTopic.set(sub.topic, (set = new Map()));
      set.set(`${client.id}\n${key}`, { client, sub });
    }
  }

  unsubscribe(client: RealtimeClient, key: string): void {
    const sub = client.subscriptions.get(key);
    if (!sub) return;
    client.subscriptions.delete(key);
    this.unindexSub(client, sub);
  }

  /** The subscribers of one topic (live view; copy before mutating the broker). */
  subscribers(topic: string): Iterable<Subscriber> {
    return this.byTopic.get(topic)?.values() ?? [];
  }

  setAuth(client: RealtimeClient, auth: ClientAuth): void {
    this.unindexAuth(client);
    client.auth = auth;
    const key = authKey(auth);
    if (key === "") return;
    let set = this.byAuth.get(key);
    if (!set) this.byAuth.set(key, (set = new Set()));
    set.add(client);
  }

  /** The clients bound to one principal (see `authKey`). */
  clientsOf(key: string): RealtimeClient[] {
    return [...(this.byAuth.get(key) ?? [])];
  }

  private unindexSub(client: RealtimeClient, sub: ParsedSubscription): void {
    const set = this.byTopic.get(sub.topic);
    if (!set) return;
    set.delete(`${client.id}\n${sub.key}`);
    if (set.size === 0) this.byTopic.delete(sub.topic);
  }

  private unindexAuth(client: RealtimeClient): void {
    const key = authKey(client.auth);
    const set = key ? this.byAuth.get(key) : undefined;
    if (!set) return;
    set.delete(client);
    if (set.size === 0) this.byAuth.delete(key);
  }
}
