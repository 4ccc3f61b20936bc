import { ValidationError } from "../tools/errors.js";
import type { Shape } from "../tools/goJson.js";
import { keepRedactedSecrets } from "./redact.js";
import { SETTINGS_SHAPE } from "./schema.js";
import type { SettingsStore } from "./store.js";
import type { Settings } from "../models/settings.js";
import { validateSettings } from "./validate.js";

const INVALID = "Something went wrong while processing your request.";

/** Applies a submitted body onto `target` following `shape` (the HTTP layer's body reader). */
export type BodyDecoder = (shape: Shape, target: Record<string, unknown>) => void;

/**
 * Applies a PATCH body over the current settings: decode (the decoder throws on malformed
 * data), keep secrets sent back redacted, validate (throws ValidationError with nested
 * field errors), save. Returns the saved settings.
 */
export function updateSettings(store: SettingsStore, decode: BodyDecoder): Promise<Settings> {
  return store.update((current) => {
    const next = structuredClone(current);
    decode(SETTINGS_SHAPE, next as unknown as Record<string, unknown>);
    keepRedactedSecrets(next, current);
    const errors = validateSettings(next);
    if (errors) throw new ValidationError(INVALID, errors);
    return next;
  });
}
