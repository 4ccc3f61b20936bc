import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ADMIN_EMAIL, ADMIN_PASSWORD, cleanupTempDirs, copyDataDir, referenceDataDir } from "../../test/support/dataDirs.js";
import { startCairn, type RunningCairn, type RunningServer } from "../../test/support/servers.js";
import { call, mask } from "../../test/support/client.js";
import { openSse, PocketBase, settle, until, type RawSse } from "../../test/support/sse.js";
import { startBothServers, stopBothServers } from "../../test/support/bothServers.js";
import { recordsRepo } from "../db/records.js";
import { signToken } from "../auth/tokens.js";

/**
 * The same realtime scenarios against the reference binary and Cairn, through the official
 * SDK (and raw SSE where the wire matters): who receives which record events, the subscribe
 * call's answers, auth binding and reset, disconnects and the OAuth2 redirect.
 */

const PASSWORD = "1234567890";

interface World {
  server: RunningServer;
  admin: PocketBase;
  adminToken: string;
  posts: { id: string };
  users: Record<string, { id: string; token: string }>;
}

async function client(server: RunningServer, email?: string): Promise<PocketBase> {
  const pb = new PocketBase(server.url);
  pb.autoCancellation(false);
  if (email === ADMIN_EMAIL) await pb.admins.authWithPassword(ADMIN_EMAIL, ADMIN_PASSWORD);
  else if (email) await pb.collection("users").authWithPassword(email, PASSWORD);
  return pb;
}

/** Same collections and users on each server: posts readable by their owner (and public ones by id). */
async function setup(server: RunningServer): Promise<World> {
  const admin = await client(server, ADMIN_EMAIL);
  const usersCol = await admin.collections.getOne("users");
  const posts = await admin.collections.create({
    name: "posts",
    type: "base",
    schema: [
      { name: "title", type: "text" },
      { name: "owner", type: "relation", options: { collectionId: usersCol.id, maxSelect: 1 } },
    ],
    listRule: "owner = @request.auth.id",
    viewRule: "owner = @request.auth.id || title = 'public'",
  });
  const users: World["users"] = {};
  for (const name of ["u1", "u2", "u3", "u4"]) {
    const email = `${name}@example.com`;
    const u = await admin.collection("users").create({ email, name, password: PASSWORD, passwordConfirm: PASSWORD, emailVisibility: false });
    const pb = await client(server, email);
    users[name] = { id: u.id, token: pb.authStore.token };
  }
  return { server, admin, adminToken: admin.authStore.token, posts, users };
}

/**
 * The SDK's flows leave connections its HTTP client opened (keep-alive, or opened and never
 * used); Node's server.close() waits for a connection that never sent a request until its
 * headers timeout (a minute). Once the tests are done, drop every server-side socket.
 */
function dropUnusedConnections(server: RunningServer): void {
  const port = Number(new URL(server.url).port);
  const handles = (process as unknown as { _getActiveHandles(): unknown[] })._getActiveHandles();
  for (const h of handles) {
    const sock = h as { localPort?: number; destroy?: () => void };
    if (sock.localPort === port) sock.destroy?.();
  }
}

const VOLATILE = new Set(["id", "created", "updated", "collectionId", "owner", "username"]);

/** Subscribes a guest, two users and an admin to `*` and to one record; returns what each received. */
async function scenario(w: World): Promise<string[]> {
  const { server, admin, users } = w;
  const pbs = {
    admin: await client(server, ADMIN_EMAIL),
    u1: await client(server, "u1@example.com"),
    u2: await client(server, "u2@example.com"),
    guest: await client(server),
  };
  const p1 = await admin.collection("posts").create({ title: "first", owner: users.u1!.id });
  const log: string[] = [];
  const record = (who: string) => (e: { action: string; record: Record<string, unknown> }) =>
    log.push(`${who} ${e.action} ${String(e.record.title ?? e.record.name)} ${JSON.stringify(mask(e.record, VOLATILE))}`);
  for (const [name, pb] of Object.entries(pbs)) {
    await pb.collection("posts").subscribe("*", record(`${name}:*`));
    await pb.collection("posts").subscribe(p1.id, record(`${name}:id`));
    await pb.collection("users").subscribe("*", record(`${name}:users`));
  }
  await pbs.u1.collection("posts").subscribe("*", record("u1:*+options"), { expand: "owner", fields: "id,title,expand.owner.email,expand.owner.name" });

  await admin.collection("posts").create({ title: "second", owner: users.u2!.id });
  await admin.collection("posts").update(p1.id, { title: "public" });
  await admin.collection("posts").update(p1.id, { title: "private" });
  await admin.collection("users").update(users.u1!.id, { name: "u1-renamed" });
  await admin.collection("posts").create({ title: "nobody's" });
  await admin.collection("posts").delete(p1.id);
  await settle(log);
  for (const pb of Object.values(pbs)) await pb.realtime.unsubscribe();
  return log.sort();
}

describe("realtime, side by side with the reference", () => {
  let ref: RunningServer;
  let cairn: RunningCairn;
  let worlds: { ref: World; cairn: World };

  beforeAll(async () => {
    ({ ref, cairn } = await startBothServers());
    const [a, b] = await Promise.all([setup(ref), setup(cairn)]);
    worlds = { ref: a, cairn: b };
  }, 60_000);

  afterAll(async () => {
    if (cairn) dropUnusedConnections(cairn);
    await stopBothServers({ ref, cairn });
  }, 60_000);

  /** Runs `fn` on both servers and expects the same result. */
  const both = async <T>(fn: (w: World) => Promise<T>): Promise<T> => {
    const [a, b] = await Promise.all([fn(worlds.ref), fn(worlds.cairn)]);
    expect(b).toEqual(a);
    return b;
  };

  it("sends a guest, two users and an admin exactly the events their rules allow, with expand and fields applied", async () => {
    const log = await both(scenario);
    const of = (who: string) => log.filter((l) => l.startsWith(who + " ")).map((l) => l.split(" ").slice(1, 3).join(" "));
    // Nothing leaks: the guest sees the record made public by id (view rule) and, by the list rule
    // (owner = "" = a guest's auth id), the post without owner; u2 only its own post.
    expect(of("guest:*")).toEqual(["create nobody's"]);
    expect(of("guest:id")).toEqual(["update public"]);
    expect(of("guest:users")).toEqual([]);
    expect(of("u2:*")).toEqual(["create second"]);
    expect(of("u2:id")).toEqual(["update public"]);
    expect(of("u2:users")).toEqual([]);
    // Nothing is missing: the owner sees every change of its post; the admin everything.
    expect(of("u1:*")).toEqual(["delete private", "update private", "update public"]);
    expect(of("u1:id")).toEqual(["delete private", "update private", "update public"]);
    expect(of("admin:*")).toEqual(["create nobody's", "create second", "delete private", "update private", "update public"]);
    expect(of("admin:users")).toEqual(["update u1-renamed"]);
    // Hidden fields: in a realtime message an auth record's email follows emailVisibility, even for
    // its owner and admins (the reference's behaviour); expanded relations follow the normal rules.
    expect(log.find((l) => l.startsWith("u1:users "))).not.toContain('"email"');
    expect(log.find((l) => l.startsWith("admin:users "))).not.toContain('"email"');
    // Options: only the picked fields, the expanded owner with its email (it is the subscriber itself).
    const withOptions = log.filter((l) => l.startsWith("u1:*+options "));
    expect(withOptions).toHaveLength(3);
    for (const l of withOptions) expect(l).toMatch(/ \{"expand":\{"owner":\{"email":"u1@example.com","name":"u1(-renamed)?"\}\},"id":"<string>","title":"\w+"\}$/);
  }, 60_000);

  it("answers the subscribe call as the reference does (validation, unknown client, auth binding)", async () => {
    await both(async (w) => {
      const sse = await openSse(w.server);
      const post = (body: unknown, token?: string, rawBody?: string) => call(w.server, { method: "POST", path: "/api/realtime", body, token, rawBody });
      const answers = [
        await post({}),
        await post({ clientId: "" }),
        await post({ clientId: "x".repeat(256) }),
        await post(undefined, undefined, "not json"),
        await post({ clientId: 1 }),
        await post({ clientId: sse.clientId, subscriptions: "posts/*" }),
        await post({ clientId: sse.clientId, subscriptions: [1] }),
        await post({ clientId: "missing", subscriptions: ["posts/*"] }),
        // A guest client may be claimed by a user once; then only by that user.
        await post({ clientId: sse.clientId, subscriptions: ["posts/*"] }),
        await post({ clientId: sse.clientId, subscriptions: ["posts/*"] }, w.users.u1!.token),
        await post({ clientId: sse.clientId, subscriptions: ["posts/*"] }, w.users.u1!.token),
        await post({ clientId: sse.clientId, subscriptions: [] }, w.users.u2!.token),
        await post({ clientId: sse.clientId, subscriptions: [] }, w.adminToken),
        await post({ clientId: sse.clientId, subscriptions: [] }),
        await post({ clientId: sse.clientId, subscriptions: [] }, "not-a-token"),
      ].map((a) => [a.status, a.body]);
      sse.close();
      return answers;
    });
  });

  it("speaks the reference's wire format: headers and the PB_CONNECT frame", async () => {
    await both(async (w) => {
      const sse = await openSse(w.server);
      sse.close();
      expect(sse.clientId).toMatch(/^[A-Za-z0-9]{40}$/);
      expect(sse.messages[0]).toEqual({ id: sse.clientId, event: "PB_CONNECT", data: JSON.stringify({ clientId: sse.clientId }) });
      return ["content-type", "cache-control", "x-accel-buffering", "vary"].map((h) => sse.headers.get(h));
    });
  });

  it("frees a client when its connection closes", async () => {
    await both(async (w) => {
      const sse = await openSse(w.server);
      const sub = () => call(w.server, { method: "POST", path: "/api/realtime", body: { clientId: sse.clientId, subscriptions: ["posts/*"] } });
      const before = (await sub()).status;
      sse.close();
      await until(async () => (await sub()).status === 404, 3000, "the client to be removed");
      return [before, (await sub()).body];
    });
  });

  it("drops the clients of an auth record that is deleted", async () => {
    await both(async (w) => {
      const sse = await openSse(w.server);
      const other = await openSse(w.server);
      const sub = (id: string, token?: string) => call(w.server, { method: "POST", path: "/api/realtime", body: { clientId: id, subscriptions: ["posts/*"] }, token });
      const out: unknown[] = [(await sub(sse.clientId, w.users.u3!.token)).status, (await sub(sse.clientId, w.users.u1!.token)).status];
      out.push((await sub(other.clientId, w.users.u1!.token)).status);
      await w.admin.collection("users").delete(w.users.u3!.id);
      out.push((await sub(sse.clientId, w.users.u1!.token)).status, (await sub(other.clientId, w.users.u1!.token)).status);
      sse.close();
      other.close();
      return out;
    });
  });

  it("forwards the OAuth2 redirect to the waiting client, once, and redirects to the dashboard's result page", async () => {
    await both(async (w) => {
      const sse = await openSse(w.server);
      await call(w.server, { method: "POST", path: "/api/realtime", body: { clientId: sse.clientId, subscriptions: ["@oauth2"] } });
      const go = async (query: string, init: RequestInit = {}) => {
        const res = await fetch(`${w.server.url}/api/oauth2-redirect${query.replaceAll("ID", sse.clientId)}`, { redirect: "manual", ...init });
        await res.arrayBuffer();
        return [res.status, res.headers.get("location")];
      };
      const answers = [
        await go(""),
        await go("?code=1"),
        await go("?state=unknown&code=1"),
        await go("?state=ID&code=abc"),
        await go("?state=ID&code=again"), // the subscription was used up
      ];
      await call(w.server, { method: "POST", path: "/api/realtime", body: { clientId: sse.clientId, subscriptions: ["@oauth2"] } });
      answers.push(await go("?state=ID&error=access_denied"));
      await call(w.server, { method: "POST", path: "/api/realtime", body: { clientId: sse.clientId, subscriptions: ["@oauth2"] } });
      answers.push(
        await go("", { method: "POST", headers: { "content-type": "application/x-www-form-urlencoded" }, body: `state=${sse.clientId}&code=posted` }),
      );
      await settle(sse.messages, 200);
      sse.close();
      const msgs = sse.messages.slice(1).map((m) => [m.id === sse.clientId, m.event, m.data.replaceAll(sse.clientId, "ID")]);
      return { answers, msgs };
    });
  });

  it("completes the SDK's one-call OAuth2 popup flow up to the code exchange", async () => {
    await both(async (w) => {
      await w.admin.settings.update({ googleAuth: { enabled: true, clientId: "client", clientSecret: "secret" } });
      const pb = await client(w.server);
      let authUrl = "";
      const err = await pb
        .collection("users")
        .authWithOAuth2({
          provider: "google",
          urlCallback: async (url: string) => {
            authUrl = url;
            const state = new URL(url).searchParams.get("state");
            await (await fetch(`${w.server.url}/api/oauth2-redirect?state=${state}&code=the-code`, { redirect: "manual" })).arrayBuffer();
          },
        })
        .then(
          () => null,
          (e: { url?: string }) => e,
        );
      await w.admin.settings.update({ googleAuth: { enabled: false } });
      // The SDK received the code through realtime and went on to exchange it (which fails: no real provider).
      return [new URL(authUrl).searchParams.get("state")?.length, err?.url?.replace(w.server.url, "")];
    });
  });
});

describe("realtime auth reset on token key change (v0.22.44 behaviour)", () => {
  let cairn: RunningCairn;
  let w: World;

  beforeAll(async () => {
    cairn = await startCairn(copyDataDir(referenceDataDir()));
    w = await setup(cairn);
  }, 60_000);

  afterAll(async () => {
    if (cairn) dropUnusedConnections(cairn);
    await cairn?.stop();
    cleanupTempDirs();
  });

  async function boundClient(user: string): Promise<RawSse> {
    const sse = await openSse(cairn);
    const res = await call(cairn, { method: "POST", path: "/api/realtime", body: { clientId: sse.clientId, subscriptions: ["posts/*"] }, token: w.users[user]!.token });
    expect(res.status).toBe(204);
    return sse;
  }

  const events = (sse: RawSse) => sse.messages.filter((m) => m.event === "posts/*").map((m) => (JSON.parse(m.data) as { record: { title: string } }).record.title);

  it("drops the auth of a client whose record's password (token key) changes", async () => {
    const sse = await boundClient("u4");
    await w.admin.collection("posts").create({ title: "before", owner: w.users.u4!.id });
    await until(() => events(sse).length === 1);
    await w.admin.collection("users").update(w.users.u4!.id, { password: "new-password-1", passwordConfirm: "new-password-1" });
    await w.admin.collection("posts").create({ title: "after", owner: w.users.u4!.id });
    await w.admin.collection("posts").create({ title: "public-marker" });
    await settle(sse.messages, 200);
    // "after" is the user's own post: a guest no longer sees it, only the post without owner.
    expect(events(sse)).toEqual(["before", "public-marker"]);
    // The client is a guest again, so another user may claim it.
    const res = await call(cairn, { method: "POST", path: "/api/realtime", body: { clientId: sse.clientId, subscriptions: [] }, token: w.users.u2!.token });
    expect(res.status).toBe(204);
    sse.close();
  });

  it("drops the auth of a client whose password is reset by mail at once: the flow's event, no re-read", async () => {
    const sse = await boundClient("u2");
    const users = await w.admin.collections.getOne("users");
    const row = await recordsRepo.findById(cairn.app.db, "users", w.users.u2!.id);
    const cfg = cairn.app.settings.get().recordPasswordResetToken;
    const claims = { id: w.users.u2!.id, type: "authRecord" as const, collectionId: users.id, email: "u2@example.com" };
    const token = await signToken(claims, String(row!.tokenKey) + cfg.secret, cfg.duration);
    const body = { token, password: "new-password-2", passwordConfirm: "new-password-2" };
    const res = await call(cairn, { method: "POST", path: "/api/collections/users/confirm-password-reset", body });
    expect(res.status).toBe(204);
    // Right away (the binding was fresh, so a once-a-second re-read would not have run yet).
    await w.admin.collection("posts").create({ title: "hidden", owner: w.users.u2!.id });
    await w.admin.collection("posts").create({ title: "public-marker-2" });
    await settle(sse.messages, 200);
    expect(events(sse)).toEqual(["public-marker-2"]);
    sse.close();
  });

  it("keeps the auth (with fresh values) on other changes of the record", async () => {
    const sse = await boundClient("u1");
    await w.admin.collection("users").update(w.users.u1!.id, { name: "still me" });
    await w.admin.collection("posts").create({ title: "mine", owner: w.users.u1!.id });
    await until(() => events(sse).includes("mine"));
    sse.close();
  });
});
