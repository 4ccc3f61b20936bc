import type PocketBase from "pocketbase";
import { createStore } from "./store";

export interface AppInfo {
  appName: string;
  hideControls: boolean;
}

/** Application identity read from the settings at start-up (meta.appName, meta.hideControls). */
export const appInfoStore = createStore<AppInfo>({ appName: "", hideControls: false });

/** Reads meta.appName and meta.hideControls; a failure only logs a console warning. */
export async function loadAppInfo(pb: PocketBase): Promise<void> {
  try {
    const settings = await pb.settings.getAll({ requestKey: "app_info" });
    const meta = (settings?.meta ?? {}) as { appName?: unknown; hideControls?: unknown };
    appInfoStore.set({
      appName: typeof meta.appName === "string" ? meta.appName : "",
      hideControls: meta.hideControls === true,
    });
  } catch (err) {
    console.warn("Failed to load the application settings.", err);
  }
}
