/* eslint-disable @typescript-eslint/no-explicit-any */
import type { HookReply, HookRequest } from "./types.js";

/**
 * The globals of PocketBase v0.22's JS engine that `*.pb.js` hook files use, installed into a
 * file's vm context after the migrations' globals (migrations/vmGlobals.ts: Dao, Record,
 * Collection, $app.dao(), ...), whose classes it builds on. Shipped as source text and evaluated
 * inside the context, so it must stay self-contained: no imports, no module-level names.
 * Registrations (routes, event hooks, cron jobs) are kept here and listed by `__registry()`; the
 * worker (hookWorker.ts) runs one with `__dispatch(kind, index, payloadJson)`, which answers JSON.
 * Calls that need the server (random bytes, tokens, the environment, logs) go through `host`.
 */
export function installHookGlobals(g: any, rawCall: (op: string, argsJson: string) => string | undefined, hooksDir: string): void {
  const host = (op: string, ...args: unknown[]): any => {
    const text = rawCall(op, JSON.stringify(args));
    return text === undefined ? undefined : JSON.parse(text);
  };
  const copy = (v: unknown): any => (v === undefined ? undefined : JSON.parse(JSON.stringify(v)));

  // ------------------------------------------------------------ errors

  /** PocketBase's message rule: trimmed, first letter upper case, a full stop unless it ends in punctuation. */
  const sentence = (s: unknown): string => {
    const t = String(s ?? "").trim();
    if (t === "") return "";
    const first = t.charAt(0).toUpperCase() + t.slice(1);
    return /[.!?]$/.test(first) ? first : first + ".";
  };
  /** Only field errors travel in `data` (as the reference keeps only error values). */
  const errorData = (data: unknown): Record<string, unknown> => {
    if (!data || typeof data !== "object") return {};
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(data as object)) {
      if (v instanceof Error) out[k] = { code: (v as any).code ?? "validation_invalid_value", message: sentence(v.message) };
      else if (v && typeof v === "object" && typeof (v as any).message === "string") out[k] = { code: (v as any).code ?? "validation_invalid_value", message: sentence((v as any).message) };
    }
    return out;
  };
  class ApiError extends Error {
    code: number;
    status: number;
    data: Record<string, unknown>;
    constructor(status?: number, message?: string, data?: unknown) {
      const code = Number(status) || 400;
      super(sentence(message));
      this.code = code;
      this.status = code;
      this.data = errorData(data);
    }
  }
  const apiErrorClass = (status: number, fallback: string) =>
    class extends ApiError {
      constructor(message?: string, data?: unknown) {
        super(status, String(message ?? "").trim() === "" ? fallback : message, data);
      }
    };
  const BadRequestError = apiErrorClass(400, "Something went wrong while processing your request.");
  const NotFoundError = apiErrorClass(404, "The requested resource wasn't found.");
  const ForbiddenError = apiErrorClass(403, "You are not allowed to perform this request.");
  const UnauthorizedError = apiErrorClass(401, "Missing or invalid authentication token.");

  // ------------------------------------------------------------ request contexts

  const loadedRecord = (r: { collection: object; data: object }) => {
    const rec = new g.Record(new g.Collection(r.collection), r.data);
    rec.markAsNotNew();
    rec.collection().markAsNotNew();
    return rec;
  };
  const adminOf = (a: Record<string, unknown>) => {
    const admin: any = copy(a);
    Object.defineProperty(admin, "isNew", { value: () => false, enumerable: false });
    return admin;
  };
  const values = (m: Record<string, string[]>) => ({
    get: (k: string) => (m[k] && m[k].length ? m[k][0] : ""),
    has: (k: string) => k in m,
    all: () => copy(m),
  });
  const headerOf = (h: Record<string, string>) => ({
    get: (k: string) => h[String(k).toLowerCase()] ?? "",
    set: (k: string, v: unknown) => void (h[String(k).toLowerCase()] = String(v)),
    add: (k: string, v: unknown) => void (h[String(k).toLowerCase()] = String(v)),
    del: (k: string) => void delete h[String(k).toLowerCase()],
  });

  /** Echo's context of a request, as PocketBase v0.22 hands it to routes and request hooks. */
  const echoContext = (req: HookRequest) => {
    const store: Record<string, unknown> = {};
    if (req.auth.admin) store.admin = adminOf(req.auth.admin);
    if (req.auth.record) store.authRecord = loadedRecord(req.auth.record);
    const outHeaders: Record<string, string> = {};
    const c: any = {
      _reply: null as HookReply | null,
      get: (k: string) => (k in store ? store[k] : null),
      set: (k: string, v: unknown) => void (store[k] = v),
      pathParam: (k: string) => req.pathParams[k] ?? "",
      pathParams: () => copy(req.pathParams),
      paramNames: () => Object.keys(req.pathParams),
      paramValues: () => Object.values(req.pathParams),
      queryParam: (k: string) => (req.query[k] && req.query[k].length ? req.query[k][0] : ""),
      queryParams: () => values(req.query),
      queryString: () => req.rawQuery,
      formValue: (k: string) => {
        const b: any = req.body;
        return b && typeof b === "object" && b[k] !== undefined ? String(b[k]) : "";
      },
      realIP: () => req.ip,
      path: () => req.path,
      scheme: () => "http",
      isTLS: () => false,
      isWebSocket: () => false,
      request: () => ({
        method: req.method,
        host: req.headers.host ?? "",
        remoteAddr: req.ip,
        requestURI: req.path + (req.rawQuery ? "?" + req.rawQuery : ""),
        url: { path: req.path, rawQuery: req.rawQuery, query: () => values(req.query), string: () => req.path + (req.rawQuery ? "?" + req.rawQuery : "") },
        header: headerOf(req.headers),
      }),
      response: () => ({ header: () => headerOf(outHeaders) }),
      /** Fills `target` (a DynamicModel, a Record or an object) from the request body. */
      bind: (target: any) => {
        const body: any = req.body && typeof req.body === "object" ? req.body : {};
        if (target && typeof target.load === "function") target.load(body);
        else if (target && typeof target === "object") {
          // A model's keys are its fields (Go's decoder leaves the others out); an empty object takes every key.
          const fields = Object.keys(target);
          for (const [k, v] of Object.entries(body)) {
            if (fields.length && !fields.includes(k)) continue;
            const t = target[k];
            if (typeof t === "number") target[k] = Number(v);
            else if (typeof t === "boolean") target[k] = v === true || v === "true";
            else if (typeof t === "string") target[k] = v === null || v === undefined ? "" : typeof v === "string" ? v : JSON.stringify(v);
            else target[k] = copy(v);
          }
        }
        return null;
      },
    };
    Object.defineProperty(c, "_out", { value: outHeaders, enumerable: false });
    const reply = (status: number, kind: HookReply["kind"], body?: unknown) => {
      c._reply = { status: Number(status), kind, body, headers: outHeaders };
      return null;
    };
    Object.assign(c, {
      json: (status: number, v: unknown) => reply(status, "json", v === undefined ? null : copy(v)),
      string: (status: number, s: unknown) => reply(status, "string", String(s)),
      html: (status: number, s: unknown) => reply(status, "html", String(s)),
      noContent: (status: number) => reply(status, "noContent"),
      redirect: (status: number, url: string) => reply(status, "redirect", String(url)),
    });
    return c;
  };

  // ------------------------------------------------------------ registrations

  type Handler = (e: any) => unknown;
  type Middleware = ((next: Handler) => Handler) | { builtin: string; args: unknown[] };
  const routes: { method: string; path: string; handler: Handler; middlewares: Middleware[]; staticDir?: object }[] = [];
  const uses: Middleware[] = [];
  const events: { name: string; tags: string[]; handler: Handler }[] = [];
  const crons: { id: string; expr: string; fn: () => unknown }[] = [];
  const removedCrons: string[] = [];

  const builtin = (name: string) => (...args: unknown[]) => ({ builtin: name, args });
  const runBuiltin = (m: { builtin: string; args: unknown[] }, c: any) => {
    const admin = c.get("admin");
    const record = c.get("authRecord");
    if (m.builtin === "requireAdminAuth" && !admin) throw new UnauthorizedError("The request requires valid admin authorization token to be set.");
    if (m.builtin === "requireRecordAuth") {
      if (!record) throw new UnauthorizedError("The request requires valid record authorization token to be set.");
      const allowed = m.args.map(String);
      if (allowed.length && !allowed.includes(record.collection().name) && !allowed.includes(record.collection().id)) {
        throw new ForbiddenError("The authorized record model is not allowed to perform this action.");
      }
    }
    if (m.builtin === "requireAdminOrRecordAuth" && !admin) {
      if (!record) throw new UnauthorizedError("The request requires admin or record authorization token to be set.");
      const allowed = m.args.map(String);
      if (allowed.length && !allowed.includes(record.collection().name) && !allowed.includes(record.collection().id)) {
        throw new ForbiddenError("The authorized record model is not allowed to perform this action.");
      }
    }
    if (m.builtin === "requireGuestOnly" && (admin || record)) throw new BadRequestError("The request can be accessed only by guests.");
  };
  /** The handler wrapped in its middlewares, the first listed outermost (as echo chains them). */
  const chain = (handler: Handler, middlewares: Middleware[]): Handler =>
    middlewares.reduceRight<Handler>((next, m) => {
      if (typeof m === "function") return m(next);
      return (c) => {
        runBuiltin(m, c);
        return next(c);
      };
    }, handler);

  const registerEvent = (name: string) => (handler: Handler, ...tags: string[]) => {
    if (typeof handler !== "function") throw new Error(name + " needs a handler function");
    events.push({ name, tags: tags.map(String), handler });
  };
  const EVENT_NAMES = [
    "onRecordBeforeCreateRequest", "onRecordAfterCreateRequest", "onRecordBeforeUpdateRequest", "onRecordAfterUpdateRequest",
    "onRecordBeforeDeleteRequest", "onRecordAfterDeleteRequest", "onRecordAuthRequest", "onRecordsListRequest", "onRecordViewRequest",
    "onModelBeforeCreate", "onModelAfterCreate", "onModelBeforeUpdate", "onModelAfterUpdate", "onModelBeforeDelete", "onModelAfterDelete",
  ];
  for (const name of EVENT_NAMES) g[name] = registerEvent(name);

  // ------------------------------------------------------------ the other globals

  const sleep = (ms: number) => {
    const n = Math.max(0, Number(ms) || 0);
    if (n > 0) Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, n);
  };
  const logger = () => {
    const log = (level: string) => (message: unknown, ...attrs: unknown[]) => void host("log", level, String(message), copy(attrs) ?? []);
    const l: any = { debug: log("debug"), info: log("info"), warn: log("warn"), error: log("error") };
    l.with = () => l;
    l.withGroup = () => l;
    return l;
  };
  g.$app.logger = logger;
  g.$app.settings = () => host("settings");

  Object.assign(g, {
    __hooks: hooksDir,
    ApiError,
    BadRequestError,
    NotFoundError,
    ForbiddenError,
    UnauthorizedError,
    routerAdd(method: string, path: string, handler: Handler | { staticDir: object }, ...middlewares: Middleware[]) {
      const staticDir = handler && typeof handler === "object" ? handler.staticDir : undefined;
      if (typeof handler !== "function" && !staticDir) throw new Error("routerAdd needs a handler function");
      routes.push({ method: String(method).toUpperCase(), path: String(path), handler: handler as Handler, middlewares, staticDir });
    },
    routerUse(...middlewares: Middleware[]) {
      uses.push(...middlewares);
    },
    routerPre(...middlewares: Middleware[]) {
      uses.push(...middlewares);
    },
    cronAdd(id: string, expr: string, fn: () => unknown) {
      if (typeof fn !== "function") throw new Error("cronAdd needs a handler function");
      crons.push({ id: String(id), expr: String(expr), fn });
    },
    cronRemove(id: string) {
      removedCrons.push(String(id));
    },
    $apis: {
      requireAdminAuth: builtin("requireAdminAuth"),
      requireRecordAuth: builtin("requireRecordAuth"),
      requireAdminOrRecordAuth: builtin("requireAdminOrRecordAuth"),
      requireGuestOnly: builtin("requireGuestOnly"),
      /** Files of a directory at the route's `*` (the server serves them); `indexFallback`: index.html for a missing one. */
      staticDirectoryHandler: (dir: string, indexFallback: boolean) => ({ staticDir: { dir: String(dir), indexFallback: !!indexFallback } }),
      activityLogger: () => (next: Handler) => next,
      requestInfo: (c: any) => ({
        method: c.request().method,
        query: Object.fromEntries(Object.entries(c.queryParams().all()).map(([k, v]) => [k, (v as string[])[0]])),
        data: c._body,
        headers: c._headers,
        authRecord: c.get("authRecord"),
        admin: c.get("admin"),
      }),
    },
    $security: {
      randomString: (n: number) => host("randomString", Number(n), ""),
      randomStringWithAlphabet: (n: number, alphabet: string) => host("randomString", Number(n), String(alphabet)),
      pseudorandomString: (n: number) => host("randomString", Number(n), ""),
      pseudorandomStringWithAlphabet: (n: number, alphabet: string) => host("randomString", Number(n), String(alphabet)),
      md5: (s: string) => host("hash", "md5", String(s)),
      sha256: (s: string) => host("hash", "sha256", String(s)),
      sha512: (s: string) => host("hash", "sha512", String(s)),
      hs256: (s: string, secret: string) => host("hmac", "sha256", String(s), String(secret)),
      hs512: (s: string, secret: string) => host("hmac", "sha512", String(s), String(secret)),
      equal: (a: string, b: string) => host("equal", String(a), String(b)),
      createJWT: (payload: object, secret: string, durationSeconds: number) => host("createJWT", copy(payload ?? {}), String(secret), Number(durationSeconds) || 0),
      parseJWT: (token: string, secret: string) => host("parseJWT", String(token), String(secret)),
      parseUnverifiedJWT: (token: string) => host("parseJWT", String(token), null),
      encrypt: (data: string, key: string) => host("encrypt", String(data), String(key)),
      decrypt: (data: string, key: string) => host("decrypt", String(data), String(key)),
    },
    $http: {
      /** A blocking HTTP request (the server makes it): `{ url, method, body, headers, timeout }` (seconds, default 120). */
      send(config: any) {
        const c = config ?? {};
        const body = c.body !== undefined && c.body !== null && c.body !== "" ? String(c.body) : c.data !== undefined && c.data !== null ? JSON.stringify(c.data) : "";
        return host("httpSend", { url: String(c.url ?? ""), method: String(c.method ?? "GET").toUpperCase(), body, headers: copy(c.headers ?? {}), timeout: Number(c.timeout) || 120 });
      },
    },
    $os: {
      getenv: (name: string) => host("getenv", String(name)),
    },
    sleep,
    /** A value as text: strings as they are, bytes (number arrays) decoded, anything else as JSON. */
    toString(v: unknown) {
      if (v === null || v === undefined) return "";
      if (typeof v === "string") return v;
      if (Array.isArray(v) && v.every((x) => typeof x === "number")) return host("bytesToString", v);
      return JSON.stringify(v);
    },
    readerToString(v: unknown) {
      return g.toString(v);
    },
    __registry() {
      return {
        routes: routes.map((r) => ({ method: r.method, path: r.path, staticDir: r.staticDir })),
        events: events.map((e) => ({ name: e.name, tags: e.tags })),
        crons: crons.map((c) => ({ id: c.id, expr: c.expr })),
        removedCrons,
        middlewares: uses.length > 0,
      };
    },
    /**
     * Runs registration `index` of a kind with a JSON payload; answers JSON: a route's reply, an
     * event's (possibly changed) record, or `{ error }` with an ApiError's status, message and data.
     */
    __dispatch(kind: string, index: number, payloadJson: string): string {
      const payload = JSON.parse(payloadJson);
      try {
        if (kind === "route") {
          const r = routes[index];
          const c = echoContext(payload);
          Object.defineProperty(c, "_body", { value: payload.body, enumerable: false });
          Object.defineProperty(c, "_headers", { value: payload.headers, enumerable: false });
          chain(r.handler, r.middlewares)(c);
          return JSON.stringify({ reply: c._reply });
        }
        if (kind === "use") {
          // routerUse/routerPre: the file's middlewares before a request's handler (any route's).
          const c = echoContext(payload);
          let next = false;
          chain(() => {
            next = true;
            return null;
          }, uses)(c);
          return JSON.stringify({ next, reply: c._reply, headers: c._out });
        }
        if (kind === "cron") {
          crons[index].fn();
          return JSON.stringify({});
        }
        const ev = events[index];
        const e: any = {};
        if (payload.request) e.httpContext = echoContext(payload.request);
        const collection = new g.Collection(payload.collection);
        collection.markAsNotNew();
        if (payload.records) {
          // A list or a view: the records the answer shows (a view's is also e.record).
          const records = payload.records.map((data: object) => {
            const r = new g.Record(collection, data);
            r.markAsNotNew();
            return r;
          });
          e.collection = collection;
          e.records = records;
          e.record = records[0] ?? null;
          ev.handler(e);
          return JSON.stringify({ records: records.map((r: any) => r._data) });
        }
        const record = new g.Record(collection, payload.record);
        if (!payload.isNew) record.markAsNotNew();
        e.collection = collection;
        if (ev.name.startsWith("onModel")) e.model = record;
        else e.record = record;
        if (ev.name === "onRecordAuthRequest") Object.assign(e, { token: payload.token, meta: payload.meta ?? null, authMethod: payload.authMethod ?? "" });
        ev.handler(e);
        return JSON.stringify({ record: record._data });
      } catch (err: any) {
        if (err instanceof ApiError) return JSON.stringify({ error: { status: err.status, message: err.message, data: err.data } });
        const message = err && typeof err === "object" && "message" in err ? String(err.message) : String(err);
        return JSON.stringify({ error: { message, stack: err && typeof err.stack === "string" ? err.stack : "" } });
      }
    },
  });
}

/** The source text evaluated inside each hook file's context. */
export const HOOK_GLOBALS_SOURCE = installHookGlobals.toString();
