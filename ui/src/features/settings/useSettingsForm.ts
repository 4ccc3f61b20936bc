import { useCallback, useEffect, useRef, useState } from "react";
import { fetchSettings, useUpdateSettings, type Settings } from "../../data/settings/settings";
import { stripRedacted } from "../../data/settings/redact";
import { appInfoStore } from "../../lib/appInfo";
import { handleError } from "../../lib/errors";
import { clearFormErrors } from "../../lib/formErrors";
import { addSuccessToast } from "../../lib/toasts";
import { clone, isChanged, setPath, type ErrorMap } from "./formModel";

export interface SettingsFormOptions<T> {
  /** The page's form copy, taken from the full settings. */
  pick: (settings: Settings) => T;
  /** The PATCH body (changed groups keyed by group name); redacted values are removed afterwards. */
  toPayload: (form: T) => Record<string, unknown>;
  validate?: (form: T) => ErrorMap;
  successMessage: string;
  /** Runs after a successful save with the server's settings (before the toast). Return false to skip the toast. */
  onSaved?: (settings: Settings) => boolean | void;
  /** Runs before sending (e.g. cancelling a pending S3 test). */
  beforeSave?: () => void;
}

/**
 * The behaviour common to settings pages: loads the settings (loading flag meanwhile), keeps the
 * loaded copy and the form, tracks changes, resets, validates and saves; after a save the returned
 * values become the loaded copy. Server field errors go to the shared form-errors store.
 */
export function useSettingsForm<T>(opts: SettingsFormOptions<T>) {
  const latest = useRef(opts);
  latest.current = opts;
  const update = useUpdateSettings();
  const [settings, setSettings] = useState<Settings | null>(null);
  const [loaded, setLoaded] = useState<T | null>(null);
  const [form, setForm] = useState<T | null>(null);
  const [errors, setErrors] = useState<ErrorMap>({});

  const adopt = useCallback((s: Settings) => {
    const picked = latest.current.pick(s);
    setSettings(s);
    setLoaded(picked);
    setForm(clone(picked));
  }, []);

  useEffect(() => {
    clearFormErrors();
    const ctrl = new AbortController();
    fetchSettings(ctrl.signal).then(adopt, (err) => handleError(err));
    return () => {
      ctrl.abort();
      clearFormErrors();
    };
  }, [adopt]);

  const changed = loaded !== null && form !== null && isChanged(loaded, form);

  const set = useCallback((path: string, value: unknown) => {
    setForm((f) => (f === null ? f : setPath(f, path, value)));
    setErrors((e) => {
      if (!e[path]) return e;
      const next = { ...e };
      delete next[path];
      return next;
    });
  }, []);

  const reset = useCallback(() => {
    setForm(loaded === null ? null : clone(loaded));
    setErrors({});
    clearFormErrors();
  }, [loaded]);

  const save = useCallback(() => {
    if (form === null || !changed || update.isPending) return;
    const o = latest.current;
    const found = o.validate ? o.validate(form) : {};
    setErrors(found);
    if (Object.keys(found).length) return;
    o.beforeSave?.();
    clearFormErrors();
    update.mutate(stripRedacted(o.toPayload(form)) as Partial<Settings>, {
      onSuccess: (data) => {
        adopt(data);
        const meta = (data.meta ?? {}) as { appName?: string; hideControls?: boolean };
        appInfoStore.set({ appName: meta.appName ?? "", hideControls: meta.hideControls === true });
        if (latest.current.onSaved?.(data) === false) return;
        addSuccessToast(latest.current.successMessage);
      },
      onError: (err) => handleError(err),
    });
  }, [form, changed, update, adopt]);

  return {
    /** The full settings as last loaded or saved. */
    settings,
    loaded,
    form,
    setForm,
    set,
    errors,
    setErrors,
    changed,
    saving: update.isPending,
    loading: form === null,
    reset,
    save,
  };
}

export type SettingsForm<T> = ReturnType<typeof useSettingsForm<T>>;
