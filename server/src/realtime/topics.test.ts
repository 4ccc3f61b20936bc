import { describe, expect, it } from "vitest";
import { parseSubscription, recordTopics } from "./topics.js";
import type { CollectionModel } from "../models/collection.js";

const options = (o: unknown) => "?options=" + encodeURIComponent(JSON.stringify(o));

describe("parseSubscription", () => {
  it("keeps the submitted string as the event name and splits the topic at the first '?'", () => {
    const key = "posts/*" + options({ query: { expand: "owner", fields: "id" }, headers: { "x-token": "t" } }) + "&z=1";
    const s = parseSubscription(key);
    expect(s.key).toBe(key);
    expect(s.topic).toBe("posts/*");
    expect(s.options).toEqual({ query: { expand: "owner", fields: "id" }, headers: { "x-token": "t" } });
    expect(s.optionsKey).not.toBe("");
  });

  it("ignores options that are not JSON string maps, as the reference does", () => {
    for (const key of ["posts/*?options=bad", "posts/*" + options({ query: { a: 1 } }), "posts/*" + options([1]), "posts?x=1"]) {
      const s = parseSubscription(key);
      expect(s.options).toEqual({ query: {}, headers: {} });
      expect(s.optionsKey).toBe("");
      expect(s.topic).toBe(key.slice(0, key.indexOf("?")));
    }
  });

  it("gives equal options the same group key", () => {
    const a = parseSubscription("posts/*" + options({ query: { expand: "owner" } }));
    const b = parseSubscription("posts/abc" + options({ query: { expand: "owner" } }));
    expect(a.optionsKey).toBe(b.optionsKey);
    expect(parseSubscription("posts/*").optionsKey).toBe("");
  });
});

describe("recordTopics", () => {
  it("publishes a record to its own topic (view rule) and its collection's topics (list rule), by name and id", () => {
    const c = { id: "col123", name: "posts" } as CollectionModel;
    expect(Object.fromEntries(recordTopics(c, "rec1"))).toEqual({
      "posts/rec1": "view",
      "col123/rec1": "view",
      "posts/*": "list",
      "col123/*": "list",
      posts: "list",
      col123: "list",
    });
  });
});
