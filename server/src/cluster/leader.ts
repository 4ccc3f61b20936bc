/**
 * Whether this node holds the cluster's leader lease: work that must happen once per cluster
 * (cron jobs, auto backups) runs only on the leader. One process is always its own leader
 * (localLeader.ts); several nodes would take a lease in the shared database (a row with an
 * expiry renewed by the holder, or a PostgreSQL advisory lock) and report its changes here.
 */
export interface Leader {
  /** Holds the lease now (read at the moment the work would start). */
  isLeader(): boolean;
  /** Calls `fn` when the lease is won (true) or lost (false); returns the unsubscribe. */
  onChange(fn: (leader: boolean) => void): () => void;
  /** Gives the lease up (closing the app). */
  close(): Promise<void>;
}
