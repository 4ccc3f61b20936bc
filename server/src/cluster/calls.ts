import { DomainError, type ErrorKind } from "../tools/errors.js";
import { randomString } from "../tools/random.js";
import type { ClusterLink } from "./link.js";

/** A node answered nothing in time (it died, or no node has that id). */
export class NoAnswer extends Error {}

/**
 * Calls from one node to another over the cluster link: work that must run where some state
 * lives (a realtime client's connection). The callee's DomainError comes back as one.
 */
export interface NodeCalls {
  readonly nodeId: string;
  call(to: string, kind: string, body: unknown, timeoutMs?: number): Promise<unknown>;
  /** Answers calls of `kind` addressed to this node; returns the unsubscribe. */
  handle(kind: string, fn: (body: unknown) => unknown): () => void;
}

interface CallMessage {
  t: "call";
  to: string;
  id: string;
  kind: string;
  body: unknown;
}

interface ReplyMessage {
  t: "reply";
  to: string;
  id: string;
  value?: unknown;
  error?: { kind: ErrorKind; message: string; data: Record<string, unknown> } | { message: string };
}

type Message = CallMessage | ReplyMessage;

/** NodeCalls as messages on the link: every node sees every call and reply, the addressee acts. */
export class LinkCalls implements NodeCalls {
  private readonly pending = new Map<string, { resolve: (v: unknown) => void; reject: (e: unknown) => void; timer: NodeJS.Timeout }>();
  private readonly handlers = new Map<string, (body: unknown) => unknown>();
  private readonly off: () => void;

  constructor(private readonly link: ClusterLink) {
    this.off = link.onMessage((m, from) => this.received(m as Message, from));
  }

  get nodeId(): string {
    return this.link.nodeId;
  }

  call(to: string, kind: string, body: unknown, timeoutMs = 3000): Promise<unknown> {
    const id = randomString(16);
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.pending.delete(id);
        reject(new NoAnswer(`node ${to} did not answer ${kind}`));
      }, timeoutMs);
      timer.unref();
      this.pending.set(id, { resolve, reject, timer });
      this.link.send({ t: "call", to, id, kind, body } satisfies CallMessage);
    });
  }

  handle(kind: string, fn: (body: unknown) => unknown): () => void {
    this.handlers.set(kind, fn);
    return () => void (this.handlers.get(kind) === fn && this.handlers.delete(kind));
  }

  close(): void {
    this.off();
    for (const [id, p] of this.pending) {
      clearTimeout(p.timer);
      p.reject(new NoAnswer("closing"));
      this.pending.delete(id);
    }
  }

  private received(m: Message, from: string): void {
    if (typeof m !== "object" || m === null || m.to !== this.link.nodeId) return;
    if (m.t === "reply") {
      const p = this.pending.get(m.id);
      if (!p) return;
      this.pending.delete(m.id);
      clearTimeout(p.timer);
      if (!m.error) p.resolve(m.value);
      else if ("kind" in m.error) p.reject(new DomainError(m.error.kind, m.error.message, m.error.data));
      else p.reject(new Error(m.error.message));
      return;
    }
    if (m.t !== "call") return;
    const fn = this.handlers.get(m.kind);
    if (!fn) return;
    // Answered off the link's handler chain: a slow call never holds back other nodes' messages.
    void Promise.resolve()
      .then(() => fn(m.body))
      .then(
        (value) => ({ value }),
        (err: unknown) => ({
          error: err instanceof DomainError ? { kind: err.kind, message: err.message, data: err.data } : { message: err instanceof Error ? err.message : String(err) },
        }),
      )
      .then((r) => this.link.send({ t: "reply", to: from, id: m.id, ...r }));
  }
}
