import { afterAll, beforeAll } from "vitest";
import { cleanupTempDirs, copyDataDir, referenceDataDir } from "./dataDirs.js";
import { startCairn, startReference, type RunningCairn, type RunningServer } from "./servers.js";

export interface BothServers {
  ref: RunningServer;
  cairn: RunningCairn;
}

/**
 * The reference binary and Cairn on copies of the reference data directory, started before a
 * test file's tests and stopped after them. Read `ref` and `cairn` inside tests (they are set
 * once the servers run).
 */
export function useBothServers(): BothServers {
  const servers = {} as BothServers;
  beforeAll(async () => {
    const base = referenceDataDir();
    [servers.ref, servers.cairn] = await Promise.all([startReference(copyDataDir(base)), startCairn(copyDataDir(base))]);
  });
  afterAll(async () => {
    await Promise.all([servers.ref?.stop(), servers.cairn?.stop()]);
    cleanupTempDirs();
  });
  return servers;
}
