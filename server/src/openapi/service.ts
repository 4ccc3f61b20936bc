import type { CollectionModel } from "../models/collection.js";
import type { EventBus } from "../events/bus.js";
import type { SettingsStore } from "../settings/store.js";
import { requireAdmin, type Caller } from "../auth/caller.js";
import { VERSION } from "../version.js";
import { buildDocument, type OpenApiDocument } from "./document.js";

/**
 * `GET /api/openapi.json`: built on first use and kept until a collection or the settings
 * change (bus events), so a schema change shows at once. Admins only unless the
 * `openApi.public` setting opens it.
 */
export class OpenApiService {
  private cached: OpenApiDocument | null = null;
  /** Bumped by every change: a document built across one is not kept. */
  private generation = 0;

  constructor(private readonly env: { collections: { all(): Promise<CollectionModel[]> }; settings: SettingsStore; events: EventBus }) {
    const drop = () => {
      this.cached = null;
      this.generation++;
    };
    env.events.on("collection.save", drop);
    env.events.on("collection.delete", drop);
    env.events.on("settings.save", drop);
  }

  async document(who: Caller): Promise<OpenApiDocument> {
    if (!this.env.settings.get().openApi.public) requireAdmin(who);
    if (this.cached) return this.cached;
    const generation = this.generation;
    const collections = await this.env.collections.all();
    const { meta } = this.env.settings.get();
    const doc = buildDocument(collections, { appName: meta.appName, appUrl: meta.appUrl, version: VERSION });
    if (generation === this.generation) this.cached = doc;
    return doc;
  }
}
