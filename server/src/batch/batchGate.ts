/**
 * Keeps a batch's transaction to itself. The app has one SQLite connection, and a batch holds
 * its transaction open across awaits: any other request writing meanwhile would land inside
 * it (and vanish on rollback), any reading would see uncommitted rows. So a batch waits for the
 * writes in flight to finish, and requests arriving meanwhile wait for the batch.
 * Without a batch running, entering costs one counter increment.
 */
export class BatchGate {
  private writers = 0;
  private exclusive: Promise<void> | null = null;
  private drained: (() => void) | null = null;

  /** Whether a batch runs (or waits for the writers in flight); `idle()` then waits. */
  get busy(): boolean {
    return this.exclusive !== null;
  }

  /** Waits while a batch runs (readers and writers alike). */
  async idle(): Promise<void> {
    while (this.exclusive) await this.exclusive;
  }

  /** Enters as a writer; returns the (idempotent) release. */
  async enter(): Promise<() => void> {
    // Checked and taken in the same tick (no await between), so a batch cannot slip in.
    while (this.exclusive) await this.exclusive;
    this.writers++;
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.writers--;
      if (this.writers === 0) this.drained?.();
    };
  }

  /** Runs fn alone: after the writers in flight finish, with new requests held until it settles. */
  async run<T>(fn: () => Promise<T>): Promise<T> {
    let done!: () => void;
    const turn = new Promise<void>((resolve) => (done = resolve));
    while (this.exclusive) await this.exclusive;
    this.exclusive = turn;
    try {
      if (this.writers > 0) await new Promise<void>((resolve) => (this.drained = resolve));
      this.drained = null;
      return await fn();
    } finally {
      this.exclusive = null;
      done();
    }
  }
}
