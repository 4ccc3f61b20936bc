import type { ClusterLink } from "./link.js";
import type { RecordData } from "../models/record.js";
import type { Settings } from "../models/settings.js";
import type { AppEvent, EventTransport } from "../events/bus.js";

/** What a node does with the other nodes' changes before its listeners hear of them. */
export interface RemoteState {
  /** Re-reads the settings another node saved (they never travel: secrets stay in the database). */
  reloadSettings(): Promise<Settings>;
  /** Another node changed collections: drop the cached ones. */
  collectionsChanged(): void;
}

/** An event as it travels: `settings.save` without the settings, admins without their password hash. */
type WireEvent = AppEvent | { type: "settings.save"; settings?: undefined };

interface EventMessage {
  t: "event";
  e: WireEvent;
}

const isEventMessage = (m: unknown): m is EventMessage => typeof m === "object" && m !== null && (m as EventMessage).t === "event";

/**
 * The bus transport over a cluster link: events go out as JSON in the order emitted, and come in
 * through `RemoteState` first (settings read back from the database, collection caches dropped)
 * so listeners here see the same state the emitting node had. When the link may have missed
 * messages it rebuilds the same way: collections dropped, settings reloaded and announced.
 */
export class LinkTransport implements EventTransport {
  private state: RemoteState | null = null;
  private deliver: ((event: AppEvent) => void) | null = null;

  constructor(private readonly link: ClusterLink) {}

  /** Binds the node's state (once its services are open; null while they are closed for a reload). */
  bind(state: RemoteState | null): void {
    this.state = state;
  }

  publish(event: AppEvent): void {
    this.link.send({ t: "event", e: toWire(event) } satisfies EventMessage);
  }

  attach(deliver: (event: AppEvent) => void): void {
    this.deliver = deliver;
    this.link.onMessage(async (m) => {
      if (!isEventMessage(m)) return;
      const event = await this.arrived(m.e);
      if (event) deliver(event);
    });
    this.link.onResync(async () => {
      const state = this.state;
      if (!state) return;
      state.collectionsChanged();
      this.deliver?.({ type: "settings.save", settings: await state.reloadSettings() });
    });
  }

  private async arrived(e: WireEvent): Promise<AppEvent | null> {
    const state = this.state;
    switch (e.type) {
      case "settings.save":
        // Unbound (closed for a reload): the services that reopen read the settings afresh.
        return state ? { type: "settings.save", settings: await state.reloadSettings() } : null;
      case "collection.save":
      case "collection.delete":
        state?.collectionsChanged();
        return e;
      default:
        return e;
    }
  }
}

function toWire(e: AppEvent): WireEvent {
  switch (e.type) {
    case "settings.save":
      return { type: "settings.save" };
    case "admin.save":
    case "admin.delete":
      // Listeners elsewhere need the id and token key (bound realtime auth), never the hash.
      return { ...e, admin: { ...e.admin, passwordHash: "" } };
    case "record.create":
    case "record.delete":
      return "passwordHash" in e.record ? { ...e, record: withoutHash(e.record) } : e;
    case "record.update":
      return "passwordHash" in e.record ? { ...e, record: withoutHash(e.record), previous: e.previous && withoutHash(e.previous) } : e;
    default:
      return e;
  }
}

/** An auth record as it travels: realtime elsewhere needs its token key, never its password hash. */
function withoutHash(r: RecordData): RecordData {
  return { ...r, passwordHash: "" };
}
