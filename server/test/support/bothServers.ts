import { afterAll, beforeAll } from "vitest";
import { cleanupTempDirs, copyDataDir, referenceDataDir } from "./dataDirs.js";
import { startCairn, startReference, type RunningCairn, type RunningServer } from "./servers.js";

export interface BothServers {
  ref: RunningServer;
  cairn: RunningCairn;
}

/** The reference binary and Cairn, each on its own copy of `base` (the reference-made fixture by default). */
export async function startBothServers(base: string = referenceDataDir()): Promise<BothServers> {
  const [ref, cairn] = await Promise.all([startReference(copyDataDir(base)), startCairn(copyDataDir(base))]);
  return { ref, cairn };
}

/** Stops the servers startBothServers started (either is missing when a start failed) and removes the temporary directories. */
export async function stopBothServers(servers: { ref?: RunningServer; cairn?: RunningServer }): Promise<void> {
  await Promise.all([servers.ref?.stop(), servers.cairn?.stop()]);
  cleanupTempDirs();
}

/**
 * Both servers for a test file: started before its tests and stopped after them. Read `ref` and
 * `cairn` inside tests (they are set once the servers run).
 */
export function useBothServers(): BothServers {
  const servers = {} as BothServers;
  beforeAll(async () => {
    Object.assign(servers, await startBothServers());
  });
  afterAll(() => stopBothServers(servers));
  return servers;
}
