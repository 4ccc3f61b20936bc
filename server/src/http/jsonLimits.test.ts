import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adminToken, call } from "../../test/support/client.js";
import { referenceDataDir } from "../../test/support/dataDirs.js";
import { startReference, type RunningServer } from "../../test/support/servers.js";
import { startBothServers, stopBothServers } from "../../test/support/bothServers.js";

/** `{"data": <value nested `depth` arrays deep>}` — the body itself is one more level. */
const deepBody = (depth: number) => `{"data":${"[".repeat(depth)}${"]".repeat(depth)}}`;
const deepValue = (depth: number) => `"data":${"[".repeat(depth)}${"]".repeat(depth)}`;

interface RawAnswer {
  status: number;
  text: string;
}

async function send(s: RunningServer, method: string, path: string, body?: string): Promise<RawAnswer> {
  const res = await fetch(s.url + path, { method, body, headers: body === undefined ? {} : { "content-type": "application/json" } });
  // (the reference's encoder ends its bodies with a newline)
  return { status: res.status, text: (await res.text()).trimEnd() };
}

/** The reference accepts JSON nested up to its decoder's limit, refuses deeper, and refuses numbers a float64 cannot hold. */
describe("JSON bodies at the reference's limits", () => {
  let ref: RunningServer;
  let cairn: RunningServer;
  let storedId = "";

  beforeAll(async () => {
    const base = referenceDataDir();
    const maker = await startReference(base);
    try {
      const token = await adminToken(maker);
      const created = await call(maker, {
        method: "POST",
        path: "/api/collections",
        token,
        body: { name: "docs", type: "base", listRule: "", viewRule: "", createRule: "", updateRule: "", schema: [{ name: "data", type: "json", options: { maxSize: 2_000_000 } }] },
      });
      expect(created.status).toBe(200);
      // A value the reference wrote into the shared data directory, as deep as it allows.
      const stored = await send(maker, "POST", "/api/collections/docs/records", deepBody(9_999));
      expect(stored.status).toBe(200);
      storedId = (JSON.parse(stored.text) as { id: string }).id;
    } finally {
      await maker.stop();
    }
    ({ ref, cairn } = await startBothServers(base));
  });

  afterAll(() => stopBothServers({ ref, cairn }));

  const both = async (method: string, path: string, body?: string) => {
    const [a, b] = await Promise.all([send(ref, method, path, body), send(cairn, method, path, body)]);
    return { reference: a, cairn: b };
  };

  it("lists and views a stored value nested 9,999 deep (written by the reference)", async () => {
    const list = await both("GET", "/api/collections/docs/records?perPage=50");
    expect(list.cairn.status).toBe(200);
    expect(list.reference.status).toBe(200);
    expect(list.cairn.text).toContain(deepValue(9_999));
    expect(JSON.parse(list.cairn.text).totalItems).toBe(JSON.parse(list.reference.text).totalItems);
    // Filters and sorts reading the JSON field (SQLite's JSON functions stop at 1,000 levels) still answer.
    for (const query of ["filter=data.0%20%3D%201", "filter=data%20~%20'%5B'", "sort=-data,id", "filter=data.0.0%20!%3D%20''&sort=data.0"]) {
      const res = await both("GET", `/api/collections/docs/records?${query}`);
      expect(res.cairn.status, query).toBe(200);
      expect(JSON.parse(res.cairn.text).totalItems, query).toBe(JSON.parse(res.reference.text).totalItems);
    }
    const view = await both("GET", `/api/collections/docs/records/${storedId}`);
    expect(view.cairn.status).toBe(200);
    expect(view.cairn.text).toBe(view.reference.text);
  });

  it("accepts a create and an update nested 5,000 and 9,999 deep, as the reference does", async () => {
    for (const depth of [5_000, 9_999]) {
      const created = await both("POST", "/api/collections/docs/records", deepBody(depth));
      expect([created.cairn.status, created.reference.status]).toEqual([200, 200]);
      expect(created.cairn.text).toContain(deepValue(depth));
      const id = (JSON.parse(created.cairn.text) as { id: string }).id;
      const updated = await send(cairn, "PATCH", `/api/collections/docs/records/${id}`, deepBody(depth));
      expect(updated.status).toBe(200);
      expect(updated.text).toContain(deepValue(depth));
    }
  });

  it("refuses one level deeper than the reference's limit with the same 400, in creates and updates", async () => {
    const created = await both("POST", "/api/collections/docs/records", deepBody(10_000));
    expect(created.cairn).toEqual(created.reference);
    expect(created.cairn.status).toBe(400);
    const far = await both("POST", "/api/collections/docs/records", deepBody(100_000));
    expect(far.cairn).toEqual(far.reference);
    const updated = await both("PATCH", `/api/collections/docs/records/${storedId}`, deepBody(10_000));
    expect(updated.cairn).toEqual(updated.reference);
    expect(updated.cairn.status).toBe(400);
  });

  it("answers 400 for numbers that overflow a float64 (1e999), anywhere in the body, like the reference", async () => {
    for (const body of ['{"data":1e999}', '{"data":[1,{"a":-1E+400}]}', `{"data":1${"0".repeat(400)}}`]) {
      const res = await both("POST", "/api/collections/docs/records", body);
      expect(res.cairn, body).toEqual(res.reference);
      expect(res.cairn.status).toBe(400);
    }
    // Large but finite, and underflow to zero, are fine on both.
    for (const body of ['{"data":1e308}', '{"data":1e-999}', '{"data":"1e999 as text"}']) {
      const res = await both("POST", "/api/collections/docs/records", body);
      expect([res.cairn.status, res.reference.status], body).toEqual([200, 200]);
      expect(JSON.parse(res.cairn.text).data).toEqual(JSON.parse(res.reference.text).data);
    }
  });
});
