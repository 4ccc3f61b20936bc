import type { Leader } from "./leader.js";

/** One process, no cluster: it always leads, so its lease never changes hands. */
export class LocalLeader implements Leader {
  isLeader(): boolean {
    return true;
  }

  onChange(): () => void {
    return () => undefined;
  }

  async close(): Promise<void> {}
}

/** A process that must never run once-per-cluster jobs (a one-off command beside running servers). */
export class NeverLeader implements Leader {
  isLeader(): boolean {
    return false;
  }

  onChange(): () => void {
    return () => undefined;
  }

  async close(): Promise<void> {}
}
