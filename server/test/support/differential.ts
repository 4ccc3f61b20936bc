import { afterAll, beforeAll, expect, it } from "vitest";
import { adminToken, call, mask, shape, type Answer, type Call } from "./client.js";
import { referenceDataDir } from "./dataDirs.js";
import type { RunningCairn, RunningServer } from "./servers.js";
import { startBothServers, stopBothServers } from "./bothServers.js";

export interface Ctx {
  /** Admin token valid on both servers (same data directory, same keys). */
  token: string;
  /** Values cases may stash for later cases. */
  vars: Record<string, string>;
}

export interface DiffCase {
  name: string;
  req: (ctx: Ctx) => Call;
  /** "exact": bodies equal once volatile values are masked (the default); "shape": same keys and types. */
  compare?: "exact" | "shape" | "status";
  /** Optional extra check on Cairn's answer. */
  check?: (answer: Answer, ctx: Ctx) => void | Promise<void>;
  /** Runs on the reference's answer to capture values for later cases. */
  capture?: (answer: Answer, ctx: Ctx) => void;
  /** Values Cairn adds to this answer on purpose ("a.b" for a nested key): each must be there with this value, then is left out of the comparison. */
  cairnAdds?: Record<string, unknown>;
}

/**
 * Registers one test per case. Both servers run on copies of the same reference-made
 * data directory, so ids, secrets and tokens are valid on both; cases run in order
 * on both servers and their answers must match.
 */
export function differential(
  cases: DiffCase[],
  setup?: (dir: string) => void | Promise<void>,
  opts: { signIn?: boolean; cairnExtras?: string[] } = {},
): { servers: () => { cairn: RunningCairn; ref: RunningServer } } {
  let cairn: RunningCairn;
  let ref: RunningServer;
  const ctx: Ctx = { token: "", vars: {} };

  beforeAll(async () => {
    const base = referenceDataDir();
    await setup?.(base);
    ({ ref, cairn } = await startBothServers(base));
    if (opts.signIn !== false) ctx.token = await adminToken(ref);
  });

  afterAll(() => stopBothServers({ ref, cairn }));

  for (const c of cases) {
    it(c.name, async () => {
      const req = c.req(ctx);
      const [a, answer] = await Promise.all([call(ref, req), call(cairn, req)]);
      for (const [k, v] of Object.entries(c.cairnAdds ?? {})) expect(valueAt(answer.body, k), `Cairn's ${k}`).toEqual(v);
      const b = withoutExtras(answer, [...(opts.cairnExtras ?? []), ...Object.keys(c.cairnAdds ?? {})]);
      c.capture?.(a, ctx);
      const where = `${req.method ?? "GET"} ${req.path}`;
      expect(b.status, `status of ${where}: cairn ${JSON.stringify(b.body)} vs reference ${JSON.stringify(a.body)}`).toBe(a.status);
      const mode = c.compare ?? "exact";
      if (mode === "exact") expect(mask(b.body), where).toEqual(mask(a.body));
      if (mode === "shape") expect(shape(b.body), where).toEqual(shape(a.body));
      await c.check?.(b, ctx);
    });
  }
  return { servers: () => ({ cairn, ref }) };
}

/** The value at a dotted key of a JSON body. */
function valueAt(body: unknown, key: string): unknown {
  return key.split(".").reduce<unknown>((v, k) => (v && typeof v === "object" ? (v as Record<string, unknown>)[k] : undefined), body);
}

/** Cairn's answer without the keys it adds on purpose (settings groups beyond v0.22; "a.b" for a nested one). */
function withoutExtras(answer: Answer, keys: string[] | undefined): Answer {
  const body = answer.body;
  if (!keys?.length || !body || typeof body !== "object" || Array.isArray(body)) return answer;
  const rest = { ...(body as Record<string, unknown>) };
  for (const k of keys) {
    const [top, inner] = k.split(".");
    if (inner === undefined) delete rest[top!];
    else if (rest[top!] && typeof rest[top!] === "object") {
      const { [inner]: _dropped, ...kept } = rest[top!] as Record<string, unknown>;
      rest[top!] = kept;
    }
  }
  return { ...answer, body: rest };
}
