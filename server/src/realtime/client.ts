import type { AdminModel } from "../models/admin.js";
import type { AuthRecord } from "../records/auth.js";
import type { ParsedSubscription } from "./topics.js";

/** Where a client's SSE frames go (the HTTP layer adapts a Node response to it). */
export interface SseSink {
  /** Queues bytes for the connection; never blocks. */
  write(chunk: string): void;
  /** Bytes accepted but not yet handed to the OS (the client's backlog). */
  buffered(): number;
  /** Ends the stream: gracefully (idle timeout, shutdown) or at once, dropping the backlog (overflow). */
  close(abort?: boolean): void;
}

/** Who a client speaks for once a subscribe call bound its auth (kept current by bus events). */
export interface ClientAuth {
  admin: AdminModel | null;
  record: AuthRecord | null;
}

export const GUEST: Readonly<ClientAuth> = Object.freeze({ admin: null, record: null });

/** The id the reference compares between subscribe calls: the admin's or the auth record's id, "" for guests. */
export function authId(a: Pick<ClientAuth, "admin" | "record">): string {
  return a.admin ? a.admin.id : a.record ? String(a.record.record.id) : "";
}

/** A key naming one principal (admin vs record of a collection), for grouping and lookups. */
export function authKey(a: Pick<ClientAuth, "admin" | "record">): string {
  if (a.admin) return `admin:${a.admin.id}`;
  if (a.record) return `record:${a.record.collection.id}:${String(a.record.record.id)}`;
  return "";
}

/** One SSE connection: its id, bound auth, subscriptions and outgoing stream. */
export class RealtimeClient {
  auth: ClientAuth = GUEST;
  readonly subscriptions = new Map<string, ParsedSubscription>();
  closed = false;
  /** When the last message went out (ms); the idle sweep drops clients quiet for too long. */
  lastActivity = Date.now();
  private corked = false;
  private pending = "";

  constructor(
    readonly id: string,
    private readonly sink: SseSink,
    private readonly maxBufferedBytes: number,
    private readonly onOverflow: (c: RealtimeClient) => void,
    private readonly onActivity?: (c: RealtimeClient) => void,
  ) {}

  /**
   * Queues one SSE message (`id`, `event`, `data` lines, as the reference frames them).
   * Messages of one tick go out in one write; a client whose backlog passes the bound is
   * dropped instead of growing memory or slowing anyone else.
   */
  send(name: string, data: string): void {
    if (this.closed) return;
    this.pending += `id:${this.id}\nevent:${name}\ndata:${data}\n\n`;
    if (!this.corked) {
      this.corked = true;
      queueMicrotask(() => this.flush());
    }
  }

  private flush(): void {
    this.corked = false;
    if (this.closed || this.pending === "") return;
    const chunk = this.pending;
    this.pending = "";
    if (this.sink.buffered() + chunk.length > this.maxBufferedBytes) {
      this.onOverflow(this);
      return;
    }
    this.sink.write(chunk);
    this.lastActivity = Date.now();
    this.onActivity?.(this);
  }

  close(abort = false): void {
    if (this.closed) return;
    this.closed = true;
    this.pending = "";
    this.sink.close(abort);
  }
}
