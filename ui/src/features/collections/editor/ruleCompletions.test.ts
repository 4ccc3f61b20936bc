import { describe, expect, it } from "vitest";
import { ruleCompletions } from "./ruleCompletions";
import { viewColumns, viewQueryErrors } from "./viewQuery";

describe("rule autocomplete keys", () => {
  it("offers own fields, relation fields, @request.* and @collection.*", () => {
    const users = { id: "u1", name: "users", type: "auth" as const, schema: [{ name: "nick", type: "text", options: {} }] };
    const posts = { id: "p1", name: "posts", type: "base" as const, schema: [{ name: "title", type: "text", options: {} }, { name: "author", type: "relation", options: { collectionId: "u1" } }] };
    const keys = ruleCompletions(posts, [users, posts]);
    for (const k of ["id", "created", "title", "author", "author.email", "author.nick", "@request.context", "@request.method", "@request.headers.", "@request.query.", "@request.data.title", "@request.auth.id", "@request.auth.verified", "@request.auth.nick", "@collection.users.email", "@collection.posts.title"]) {
      expect(keys).toContain(k);
    }
    expect(keys).not.toContain("@request.data.id");
    expect(new Set(keys).size).toBe(keys.length);
  });
});

describe("view query columns and errors", () => {
  it("names columns like the server (system ones skipped)", () => {
    expect(viewColumns("SELECT id, name, u.email, created, count(x.id) as total, 1+1, (select max(a) from b) as m FROM users u")).toEqual(["name", "email", "total", "1+1", "m"]);
    expect(viewColumns("select distinct `id`, \"title\" from posts where a = 1")).toEqual(["title"]);
  });

  it("lists the query message and per-column messages", () => {
    expect(viewQueryErrors({ options: { query: { message: "Invalid query." } } }, "")).toEqual(["Invalid query."]);
    expect(viewQueryErrors({ schema: { "1": { name: { message: "Must be in a valid format." } } } }, "select id, name, 1+1 from users")).toEqual(["1+1: Must be in a valid format."]);
    expect(viewQueryErrors({ schema: { message: "Broken." } }, "")).toEqual(["Broken."]);
  });
});
