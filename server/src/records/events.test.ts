import { describe, expect, it } from "vitest";
import type { AppEvent } from "../events/bus.js";
import { call } from "../../test/support/client.js";
import { cairnWithEvents } from "../../test/support/events.js";

describe("record events on the app's bus", () => {
  const env = cairnWithEvents(async ({ cairn, token }) => {
    const schema = [{ name: "title", type: "text" }];
    const posts = await call(cairn, { method: "POST", path: "/api/collections", token, body: { name: "posts", type: "base", schema } });
    const postsId = (posts.body as { id: string }).id;
    const relation = { name: "post", type: "relation", required: false, options: { collectionId: postsId, maxSelect: 1, cascadeDelete: true } };
    await call(cairn, { method: "POST", path: "/api/collections", token, body: { name: "comments", type: "base", schema: [relation] } });
  });

  it("announces create, update and cascaded deletes after commit", async () => {
    const { cairn, token, seen } = env;
    const post = (await call(cairn, { method: "POST", path: "/api/collections/posts/records", token, body: { title: "a" } })).body as { id: string };
    const comment = (await call(cairn, { method: "POST", path: "/api/collections/comments/records", token, body: { post: post.id } })).body as { id: string };
    await call(cairn, { method: "PATCH", path: `/api/collections/posts/records/${post.id}`, token, body: { title: "b" } });
    const failed = await call(cairn, { method: "PATCH", path: `/api/collections/posts/records/${post.id}`, token, body: { id: "other" } });
    expect(failed.status).toBe(400);
    const del = await call(cairn, { method: "DELETE", path: `/api/collections/posts/records/${post.id}`, token });
    expect(del.status).toBe(204);

    const records = seen.filter((e) => e.type.startsWith("record."));
    const summary = records.map((e) => "record" in e && `${e.type} ${e.collection.name} ${String(e.record.id)}`);
    expect(summary).toEqual([
      `record.create posts ${post.id}`,
      `record.create comments ${comment.id}`,
      `record.update posts ${post.id}`,
      `record.delete posts ${post.id}`,
      `record.delete comments ${comment.id}`,
    ]);
    const update = records[2] as Extract<AppEvent, { type: "record.update" }>;
    expect(update.record.title).toBe("b");
  });
});
