import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { Cron } from "croner";
import { collectionJson, type CollectionModel } from "../models/collection.js";
import type { RecordData } from "../models/record.js";
import { adminJson } from "../models/admin.js";
import type { Caller } from "../auth/caller.js";
import type { RecordHookContext, RecordWriteAction, RecordWriteHooks } from "../records/writeHooks.js";
import { CRON_MACROS, cronError } from "../settings/cron.js";
import { HookError } from "./errors.js";
import { watchHookFiles } from "./watch.js";
import type { HookReply, HookRequest } from "./types.js";
import { hookHost, type HookHostServices } from "./host.js";
import { HookPool, type EventRegistration, type HookRegistry, type HookTask, type RouteRegistration } from "./pool.js";

export interface HooksOptions {
  /** The hooks directory (`pb_hooks`); its `*.pb.js` files load in file-name order. Missing: no hooks. */
  dir: string;
  services: HookHostServices;
  /** Threads running hooks at once (default 2). */
  poolSize?: number;
  /** How long one hook may run before it is stopped (default 30 s). */
  timeoutMs?: number;
  /** `--hooksWatch`: the files load again when they change (PocketBase restarts itself instead). */
  watch?: boolean;
  /** Whether this node runs the cron jobs (the leader of a cluster; default: yes). */
  leads?: () => boolean;
  log?: (line: string) => void;
}

/** PocketBase's answer to a hook that threw something other than an ApiError. */
const PLAIN_ERROR_STATUS = 400;
const PLAIN_ERROR_MESSAGE = "Something went wrong while processing your request.";

const BEFORE: Record<RecordWriteAction, [string, string]> = {
  create: ["onRecordBeforeCreateRequest", "onModelBeforeCreate"],
  update: ["onRecordBeforeUpdateRequest", "onModelBeforeUpdate"],
  delete: ["onRecordBeforeDeleteRequest", "onModelBeforeDelete"],
};
const AFTER: Record<RecordWriteAction, [string, string]> = {
  create: ["onModelAfterCreate", "onRecordAfterCreateRequest"],
  update: ["onModelAfterUpdate", "onRecordAfterUpdateRequest"],
  delete: ["onModelAfterDelete", "onRecordAfterDeleteRequest"],
};

/**
 * The JS hooks of a `pb_hooks` directory (PocketBase v0.22's `*.pb.js` files): the routes they
 * add, the record and model hooks around the record service's writes, their cron jobs. Files run
 * on the pool's threads (pool.ts); their calls into the server are answered here (host.ts).
 */
export class Hooks implements RecordWriteHooks {
  private readonly log: (line: string) => void;
  private readonly jobs = new Map<string, { cron: Cron; fire: () => Promise<void> }>();
  private pool: HookPool | null = null;
  private registry: HookRegistry = EMPTY;
  /** The routes served (those of the first load: the HTTP server's routes are fixed once it listens). */
  private served: RouteRegistration[] = [];
  private stopWatching: () => void = () => undefined;
  private loading: Promise<void> = Promise.resolve();
  private loaded = false;

  private constructor(private readonly opts: HooksOptions) {
    this.log = opts.log ?? ((line) => process.stderr.write(line + "\n"));
  }

  /** Loads the files (a file that fails to load is logged with its file and line, the others run). */
  static async load(opts: HooksOptions): Promise<Hooks> {
    const hooks = new Hooks(opts);
    await hooks.reload();
    hooks.served = hooks.registry.routes;
    if (opts.watch) hooks.stopWatching = watchHookFiles(opts.dir, () => void hooks.reload());
    return hooks;
  }

  /**
   * Loads the files again, on new threads, and swaps them in (the old threads finish what they
   * run). A route added since the first load is served after a restart (logged); the others, the
   * record hooks and the cron jobs change at once.
   */
  reload(): Promise<void> {
    this.loading = this.loading.then(async () => {
      const files = hookFiles(this.opts.dir).map((name) => ({ filename: name, source: readFileSync(path.join(this.opts.dir, name), "utf8") }));
      const pool = files.length ? new HookPool({ files, hooksDir: path.resolve(this.opts.dir), size: this.opts.poolSize ?? 2, timeoutMs: this.opts.timeoutMs ?? 30_000, log: this.log }) : null;
      const registry = pool ? await pool.start() : EMPTY;
      for (const e of registry.errors) this.log(`Failed to execute ${e.file}: ${e.message}`);
      const old = this.pool;
      [this.pool, this.registry] = [pool, registry];
      if (this.loaded) {
        for (const r of registry.routes) if (!this.served.some((s) => sameRoute(s, r))) this.log(`pb_hooks: ${r.method} ${r.path} is new: it is served after a restart`);
        this.log("pb_hooks: reloaded");
      }
      this.startCrons();
      this.loaded = true;
      await old?.close({ drain: true });
    });
    return this.loading;
  }

  /** The cron jobs scheduled (by id), and when each runs next. */
  cronJobs(): { id: string; nextRun: Date | null }[] {
    return [...this.jobs].map(([id, job]) => ({ id, nextRun: job.cron.nextRun() }));
  }

  /** Runs a cron job now, as its time coming would (on the leader only). */
  async triggerCron(id: string): Promise<void> {
    await this.jobs.get(id)?.fire();
  }

  /** The routes the files added (at the first load), in the order they were added. */
  routes(): RouteRegistration[] {
    return this.served;
  }

  /**
   * Runs a route as the files now define it; its reply (null when it wrote none). Throws a
   * HookError for what the route threw, or the 404 of a route a reload took away.
   */
  async route(served: RouteRegistration, req: HookRequest): Promise<HookReply | null> {
    const r = this.registry.routes.find((x) => sameRoute(x, served));
    if (!r) throw new HookError(NOT_FOUND_STATUS, "Not Found.");
    const out = await this.run({ kind: "route", file: r.file, index: r.index, payload: JSON.stringify(req), label: `${r.method} ${r.path}` });
    return (out.reply as HookReply | null | undefined) ?? null;
  }

  /** Whether any file has `routerUse`/`routerPre` middlewares (they run before every route's handler). */
  hasMiddlewares(): boolean {
    return this.registry.middlewares.length > 0;
  }

  /**
   * Runs the files' `routerUse`/`routerPre` middlewares, file by file, before a request's handler:
   * the response headers they set, and the reply one wrote instead of calling `next` (an empty 200
   * when it wrote none; null when each called `next`: the handler runs). A middleware's code after
   * `next` runs before the handler, not around it.
   */
  async middleware(req: HookRequest): Promise<{ headers: Record<string, string>; reply: HookReply | null }> {
    const headers: Record<string, string> = {};
    for (const file of this.registry.middlewares) {
      const out = await this.run({ kind: "use", file, index: 0, payload: JSON.stringify(req), label: "routerUse" });
      Object.assign(headers, out.headers);
      if (out.reply) return { headers, reply: out.reply as HookReply };
      if (!out.next) return { headers, reply: { status: EMPTY_OK, kind: "noContent", headers: {} } };
    }
    return { headers, reply: null };
  }

  async before(action: RecordWriteAction, c: CollectionModel, record: RecordData, ctx: RecordHookContext): Promise<RecordData> {
    const [request, model] = BEFORE[action];
    let data = record;
    if (ctx.request) data = await this.fire(request, c, data, action === "create", ctx);
    return this.fire(model, c, data, action === "create", ctx);
  }

  /** As PocketBase v0.22 (which has written its answer by then): what an after hook throws is logged, the answer stays. */
  async after(action: RecordWriteAction, c: CollectionModel, record: RecordData, ctx: RecordHookContext): Promise<void> {
    const [model, request] = AFTER[action];
    for (const name of ctx.request ? [model, request] : [model]) {
      await this.fire(name, c, record, false, ctx).catch((err: unknown) => this.log(`pb_hooks: ${name} failed: ${err instanceof Error ? err.message : String(err)}`));
    }
  }

  /** onRecordsListRequest / onRecordViewRequest: the records a list or view answers, as the handlers leave them. */
  async shown(kind: "list" | "view", c: CollectionModel, records: RecordData[], who: Caller): Promise<RecordData[]> {
    const name = kind === "list" ? "onRecordsListRequest" : "onRecordViewRequest";
    let list = records;
    for (const h of this.registry.events.filter((e) => e.name === name && matches(e, c))) {
      const payload = { collection: collectionJson(c), records: list, isNew: false, request: requestOfCaller(who) };
      const out = await this.run({ kind: "event", file: h.file, index: h.index, payload: JSON.stringify(payload), label: name });
      list = (out.records as RecordData[] | undefined) ?? list;
    }
    return list;
  }

  /** onRecordAuthRequest: before a sign-in or refresh answers; a throw refuses it. */
  async authenticated(c: CollectionModel, record: RecordData, ctx: { who: Caller; token: string; method: string }): Promise<void> {
    await this.fire("onRecordAuthRequest", c, record, false, { who: ctx.who, request: true }, { token: ctx.token, authMethod: ctx.method, meta: null });
  }

  async close(): Promise<void> {
    this.stopWatching();
    await this.loading;
    for (const j of this.jobs.values()) j.cron.stop();
    await this.pool?.close();
  }

  /** Runs the handlers of one event for a collection in turn, each seeing the record as the one before left it. */
  private async fire(name: string, c: CollectionModel, record: RecordData, isNew: boolean, ctx: RecordHookContext, extra: object = {}): Promise<RecordData> {
    const handlers = this.registry.events.filter((e) => e.name === name && matches(e, c));
    let data = record;
    for (const h of handlers) {
      const payload = { ...extra, collection: collectionJson(c), record: data, isNew, request: ctx.request ? requestOfCaller(ctx.who) : undefined };
      const out = await this.run({ kind: "event", file: h.file, index: h.index, payload: JSON.stringify(payload), label: name }, ctx);
      data = (out.record as RecordData | undefined) ?? data;
    }
    return data;
  }

  private async run(task: HookTask, ctx?: RecordHookContext): Promise<Record<string, unknown>> {
    if (!this.pool) throw new Error("no hooks are loaded");
    const text = await this.pool.run(task, hookHost(this.opts.services, ctx?.tx), ctx?.tx !== undefined);
    const out = JSON.parse(text) as Record<string, unknown>;
    const error = out.error as { status?: number; message: string; data?: Record<string, unknown>; stack?: string } | undefined;
    if (!error) return out;
    if (typeof error.status === "number") throw new HookError(error.status, error.message, error.data ?? {});
    this.log(`pb_hooks: ${task.label} failed: ${error.message}${whereIn(error.stack ?? "")}`);
    throw new HookError(PLAIN_ERROR_STATUS, PLAIN_ERROR_MESSAGE);
  }

  /** The files' cron jobs (UTC, five fields or a macro, as the settings' backup schedule); they run on the leader only. */
  private startCrons(): void {
    for (const j of this.jobs.values()) j.cron.stop();
    this.jobs.clear();
    const removed = new Set(this.registry.removedCrons);
    const byId = new Map(this.registry.crons.filter((j) => !removed.has(j.id)).map((j) => [j.id, j]));
    for (const job of byId.values()) {
      const problem = cronError(job.expr);
      if (problem !== null) {
        this.log(`pb_hooks: cron job ${job.id}: ${problem}`);
        continue;
      }
      const task: HookTask = { kind: "cron", file: job.file, index: job.index, payload: "{}", label: `cron job ${job.id}` };
      const fire = async () => {
        if (this.opts.leads && !this.opts.leads()) return;
        await this.run(task).catch((err: unknown) => this.log(`pb_hooks: cron job ${job.id} failed: ${err instanceof Error ? err.message : String(err)}`));
      };
      const cron = new Cron(CRON_MACROS[job.expr] ?? job.expr, { timezone: "UTC", domAndDow: true, unref: true, protect: true }, fire);
      this.jobs.set(job.id, { cron, fire });
    }
  }
}

const EMPTY: HookRegistry = { routes: [], events: [], crons: [], removedCrons: [], middlewares: [], errors: [] };
const sameRoute = (a: RouteRegistration, b: RouteRegistration) => a.method === b.method && a.path === b.path;
const NOT_FOUND_STATUS = 404;
const EMPTY_OK = 200;

/** " (file.pb.js:line:column)" from a stack, when it passes through a hook file. */
function whereIn(stack: string): string {
  const m = /([\w.-]+\.pb\.js:\d+:\d+)/.exec(stack);
  return m ? ` (${m[1]})` : "";
}

/** The `*.pb.js` files of the directory in file-name order; none when it does not exist. */
function hookFiles(dir: string): string[] {
  try {
    return readdirSync(dir).filter((n) => n.endsWith(".pb.js")).sort();
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === "ENOENT") return [];
    throw err;
  }
}

/** A hook with collection names (or ids) runs for those collections only. */
function matches(e: EventRegistration, c: CollectionModel): boolean {
  return e.tags.length === 0 || e.tags.includes(c.name) || e.tags.includes(c.id);
}

/** The echo context's request of a record hook, from what the record service knows of the caller. */
function requestOfCaller(who: Caller): HookRequest {
  const query: Record<string, string[]> = {};
  for (const [k, v] of Object.entries(who.info.query ?? {})) query[k] = (Array.isArray(v) ? v : [v]).map(String);
  const headers: Record<string, string> = {};
  for (const [k, v] of Object.entries(who.info.headers ?? {})) headers[k.toLowerCase()] = String(Array.isArray(v) ? v[0] : v);
  const auth = who.info.auth;
  return {
    method: who.info.method ?? "GET",
    path: "",
    rawQuery: new URLSearchParams(Object.entries(query).flatMap(([k, vs]) => vs.map((v) => [k, v]))).toString(),
    pathParams: {},
    query,
    headers,
    body: who.info.data ?? {},
    ip: "",
    auth: {
      admin: who.adminModel ? adminJson(who.adminModel) : null,
      record: auth ? { collection: collectionJson(auth.collection), data: auth.record } : null,
    },
  };
}
