import { afterAll, beforeAll } from "vitest";
import type { AppEvent } from "../../src/events/bus.js";
import { adminToken } from "./client.js";
import { cairnDataDir, cleanupTempDirs } from "./dataDirs.js";
import { startCairn, type RunningCairn } from "./servers.js";

export interface EventsHarness {
  cairn: RunningCairn;
  /** An admin token for the started instance. */
  token: string;
  /** Every event of `app.events`, in order, from the end of the start onwards. */
  seen: AppEvent[];
}

/**
 * For a describe block: starts Cairn on a fresh data dir before its tests, records every
 * event of the app's bus and stops it after them. `setup` runs once after the start (fixtures).
 * The fields are filled in by `beforeAll`, so read them inside the tests.
 */
export function cairnWithEvents(setup?: (h: EventsHarness) => Promise<void>): EventsHarness {
  const h = { seen: [] as AppEvent[] } as EventsHarness;
  beforeAll(async () => {
    h.cairn = await startCairn(await cairnDataDir());
    h.token = await adminToken(h.cairn);
    h.cairn.app.events.on("*", (e) => h.seen.push(e));
    await setup?.(h);
  });
  afterAll(async () => {
    await h.cairn.stop();
    cleanupTempDirs();
  });
  return h;
}
