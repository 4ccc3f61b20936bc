import type { Db } from "../db/types.js";
import type { EventBus } from "../events/bus.js";
import type { AdminModel } from "../models/admin.js";
import { isAuth } from "../models/collection.js";
import type { AuthRecord, RecordPresenter } from "../records/auth.js";
import { badRequest, notFound } from "../tools/errors.js";
import { randomString } from "../tools/random.js";
import { AuthSync } from "./authSync.js";
import { Broker } from "./broker.js";
import { RealtimeClient, type SseSink } from "./client.js";
import { Delivery } from "./delivery.js";
import { OAUTH2_TOPIC } from "./topics.js";
import { NoAnswer, type NodeCalls } from "../cluster/calls.js";

export interface RealtimeOptions {
  /** A client that received nothing for this long is disconnected (the reference: 5 minutes). */
  idleTimeoutMs?: number;
  /** A client whose unsent backlog passes this many bytes is dropped (it reconnects and resubscribes). */
  maxBufferedBytes?: number;
}

export const DEFAULT_IDLE_TIMEOUT_MS = 5 * 60 * 1000;
export const DEFAULT_MAX_BUFFERED_BYTES = 1 << 20;
export const MISSING_CLIENT = "Missing or invalid client id.";

const CLIENT_ID_LENGTH = 40;

/** What `POST /api/realtime` submits, as decoded by the HTTP layer. */
export interface SubscribeInput {
  clientId?: unknown;
  subscriptions?: unknown;
}

/** What realtime uses: the database (rule checks), the records' answer shape and the bus it listens on. */
export interface RealtimeDeps {
  db: Db;
  records: RecordPresenter;
  events: EventBus;
  /**
   * Several nodes: a client's id starts with the id of the node holding its connection, and a
   * subscription call or OAuth2 redirect naming a client of another node is run there.
   */
  calls?: NodeCalls;
}

/** How long a call to the node holding a client may take before the client counts as gone. */
const REMOTE_CALL_MS = 3000;

/** Who is calling, as the HTTP layer resolved the Authorization header. */
export interface Caller {
  admin: AdminModel | null;
  record: AuthRecord | null;
}

/**
 * Realtime over server-sent events, as the reference speaks it: clients connect, get an id
 * (`PB_CONNECT`), set their subscriptions with their auth, and receive committed record
 * changes their rules let them see; the OAuth2 popup flow's redirect is forwarded to the
 * client whose id is the state. Everything it knows of the database's changes comes from
 * the bus: record changes to deliver, and the auth records and admins clients are bound to.
 */
export class RealtimeService {
  readonly broker = new Broker();
  private readonly auth: AuthSync;
  private readonly delivery: Delivery;
  private readonly idleTimeoutMs: number;
  private readonly maxBufferedBytes: number;
  private readonly sweep: NodeJS.Timeout;
  private readonly unsubscribers: Array<() => void>;
  private readonly calls: NodeCalls | undefined;

  constructor(app: RealtimeDeps, opts: RealtimeOptions = {}) {
    this.calls = app.calls;
    this.idleTimeoutMs = opts.idleTimeoutMs ?? DEFAULT_IDLE_TIMEOUT_MS;
    this.maxBufferedBytes = opts.maxBufferedBytes ?? DEFAULT_MAX_BUFFERED_BYTES;
    this.auth = new AuthSync(this.broker, (c) => this.drop(c, false));
    this.delivery = new Delivery(app, this.broker);
    const ev = app.events;
    this.unsubscribers = [
      ev.on("record.create", (e) => this.delivery.publish("create", e.collection, e.record)),
      ev.on("record.update", (e) => {
        if (isAuth(e.collection)) this.auth.recordSaved(e.collection, e.record);
        this.delivery.publish("update", e.collection, e.record);
      }),
      ev.on("record.delete", (e) => {
        this.delivery.publish("delete", e.collection, e.record);
        if (isAuth(e.collection)) this.auth.recordDeleted(e.collection, e.record);
      }),
      ev.on("collection.save", (e) => {
        if (isAuth(e.collection)) this.auth.collectionSaved(e.collection);
      }),
      ev.on("collection.delete", (e) => {
        if (isAuth(e.collection)) this.auth.collectionDeleted(e.collection);
      }),
      ev.on("admin.save", (e) => this.auth.adminSaved(e.admin)),
      ev.on("admin.delete", (e) => this.auth.adminDeleted(e.admin)),
    ];
    if (this.calls) {
      this.unsubscribers.push(
        this.calls.handle("realtime.subscribe", (b) => {
          const { clientId, subscriptions, caller } = b as { clientId: string; subscriptions: string[]; caller: Caller };
          this.subscribeHere(clientId, subscriptions, caller);
          return null;
        }),
        this.calls.handle("realtime.oauth2", (b) => this.oauth2Here(b as { state: string; code: string; error: string })),
      );
    }
    // One sweep instead of a timer per client: cheap with thousands of busy connections.
    this.sweep = setInterval(() => this.dropIdle(), Math.max(50, Math.min(this.idleTimeoutMs / 4, 15_000)));
    this.sweep.unref();
  }

  /** Registers a new connection and sends its `PB_CONNECT` event; returns the client. */
  connect(sink: SseSink): RealtimeClient {
    const prefix = this.calls?.nodeId ?? "";
    const newId = () => prefix + randomString(CLIENT_ID_LENGTH - prefix.length);
    let id = newId();
    while (this.broker.get(id)) id = newId();
    const client = new RealtimeClient(id, sink, this.maxBufferedBytes, (c) => this.drop(c, true));
    this.broker.register(client);
    client.send("PB_CONNECT", JSON.stringify({ clientId: id }));
    return client;
  }

  /** The connection closed: frees everything the client held. */
  disconnect(client: RealtimeClient): void {
    this.drop(client, false);
  }

  /**
   * `POST /api/realtime`: validates, binds the caller's auth, replaces the subscriptions. A
   * client of another node is handled there (a promise then; at once otherwise).
   */
  subscribe(input: SubscribeInput, caller: Caller): void | Promise<void> {
    const { clientId, subscriptions } = input;
    if (clientId !== undefined && clientId !== null && typeof clientId !== "string") throw badRequest();
    if (subscriptions !== undefined && subscriptions !== null && (!Array.isArray(subscriptions) || subscriptions.some((s) => typeof s !== "string"))) {
      throw badRequest();
    }
    const id = clientId ?? "";
    if (id === "") throw badRequest(undefined, { clientId: { code: "validation_required", message: "Cannot be blank." } });
    if ([...id].length > 255) throw badRequest(undefined, { clientId: { code: "validation_length_out_of_range", message: "The length must be between 1 and 255." } });
    const subs = (subscriptions as string[] | null | undefined) ?? [];
    const owner = this.ownerOf(id);
    if (owner === null) return this.subscribeHere(id, subs, caller);
    const body = { clientId: id, subscriptions: subs, caller: { admin: caller.admin && { ...caller.admin, passwordHash: "" }, record: caller.record } };
    return this.calls!.call(owner, "realtime.subscribe", body, REMOTE_CALL_MS).then(
      () => undefined,
      (err: unknown) => {
        throw err instanceof NoAnswer ? notFound(MISSING_CLIENT) : err;
      },
    );
  }

  private subscribeHere(id: string, subscriptions: string[], caller: Caller): void {
    const client = this.broker.get(id);
    if (!client || client.closed) throw notFound(MISSING_CLIENT);
    this.auth.bind(client, caller);
    this.broker.setSubscriptions(client, subscriptions);
  }

  /** The node holding client `id` when it is another one; null for this node (or no cluster). */
  private ownerOf(id: string): string | null {
    const self = this.calls?.nodeId;
    if (!self || id.length !== CLIENT_ID_LENGTH || id.startsWith(self)) return null;
    return id.slice(0, self.length);
  }

  /**
   * The OAuth2 provider's redirect: forwards `{state, code[, error]}` to the client whose id
   * is the state, if it waits on the `@oauth2` topic (once: the subscription is then
   * removed). True when sign-in can go on (forwarded, a code and no error).
   */
  oauth2Redirect(params: { state?: string; code?: string; error?: string }): boolean | Promise<boolean> {
    const state = params.state ?? "";
    if (state === "") return false;
    const p = { state, code: params.code ?? "", error: params.error ?? "" };
    const owner = this.ownerOf(state);
    if (owner === null) return this.oauth2Here(p);
    return this.calls!.call(owner, "realtime.oauth2", p, REMOTE_CALL_MS).then(
      (ok) => ok === true,
      () => false,
    );
  }

  private oauth2Here({ state, code, error }: { state: string; code: string; error: string }): boolean {
    const client = this.broker.get(state);
    if (!client || client.closed || !client.subscriptions.has(OAUTH2_TOPIC)) return false;
    client.send(OAUTH2_TOPIC, JSON.stringify(error ? { state, code, error } : { state, code }));
    this.broker.unsubscribe(client, OAUTH2_TOPIC);
    return code !== "" && error === "";
  }

  /** Ends every open stream (before the HTTP server closes, which waits for open connections). */
  disconnectAll(): void {
    for (const c of [...this.broker.all()]) this.drop(c, false);
  }

  /** Ends every connection and stops listening (app shutdown). */
  close(): void {
    clearInterval(this.sweep);
    for (const off of this.unsubscribers) off();
    this.delivery.stop();
    this.disconnectAll();
  }

  private dropIdle(): void {
    const limit = Date.now() - this.idleTimeoutMs;
    for (const c of [...this.broker.all()]) if (c.lastActivity < limit) this.drop(c, false);
  }

  private drop(client: RealtimeClient, abort: boolean): void {
    this.broker.unregister(client);
    client.close(abort);
  }
}
