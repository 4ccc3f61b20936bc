import { sideBySide } from "../../test/support/sideBySide.js";

/**
 * Create and update rules reading `@request.data.field` while the body changes the field
 * with `field+` / `field-`: the rule sees the value the modifiers produce, on both servers.
 * (The `+field` prepend form is left out: the v0.22.20 binary ignores it for select fields.)
 */
const step = sideBySide();
const P = "/api/collections/posts/records";
step("posts", (v) => ({ method: "POST", path: "/api/collections", token: v.admin, body: { name: "posts", type: "base", schema: [{ name: "tags", type: "select", options: { maxSelect: 5, values: ["a", "b", "c", "d", "e"] } }, { name: "num", type: "number" }], listRule: "", viewRule: "",
  createRule: "@request.data.num > 5 && @request.data.tags:length < 3", updateRule: "@request.data.num > 5 && @request.data.tags:length < 3 && @request.data.tags:each != 'e'" } }));
step("create plain ok", () => ({ method: "POST", path: P, body: { id: "p00000000000001", num: 6, tags: ["a"] } }));
step("create num+ ", () => ({ method: "POST", path: P, body: { "num+": 10, tags: ["a"] } }));
step("create tags+ ", () => ({ method: "POST", path: P, body: { num: 7, "tags+": ["a", "b"] } }));
step("create tags+ too many", () => ({ method: "POST", path: P, body: { num: 7, "tags+": ["a", "b", "c"] } }));
step("update num+ small", () => ({ method: "PATCH", path: `${P}/p00000000000001`, body: { "num+": 1 } }));
step("update num+ big", () => ({ method: "PATCH", path: `${P}/p00000000000001`, body: { "num+": 10 } }));
step("update num- ", () => ({ method: "PATCH", path: `${P}/p00000000000001`, body: { num: 20, "num-": 1 } }));
step("update tags+ ", () => ({ method: "PATCH", path: `${P}/p00000000000001`, body: { num: 9, "tags+": "b" } }));
step("update tags+ many", () => ({ method: "PATCH", path: `${P}/p00000000000001`, body: { num: 9, "tags+": ["c", "d"] } }));
step("update tags- ", () => ({ method: "PATCH", path: `${P}/p00000000000001`, body: { num: 9, "tags-": "a" } }));
step("update tags+ e", () => ({ method: "PATCH", path: `${P}/p00000000000001`, body: { num: 9, "tags+": "e" } }));
step("update tags e and tags-", () => ({ method: "PATCH", path: `${P}/p00000000000001`, body: { num: 9, tags: ["a", "e"], "tags-": "e" } }));
step("view", () => ({ path: `${P}/p00000000000001` }));
