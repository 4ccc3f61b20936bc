import type { CollectionService } from "../collections/service.js";
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

  constructor(private readonly env: { collections: CollectionService; settings: SettingsStore; events: EventBus }) {
    const drop = () => void (this.cached = null);
    env.events.on("collection.save", drop);
    env.events.on("collection.delete", drop);
    env.events.on("settings.save", drop);
  }

  document(who: Caller): OpenApiDocument {
    if (!this.env.settings.get().openApi.public) requireAdmin(who);
    if (!this.cached) {
      const { meta } = this.env.settings.get();
      this.cached = buildDocument(this.env.collections.all(), { appName: meta.appName, appUrl: meta.appUrl, version: VERSION });
    }
    return this.cached;
  }
}
