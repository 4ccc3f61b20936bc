import { afterAll, expect, it } from "vitest";
import { adminToken, call, type Call } from "../../test/support/client.js";
import { cleanupTempDirs, referenceDataDir } from "../../test/support/dataDirs.js";
import { JSON_TEXTS, JSON_VALUES } from "../../test/support/jsonSamples.js";
import { rid } from "../../test/support/records.js";
import { startCairn, startReference, type RunningServer } from "../../test/support/servers.js";

/**
 * json values the reference wrote into a data directory read back from Cairn byte for byte
 * (Cairn used to show `null` for texts JSON.parse refuses, and re-encode the others).
 */

const running: RunningServer[] = [];
afterAll(async () => {
  await Promise.all(running.map((s) => s.stop()));
  cleanupTempDirs();
});

const PATH = "/api/collections/shared/records";
const READS = [`${PATH}?perPage=500&sort=id`, `${PATH}/${rid("t0")}`, `${PATH}/${rid("t3")}?expand=rel`, `${PATH}?filter=${encodeURIComponent("data.dup = 2")}`];

it("reads back the json values the reference stored, answering the same bytes", async () => {
  const dir = referenceDataDir();
  const ref = await startReference(dir);
  running.push(ref);
  const token = await adminToken(ref);
  const collection = {
    name: "shared",
    type: "base",
    listRule: "",
    viewRule: "",
    schema: [{ name: "data", type: "json", options: { maxSize: 100000 } }],
  };
  const created = await call(ref, { method: "POST", path: "/api/collections", body: collection, token });
  expect(created.status).toBe(200);
  const rel = { name: "rel", type: "relation", options: { collectionId: (created.body as { id: string }).id, maxSelect: 1 } };
  const schema = [...(created.body as { schema: unknown[] }).schema, rel];
  expect((await call(ref, { method: "PATCH", path: "/api/collections/shared", body: { schema }, token })).status).toBe(200);
  const writes: Call[] = [
    ...JSON_VALUES.map(([, value], i): Call => ({ method: "POST", path: PATH, token, rawBody: `{"id":"${rid(`v${i}`)}","data":${value}}` })),
    ...JSON_TEXTS.map(([, text], i): Call => ({ method: "POST", path: PATH, token, form: [["id", rid(`t${i}`)], ["data", text], ["rel", rid("v0")]] })),
  ];
  for (const w of writes) await call(ref, w);
  const before = await Promise.all(READS.map((path) => call(ref, { path })));
  expect(before.map((a) => a.status)).toEqual(READS.map(() => 200));
  await ref.stop();

  const cairn = await startCairn(dir);
  running.push(cairn);
  const after = await Promise.all(READS.map((path) => call(cairn, { path })));
  after.forEach((a, i) => expect(a.text, READS[i]).toBe(before[i]!.text));
});
