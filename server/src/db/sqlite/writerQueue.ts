/**
 * One writer at a time, first come first served: SQLite has one write lock, and the
 * connection that holds a transaction open across awaits must not take other writers'
 * statements into it.
 */
export class WriterQueue {
  private tail: Promise<void> = Promise.resolve();
  private held = false;

  /** Whether a transaction holds the writer now. */
  get busy(): boolean {
    return this.held;
  }

  /** Resolves with the release function once every earlier holder has released. */
  acquire(): Promise<() => void> {
    let release!: () => void;
    const turn = new Promise<void>((resolve) => (release = resolve));
    const before = this.tail;
    this.tail = before.then(() => turn);
    return before.then(() => {
      this.held = true;
      let done = false;
      return () => {
        if (done) return;
        done = true;
        this.held = false;
        release();
      };
    });
  }
}
