/**
 * How the nodes of a cluster talk: every node's messages reach every other node, in the order
 * each sender sent them. One process alone needs no link (the app then runs without one);
 * PostgreSQL's LISTEN/NOTIFY carries it between nodes (pgLink.ts).
 */
export interface ClusterLink {
  /** This node's id (random per process), carried by its messages. */
  readonly nodeId: string;
  /** Sends a JSON-serializable message to every other node (never back to this one). */
  send(message: unknown): void;
  /**
   * Messages from the other nodes, one at a time in arrival order (a handler's promise is
   * awaited before the next message is handed out, so a handler can fetch what it needs first).
   */
  onMessage(fn: (message: unknown, from: string) => void | Promise<void>): () => void;
  /** Messages may have been missed (the listening connection dropped, a sender's queue overflowed): rebuild caches. */
  onResync(fn: () => void | Promise<void>): () => void;
  /** Sends what is queued, then stops listening. */
  close(): Promise<void>;
}
