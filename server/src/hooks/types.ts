/** A request as a route or a request hook sees it (its echo context is built from this in the hook's thread). */
export interface HookRequest {
  method: string;
  path: string;
  rawQuery: string;
  pathParams: Record<string, string>;
  query: Record<string, string[]>;
  /** Lower-case names, the first value of each. */
  headers: Record<string, string>;
  body: unknown;
  ip: string;
  auth: { admin: Record<string, unknown> | null; record: { collection: object; data: object } | null };
}

/** What a route answered: `c.json(...)`, `c.string(...)`, ...; null when it wrote nothing. */
export interface HookReply {
  status: number;
  kind: "json" | "string" | "html" | "noContent" | "redirect";
  body?: unknown;
  headers: Record<string, string>;
}
