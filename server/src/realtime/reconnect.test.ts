import { afterAll, beforeAll, expect, it } from "vitest";
import { createApp, type App } from "../app.js";
import { buildServer } from "../http/server.js";
import { ADMIN_EMAIL, ADMIN_PASSWORD, cleanupTempDirs, tempDir } from "../../test/support/dataDirs.js";
import { freePort } from "../../test/support/ports.js";
import { PocketBase, until } from "../../test/support/sse.js";

/**
 * The dashboard's realtime contract (spec 000): when the server ends the stream (here its idle
 * timeout, shortened), the SDK reconnects, gets a new client id and re-submits its
 * subscriptions, and events keep coming.
 */
let app: App;
let url = "";
let close: () => Promise<void>;

beforeAll(async () => {
  app = await createApp({ dataDir: tempDir(), realtime: { idleTimeoutMs: 1500 } });
  await app.admins.insertNew(ADMIN_EMAIL, ADMIN_PASSWORD);
  const server = buildServer(app);
  const port = await freePort();
  await server.listen({ host: "127.0.0.1", port });
  url = `http://127.0.0.1:${port}`;
  close = async () => {
    await server.close();
    await app.close();
  };
}, 30_000);

afterAll(async () => {
  await close?.();
  cleanupTempDirs();
});

it("reconnects after the server drops an idle stream and re-sends the subscriptions", async () => {
  const admin = new PocketBase(url);
  admin.autoCancellation(false);
  await admin.admins.authWithPassword(ADMIN_EMAIL, ADMIN_PASSWORD);
  await admin.collections.create({ name: "notes", type: "base", schema: [{ name: "text", type: "text" }], listRule: "" });
  const guest = new PocketBase(url);
  const got: string[] = [];
  await guest.collection("notes").subscribe("*", (e) => got.push(`${e.action} ${e.record.text}`));
  const firstId = guest.realtime.clientId;
  await admin.collection("notes").create({ text: "one" });
  await until(() => got.length === 1);
  // Quiet for longer than the idle timeout: the server ends the stream, the SDK comes back.
  await until(() => guest.realtime.clientId !== "" && guest.realtime.clientId !== firstId, 5000, "a new client id");
  await until(() => (app.realtime.broker.get(guest.realtime.clientId)?.subscriptions.size ?? 0) === 1, 3000, "the subscriptions re-sent");
  expect(app.realtime.broker.get(firstId)).toBeUndefined();
  await admin.collection("notes").create({ text: "two" });
  await until(() => got.length === 2);
  expect(got).toEqual(["create one", "create two"]);
  await guest.realtime.unsubscribe();
}, 30_000);
