import type { CollectionModel } from "../models/collection.js";
import type { RecordData } from "../models/record.js";
import type { AdminModel } from "../models/admin.js";
import type { Settings } from "../models/settings.js";

/**
 * What the app announces after a change is committed. Realtime, backups and the dashboard's
 * live updates listen; a multi-node deployment replaces the transport, so events carry plain
 * data (no handles, no callbacks).
 */
export type AppEvent =
  | { type: "record.create"; collection: CollectionModel; record: RecordData }
  | { type: "record.update"; collection: CollectionModel; record: RecordData; previous?: RecordData }
  | { type: "record.delete"; collection: CollectionModel; record: RecordData }
  | { type: "collection.save"; collection: CollectionModel; previous?: CollectionModel }
  | { type: "collection.delete"; collection: CollectionModel }
  | { type: "settings.save"; settings: Settings }
  | { type: "admin.save"; admin: AdminModel }
  | { type: "admin.delete"; admin: AdminModel };

export type AppEventType = AppEvent["type"];
export type EventOf<T extends AppEventType> = Extract<AppEvent, { type: T }>;
export type Listener<T extends AppEventType> = (event: EventOf<T>) => void;

/** The narrow interface the rest of the app sees; an in-process implementation is below. */
export interface EventBus {
  /** Subscribes to one event type (or `"*"` for all); returns the unsubscribe function. */
  on<T extends AppEventType>(type: T, listener: Listener<T>): () => void;
  on(type: "*", listener: (event: AppEvent) => void): () => void;
  /** Delivers an event to its listeners synchronously; a throwing listener never reaches the publisher. */
  emit(event: AppEvent): void;
}

/**
 * Carries events between the nodes of a cluster (cluster/busTransport.ts over cluster/link.ts).
 * Without one the bus is in-process only.
 */
export interface EventTransport {
  /** Sends an event this node emitted to the other nodes (after its local listeners ran). */
  publish(event: AppEvent): void;
  /** Starts handing the other nodes' events to `deliver` (this node's listeners only: never published again). */
  attach(deliver: (event: AppEvent) => void): void;
}

export interface EventBusOptions {
  /** Called when a listener throws (defaults to console.error). */
  onListenerError?: (err: unknown, event: AppEvent) => void;
  /** Other nodes' events come in and this node's go out through it (several nodes on one database). */
  transport?: EventTransport;
}

/**
 * An in-process bus: listeners run in subscription order, in the publisher's tick. With a
 * transport, an emitted event also goes to the other nodes, and theirs reach the listeners here
 * as if emitted here (once each: a node never hears its own events back).
 */
export function createEventBus(opts: EventBusOptions = {}): EventBus {
  const listeners = new Map<string, Set<(event: AppEvent) => void>>();
  const report = opts.onListenerError ?? ((err: unknown) => console.error(err));
  const deliver = (set: Set<(event: AppEvent) => void> | undefined, event: AppEvent) => {
    if (!set) return;
    for (const fn of [...set]) {
      try {
        fn(event);
      } catch (err) {
        report(err, event);
      }
    }
  };
  const local = (event: AppEvent) => {
    deliver(listeners.get(event.type), event);
    deliver(listeners.get("*"), event);
  };
  opts.transport?.attach(local);
  return {
    on(type: string, listener: (event: never) => void) {
      let set = listeners.get(type);
      if (!set) listeners.set(type, (set = new Set()));
      const fn = listener as (event: AppEvent) => void;
      set.add(fn);
      return () => void set!.delete(fn);
    },
    emit(event) {
      local(event);
      opts.transport?.publish(event);
    },
  };
}
