import { ValidationError } from "../tools/errors.js";
import { decodeRequestBody } from "../tools/requestBody.js";
import { keepRedactedSecrets } from "./redact.js";
import { SETTINGS_SHAPE } from "./schema.js";
import type { SettingsStore } from "./store.js";
import type { Settings } from "./types.js";
import { validateSettings } from "./validate.js";

const INVALID = "Something went wrong while processing your request.";

/**
 * Applies a PATCH body (raw text and its content type) over the current settings:
 * decode (throws LoadError on malformed data), keep secrets sent back redacted, validate
 * (throws ValidationError with nested field errors), save. Returns the saved settings.
 */
export function updateSettings(store: SettingsStore, contentType: string | undefined, rawBody: string | undefined): Settings {
  const current = store.get();
  const next = structuredClone(current);
  decodeRequestBody(contentType, rawBody, SETTINGS_SHAPE, next as unknown as Record<string, unknown>);
  keepRedactedSecrets(next, current);
  const errors = validateSettings(next);
  if (errors) throw new ValidationError(INVALID, errors);
  store.save(next);
  return store.get();
}
