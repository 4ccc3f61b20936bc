import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cleanupTempDirs, referenceDataDir } from "../../test/support/dataDirs.js";
import { call } from "../../test/support/client.js";
import type { RunningServer } from "../../test/support/servers.js";
import { hooksDir, startCairnWithHooks, startReferenceWithHooks } from "../../test/support/hooks.js";

/** Routes calling a local service with $http.send and answering what they got. */
const routes = (base: string) => `
routerAdd("POST", "/relay", function (c) {
  var res = $http.send({ url: "${base}/echo?x=1", method: "POST", body: JSON.stringify({ hello: "world" }), headers: { "content-type": "application/json", "X-Token": "abc" }, timeout: 5 });
  return c.json(200, { status: res.statusCode, json: res.json, type: res.headers["Content-Type"], custom: res.headers["X-Custom"], cookie: res.cookies["session"].value });
});
routerAdd("GET", "/relay-text", function (c) {
  var res = $http.send({ url: "${base}/text" });
  return c.json(200, { status: res.statusCode, raw: res.raw, json: res.json });
});
routerAdd("GET", "/relay-down", function (c) {
  try { $http.send({ url: "http://127.0.0.1:1/nothing", timeout: 2 }); return c.json(200, { failed: false }) } catch (e) { return c.json(200, { failed: true }) }
});
`;

describe("$http.send, differential", () => {
  let target: Server;
  let ref: RunningServer;
  let cairn: RunningServer;

  beforeAll(async () => {
    target = createServer((req, res) => {
      let body = "";
      req.on("data", (d) => (body += d));
      req.on("end", () => {
        if (req.url === "/text") {
          res.writeHead(418, { "content-type": "text/plain" }).end("short and stout");
          return;
        }
        res.writeHead(201, { "content-type": "application/json", "x-custom": "yes", "set-cookie": "session=s3cr3t; Path=/" });
        res.end(JSON.stringify({ method: req.method, url: req.url, token: req.headers["x-token"], body: JSON.parse(body || "null") }));
      });
    });
    await new Promise<void>((r) => target.listen(0, "127.0.0.1", r));
    const base = `http://127.0.0.1:${(target.address() as AddressInfo).port}`;
    const data = referenceDataDir();
    const dir = hooksDir({ "http.pb.js": routes(base) });
    [ref, cairn] = await Promise.all([startReferenceWithHooks(data, dir), startCairnWithHooks(data, dir)]);
  }, 60_000);

  afterAll(async () => {
    await Promise.all([ref?.stop(), cairn?.stop()]);
    target?.close();
    cleanupTempDirs();
  });

  it("sends a request and gives its status, parsed JSON, headers and cookies as the reference", async () => {
    const [r, k] = await Promise.all([ref, cairn].map((s) => call(s, { method: "POST", path: "/relay" })));
    expect(k.body).toEqual(r.body);
    expect(r.body).toEqual({ status: 201, json: { method: "POST", url: "/echo?x=1", token: "abc", body: { hello: "world" } }, type: ["application/json"], custom: ["yes"], cookie: "s3cr3t" });
  });

  it("gives a text body as raw with json null, and throws when the service cannot be reached", async () => {
    for (const p of ["/relay-text", "/relay-down"]) {
      const [r, k] = await Promise.all([ref, cairn].map((s) => call(s, { path: p })));
      expect({ status: k.status, body: k.body }).toEqual({ status: r.status, body: r.body });
    }
    expect((await call(cairn, { path: "/relay-text" })).body).toEqual({ status: 418, raw: "short and stout", json: null });
    expect((await call(cairn, { path: "/relay-down" })).body).toEqual({ failed: true });
  });
});
