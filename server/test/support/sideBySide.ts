import { afterAll, beforeAll, expect, it } from "vitest";
import { adminToken, call, mask, type Answer, type Call } from "./client.js";
import { cleanupTempDirs } from "./dataDirs.js";
import type { RunningServer } from "./servers.js";
import { startBothServers } from "./bothServers.js";

/** Per-server values a step reads and saves (each server's own tokens, starting with `admin`). */
export type Vars = Record<string, string>;

/** Values that differ by nature between two servers: generated usernames and collection ids. */
const generated = (b: unknown): unknown =>
  JSON.parse(JSON.stringify(b ?? null).replace(/"([a-z_]+)\d{5}"/g, '"<generated>"').replace(/"collectionId":"[a-z0-9]{15}"/g, '"collectionId":"<c>"'));

/**
 * Side-by-side steps on the reference binary and Cairn over copies of one data directory.
 * Unlike `differential`, each server keeps its own values (tokens signed with its own
 * record keys), so steps can sign in and reuse the result. Status and masked body must match.
 */
export function sideBySide(): (name: string, req: (v: Vars) => Call, save?: (a: Answer, v: Vars) => void) => void {
  let servers: RunningServer[] = [];
  const vars = new Map<RunningServer, Vars>();
  beforeAll(async () => {
    const { ref, cairn } = await startBothServers();
    servers = [ref, cairn];
    for (const s of servers) vars.set(s, { admin: await adminToken(s) });
  });
  afterAll(async () => {
    await Promise.all(servers.map((s) => s.stop()));
    cleanupTempDirs();
  });
  return (name, req, save) =>
    it(name, async () => {
      const answers = await Promise.all(servers.map((s) => call(s, req(vars.get(s)!))));
      answers.forEach((a, i) => save?.(a, vars.get(servers[i]!)!));
      const [ref, cairn] = answers;
      expect({ status: cairn!.status, body: mask(generated(cairn!.body)) }).toEqual({ status: ref!.status, body: mask(generated(ref!.body)) });
    });
}
