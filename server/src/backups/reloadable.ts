/**
 * An app whose services can be closed and reopened in place (after a restore replaced the
 * data directory) while everything holding the app keeps its reference: every property read
 * goes to the services opened last. Properties named in `fixed` (the event bus, the backups
 * service, close/reload themselves) live as long as the app and are not reopened.
 */
export interface Reloadable {
  /**
   * Closes the current services, runs `swap` (the file work), and opens the services again.
   * When the reopen fails, `undo` runs and the services open on what it left; the error is
   * rethrown. Calls are serialized by the caller (one restore at a time).
   */
  reload(swap: () => void, undo: () => void): Promise<void>;
  /** Resolves at once, or once a reload in progress has reopened the services. */
  whenOpen(): Promise<void>;
  /** False while a reload is in progress (then wait with `whenOpen`); lets hot paths skip a promise. */
  isOpen(): boolean;
}

export interface Closable {
  close(): Promise<void>;
}

/** Opens the services (`open` resolves once their databases and settings are loaded) and returns the app over them. */
export async function reloadable<Core extends Closable, Fixed extends object>(
  open: () => Promise<Core>,
  fixed: (self: Core & Fixed & Reloadable) => Fixed,
): Promise<Core & Fixed & Reloadable> {
  let current = await open();
  let closed = false;
  let extra: Fixed | null = null;
  let reopening: Promise<void> | null = null;
  const control: Reloadable & Closable = {
    async reload(swap, undo) {
      let done!: () => void;
      reopening = new Promise<void>((resolve) => (done = resolve));
      try {
        await current.close();
        try {
          swap();
          current = await open();
        } catch (err) {
          undo();
          current = await open();
          throw err;
        }
      } finally {
        reopening = null;
        done();
      }
    },
    whenOpen() {
      return reopening ?? Promise.resolve();
    },
    isOpen() {
      return reopening === null;
    },
    async close() {
      if (closed) return;
      closed = true;
      await (extra as Partial<Closable> | null)?.close?.();
      await current.close();
    },
  };
  const self = new Proxy({} as Core & Fixed & Reloadable, {
    get(_t, prop) {
      if (prop === "reload" || prop === "close" || prop === "whenOpen" || prop === "isOpen") return control[prop];
      if (extra && prop in extra) return (extra as Record<string | symbol, unknown>)[prop];
      return (current as Record<string | symbol, unknown>)[prop];
    },
    has(_t, prop) {
      return prop === "reload" || prop === "close" || prop === "whenOpen" || prop === "isOpen" || (extra !== null && prop in extra) || prop in current;
    },
  });
  extra = fixed(self);
  return self;
}
