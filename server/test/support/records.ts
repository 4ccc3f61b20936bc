import type { Call } from "./client.js";
import type { Ctx, DiffCase } from "./differential.js";

/** 15 character record ids from short names (`t1` -> `t10000000000000`). */
export const rid = (s: string): string => s.padEnd(15, "0");

type Req = (c: Ctx) => Call;
const base = (collection: string) => `/api/collections/${collection}/records`;

/** Requests as the admin (`admin`) or as a guest (`guest`). */
export const as = (who: "admin" | "guest") => {
  const tok = (c: Ctx) => (who === "admin" ? c.token : undefined);
  return {
    list: (collection: string, query = ""): Req => (c) => ({ path: base(collection) + query, token: tok(c) }),
    view: (collection: string, id: string, query = ""): Req => (c) => ({ path: `${base(collection)}/${id}${query}`, token: tok(c) }),
    create: (collection: string, body: unknown, query = ""): Req => (c) => ({ method: "POST", path: base(collection) + query, body, token: tok(c) }),
    update: (collection: string, id: string, body: unknown, query = ""): Req => (c) => ({ method: "PATCH", path: `${base(collection)}/${id}${query}`, body, token: tok(c) }),
    del: (collection: string, id: string): Req => (c) => ({ method: "DELETE", path: `${base(collection)}/${id}`, token: tok(c) }),
    raw: (method: string, path: string, rawBody: string): Req => (c) => ({ method, path, rawBody, token: tok(c) }),
  };
};

export const admin = as("admin");
export const guest = as("guest");

/** Creates a collection on both servers (same id); its answer is compared exactly (field ids are masked). */
export const collection = (body: Record<string, unknown>): DiffCase => ({
  name: `create collection ${String(body.name)}`,
  req: (c) => ({ method: "POST", path: "/api/collections", body, token: c.token }),
});

/** `[name, request]` pairs compared exactly. */
export const cases = (pairs: [string, Req][]): DiffCase[] => pairs.map(([name, req]) => ({ name, req }));
