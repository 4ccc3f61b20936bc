import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adminToken, call, mask, type Call } from "../../test/support/client.js";
import { referenceDataDir } from "../../test/support/dataDirs.js";
import { startReference, type RunningServer } from "../../test/support/servers.js";
import { startBothServers, stopBothServers } from "../../test/support/bothServers.js";

/**
 * Side channels PocketBase closed after v0.22: a client's filter and sort may only reach
 * related records it may list, and hidden emails cannot be sorted on. Where Cairn now differs
 * from v0.22 the expectations are Cairn's own; API rules, expand and admins must still answer
 * exactly as the reference does.
 */
describe("filter and sort through relations", () => {
  let ref: RunningServer;
  let cairn: RunningServer;
  const tokens: Record<string, string> = {};
  const PASSWORD = "1234567890";

  beforeAll(async () => {
    const base = referenceDataDir();
    const maker = await startReference(base);
    try {
      const token = await adminToken(maker);
      const ok = async (c: Call) => {
        const res = await call(maker, { method: "POST", token, ...c });
        if (res.status !== 200) throw new Error(`${c.path}: ${res.status} ${JSON.stringify(res.body)}`);
        return res.body as { id: string };
      };
      const users = (await call(maker, { path: "/api/collections/users", token })).body as { id: string };
      await call(maker, { method: "PATCH", path: "/api/collections/users", token, body: { listRule: "", viewRule: "" } });
      const hidden = await ok({ path: "/api/collections", body: { name: "vault", type: "base", schema: [{ name: "code", type: "text" }] } });
      const rel = (name: string, collectionId: string) => ({ name, type: "relation", options: { collectionId, maxSelect: 1 } });
      await ok({
        path: "/api/collections",
        body: { name: "posts", type: "base", listRule: "owner = @request.auth.id", viewRule: "owner = @request.auth.id", schema: [{ name: "secret", type: "text" }, rel("owner", users.id)] },
      });
      await ok({ path: "/api/collections", body: { name: "notes", type: "base", listRule: "", viewRule: "", schema: [{ name: "title", type: "text" }, rel("owner", users.id), rel("ref", hidden.id)] } });
      // API rules reading through the same paths keep their power.
      await ok({ path: "/api/collections", body: { name: "digest", type: "base", listRule: "owner.posts_via_owner.secret ~ 'x-'", schema: [{ name: "title", type: "text" }, rel("owner", users.id)] } });
      const ids: Record<string, string> = {};
      for (const [name, visible] of [["alice", false], ["bob", false], ["carol", true]] as const) {
        const u = await ok({ path: "/api/collections/users/records", body: { username: name, email: `${name}@example.com`, emailVisibility: visible, password: PASSWORD, passwordConfirm: PASSWORD } });
        ids[name] = u.id;
        await ok({ path: "/api/collections/posts/records", body: { secret: `${name === "alice" ? "x-" : "y-"}${name}-secret`, owner: u.id } });
      }
      const vault = await ok({ path: "/api/collections/vault/records", body: { code: "h1" } });
      // Titles run against the emails' order, so a sort by email cannot hide behind the title tie-break.
      for (const [title, owner] of [["n1", "carol"], ["n2", "bob"], ["n3", "alice"]]) {
        await ok({ path: "/api/collections/notes/records", body: { title, owner: ids[owner], ref: owner === "bob" ? vault.id : "" } });
        await ok({ path: "/api/collections/digest/records", body: { title, owner: ids[owner] } });
      }
    } finally {
      await maker.stop();
    }
    ({ ref, cairn } = await startBothServers(base));
    tokens.admin = await adminToken(ref);
    for (const name of ["alice", "bob"]) {
      const res = await call(ref, { method: "POST", path: "/api/collections/users/auth-with-password", body: { identity: name, password: PASSWORD } });
      tokens[name] = (res.body as { token: string }).token;
    }
  });

  afterAll(() => stopBothServers({ ref, cairn }));

  const list = (collection: string, params: Record<string, string>, token?: string): Call => ({
    path: `/api/collections/${collection}/records?${new URLSearchParams({ perPage: "50", ...params })}`,
    token,
  });
  const titles = (body: unknown) => (body as { items: { title: string }[] }).items.map((i) => i.title);

  async function cairnTitles(c: Call): Promise<string[]> {
    const res = await call(cairn, c);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return titles(res.body);
  }

  /** The same answer from both servers. */
  async function same(c: Call): Promise<unknown> {
    const [a, b] = await Promise.all([call(ref, c), call(cairn, c)]);
    expect(b.status, JSON.stringify(b.body)).toBe(a.status);
    expect(mask(b.body)).toEqual(mask(a.body));
    return b.body;
  }

  it("a guest cannot learn the order of hidden emails by sorting on them", async () => {
    // alice's and bob's emails are hidden: they sort as equal (then by title); carol's is visible.
    const up = await cairnTitles(list("notes", { sort: "owner.email,title" }));
    const down = await cairnTitles(list("notes", { sort: "-owner.email,title" }));
    expect(up).toEqual(["n2", "n3", "n1"]);
    expect(down).toEqual(["n1", "n2", "n3"]);
    // The same on the auth collection itself.
    const users = await call(cairn, { path: "/api/collections/users/records?sort=email,username" });
    expect((users.body as { items: { username: string }[] }).items.map((u) => u.username)).toEqual(["alice", "bob", "carol"]);
    const usersDown = await call(cairn, { path: "/api/collections/users/records?sort=-email,username" });
    expect((usersDown.body as { items: { username: string }[] }).items.map((u) => u.username)).toEqual(["carol", "alice", "bob"]);
  });

  it("a hidden email still cannot be filtered on, a visible one can (as in v0.22)", async () => {
    expect(titles(await same(list("notes", { filter: "owner.email ~ 'alice'" })))).toEqual([]);
    expect(titles(await same(list("notes", { filter: "owner.email = 'carol@example.com'" })))).toEqual(["n1"]);
  });

  it("a filter through a relation only sees records the requester may list", async () => {
    const leak = list("notes", { filter: "owner.posts_via_owner.secret ~ 'x-'" });
    expect(await cairnTitles(leak)).toEqual([]); // v0.22 answers ["n3"] to a guest
    expect(await cairnTitles({ ...leak, token: tokens.bob })).toEqual([]);
    expect(await cairnTitles({ ...leak, token: tokens.alice })).toEqual(["n3"]); // her own post
    expect(await cairnTitles(list("notes", { filter: "owner.posts_via_owner.secret ~ 'bob'" }, tokens.alice))).toEqual([]);
    // A collection only admins may list is out of reach, in filters and sorts.
    expect(await cairnTitles(list("notes", { filter: "ref.code = 'h1'" }, tokens.alice))).toEqual([]);
    expect(await cairnTitles(list("notes", { filter: "ref.code != 'h1'", sort: "title" }, tokens.alice))).toEqual(["n1", "n2", "n3"]);
    expect(await cairnTitles(list("notes", { sort: "-ref.code,title" }, tokens.bob))).toEqual(["n1", "n2", "n3"]);
  });

  it("admins keep filtering and sorting through every relation, hidden emails included", async () => {
    expect(titles(await same(list("notes", { filter: "owner.posts_via_owner.secret ~ 'x-'" }, tokens.admin)))).toEqual(["n3"]);
    expect(titles(await same(list("notes", { filter: "ref.code = 'h1'" }, tokens.admin)))).toEqual(["n2"]);
    expect(titles(await same(list("notes", { sort: "owner.email" }, tokens.admin)))).toEqual(["n3", "n2", "n1"]);
    expect(titles(await same(list("notes", { filter: "owner.email ~ 'alice'" }, tokens.admin)))).toEqual(["n3"]);
  });

  it("API rules and expand work as before", async () => {
    expect(titles(await same(list("digest", { sort: "title" })))).toEqual(["n3"]);
    expect(titles(await same(list("digest", { sort: "title" }, tokens.bob)))).toEqual(["n3"]);
    const expanded = (await same(list("notes", { expand: "owner", sort: "title" }, tokens.bob))) as { items: { expand: { owner: { username: string; email?: string } } }[] };
    expect(expanded.items.map((i) => i.expand.owner.username)).toEqual(["carol", "bob", "alice"]);
    // A relation filter the requester is allowed to follow still works for non-admins.
    expect(titles(await same(list("notes", { filter: "owner.username = 'bob'" })))).toEqual(["n2"]);
  });
});
