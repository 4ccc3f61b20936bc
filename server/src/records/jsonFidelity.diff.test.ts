import { describe, expect, it } from "vitest";
import { adminToken, call, type Answer, type Call } from "../../test/support/client.js";
import { rows } from "../../test/support/collections.js";
import { useBothServers } from "../../test/support/bothServers.js";
import { ISSUE_JSON, JSON_TEXTS, JSON_VALUES } from "../../test/support/jsonSamples.js";
import { rid } from "../../test/support/records.js";
import { openSse, until } from "../../test/support/sse.js";
import type { RunningServer } from "../../test/support/servers.js";

/**
 * json field values are kept as the reference keeps them: the same stored text and the same
 * answer bytes, for JSON and multipart bodies, on create and update.
 */

const servers = useBothServers();
const both = (): RunningServer[] => [servers.ref, servers.cairn];

const RECORDS = "/api/collections/jf/records";

/** Answer bytes with the times of the save masked (both servers save at their own instant). */
const bytes = (a: Answer) => `${a.status} ${(a.text ?? "").replace(/"(created|updated)":"[^"]*"/g, '"$1":"?"')}`;

/** Sends the same request to both servers; expects the same status and bytes, and returns them. */
async function same(req: Call): Promise<string> {
  const [ref, cairn] = await Promise.all(both().map((s) => call(s, req)));
  expect(bytes(cairn!), `${req.method ?? "GET"} ${req.path}`).toBe(bytes(ref!));
  return bytes(ref!);
}

/** The stored column values of a record (text, or the number SQLite made of it) are the same on both servers. */
function stored(id: string): void {
  const [ref, cairn] = both().map((s) => (rows(s.dataDir, "jf") as Record<string, unknown>[]).find((r) => r.id === id));
  expect(!!cairn, `record ${id} saved by both or neither`).toBe(!!ref);
  for (const col of ["data", "small"]) expect({ col, v: cairn?.[col] }).toEqual({ col, v: ref?.[col] });
}

const form = (fields: Record<string, string>): Call["form"] => Object.entries(fields);
const create = (id: string, body: Record<string, unknown>): Call => ({ method: "POST", path: RECORDS, body: { id, ...body } });
const createForm = (id: string, fields: Record<string, string>): Call => ({ method: "POST", path: RECORDS, form: form({ id, ...fields }) });
const createRaw = (id: string, jsonField: string): Call => ({ method: "POST", path: RECORDS, rawBody: `{"id":"${id}","data":${jsonField}}` });

describe("json field fidelity (differential)", () => {
  it("sets up a collection with json fields on both servers", async () => {
    const token = await adminToken(servers.ref);
    const body = {
      id: "jsonfidelity001",
      name: "jf",
      type: "base",
      listRule: "",
      viewRule: "",
      createRule: "",
      updateRule: "",
      schema: [
        { name: "data", type: "json", options: { maxSize: 2000000 } },
        { name: "small", type: "json", options: { maxSize: 20 } },
        { name: "rel", type: "relation", options: { collectionId: "jsonfidelity002", maxSelect: 1 } },
      ],
    };
    const required = { ...body, id: "jsonfidelity002", name: "jr", schema: [{ name: "must", type: "json", required: true, options: { maxSize: 100 } }] };
    for (const s of both()) {
      for (const c of [required, body]) expect((await call(s, { method: "POST", path: "/api/collections", body: c, token })).status).toBe(200);
    }
  });

  JSON_TEXTS.forEach(([name, text], i) => {
    it(`multipart create and read back: ${name}`, async () => {
      const id = rid(`m${i}`);
      await same(createForm(id, { data: text }));
      stored(id);
      await same({ path: `${RECORDS}/${id}` });
    });
    it(`JSON body with the value as a string: ${name}`, async () => {
      const id = rid(`s${i}`);
      await same(create(id, { data: text }));
      stored(id);
      await same({ path: `${RECORDS}/${id}` });
    });
  });

  JSON_VALUES.forEach(([name, value], i) => {
    it(`JSON body create and read back: ${name}`, async () => {
      const id = rid(`j${i}`);
      await same(createRaw(id, value));
      stored(id);
      await same({ path: `${RECORDS}/${id}` });
    });
  });

  it("@jsonPayload values are encoded as a JSON body's", async () => {
    const id = rid("p1");
    await same({ method: "POST", path: RECORDS, form: form({ "@jsonPayload": JSON.stringify({ id, data: { b: 1.5, a: [true, null] } }) }) });
    stored(id);
  });

  it("maxSize counts the stored text (whitespace included), after the validity check", async () => {
    await same(createForm(rid("z1"), { small: '[1,            2, 3, 4, 5, 6]' }));
    await same(createForm(rid("z2"), { small: "[1,2,3,4,5,6]" }));
    await same(create(rid("z3"), { small: "\u0001".repeat(30) }));
    await same(create(rid("z4"), { small: "é".repeat(9) }));
    stored(rid("z2"));
  });

  it("updates keep the sent text (multipart and JSON), other fields' updates keep the stored one", async () => {
    const id = rid("u1");
    await same(createForm(id, { data: "1.10" }));
    await same({ method: "PATCH", path: `${RECORDS}/${id}`, form: form({ small: "[ 1 ]" }) });
    stored(id);
    await same({ method: "PATCH", path: `${RECORDS}/${id}`, form: form({ data: ISSUE_JSON }) });
    stored(id);
    await same({ method: "PATCH", path: `${RECORDS}/${id}`, rawBody: '{"data":{"b":[1.10, -0],"a":"<>"}, "small": "  5"}' });
    stored(id);
    await same({ method: "PATCH", path: `${RECORDS}/${id}`, rawBody: '{"data":null}' });
    stored(id);
  });

  it("required: the blank texts are refused, others kept", async () => {
    const post = (i: string, v: string): Call => ({ method: "POST", path: "/api/collections/jr/records", rawBody: `{"id":"${rid(i)}","must":${v}}` });
    for (const [i, v] of ['""', "null", "{}", "[]", '"\\"\\""', '"null"', '"{}"'].entries()) await same(post(`r${i}`, v));
    for (const [i, v] of ['"{ }"', "0", "false", '" "'].entries()) await same(post(`q${i}`, v));
  });

  it("list, filter, sort, expand and fields on json values answer the same bytes", async () => {
    const noE = ISSUE_JSON.replace(', "e": 1e400', "");
    await same({ method: "POST", path: "/api/collections/jr/records", form: form({ id: rid("x1"), must: noE }) });
    await same(createForm(rid("e1"), { data: noE, rel: rid("x1") }));
    await same({ path: `${RECORDS}?perPage=200&sort=id&filter=${encodeURIComponent("id ~ 'm' || id ~ 'j'")}` });
    await same({ path: `${RECORDS}?filter=${encodeURIComponent("data.f = 1.1 && data.dup = 2")}&sort=-data.big,id` });
    await same({ path: `${RECORDS}/${rid("e1")}?expand=rel` });
    await same({ path: `${RECORDS}/${rid("e1")}?fields=id,data` });
    await same({ path: `${RECORDS}/${rid("e1")}?fields=data.dup,data.f` });
    await same({ path: `${RECORDS}/${rid("s4")}?fields=data:excerpt(3,true)` });
    // The reference reads the whole answer back when picking fields: 1e400 fails it.
    await same({ path: `${RECORDS}/${rid("m0")}?fields=id` });
  });

  it("realtime messages carry the same json bytes", async () => {
    const conns = await Promise.all(both().map((s) => openSse(s)));
    for (const [i, s] of both().entries()) {
      const res = await call(s, { method: "POST", path: "/api/realtime", body: { clientId: conns[i]!.clientId, subscriptions: ["jf"] } });
      expect(res.status).toBe(204);
    }
    await same(createForm(rid("t1"), { data: ISSUE_JSON }));
    await Promise.all(conns.map((c) => until(() => c.messages.length > 1, 3000, "the create message")));
    const [ref, cairn] = conns.map((c) => c.messages[1]!.data.replace(/"(created|updated)":"[^"]*"/g, '"$1":"?"'));
    conns.forEach((c) => c.close());
    expect(cairn).toBe(ref);
  });
});
