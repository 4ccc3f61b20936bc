import { describe } from "vitest";
import { differential } from "../../test/support/differential.js";
import { admin, cases, collection, guest, rid } from "../../test/support/records.js";

const TAGS = { id: "tags00000000001", name: "tags", schema: [{ name: "name", type: "text" }], listRule: "", viewRule: "" };
const HIDDEN = { id: "hidd00000000001", name: "hidden", schema: [{ name: "name", type: "text" }] };
const POSTS = {
  id: "post00000000001",
  name: "posts",
  listRule: "", viewRule: "",
  schema: [
    { name: "title", type: "text" },
    { name: "body", type: "editor" },
    { name: "author", type: "relation", options: { collectionId: "_pb_users_auth_", maxSelect: 1 } },
    { name: "tags", type: "relation", options: { collectionId: "tags00000000001" } },
    { name: "secret", type: "relation", options: { collectionId: "hidd00000000001", maxSelect: 1 } },
  ],
};
const COMMENTS = {
  id: "comm00000000001",
  name: "comments",
  listRule: "", viewRule: "",
  schema: [{ name: "msg", type: "text" }, { name: "post", type: "relation", options: { collectionId: "post00000000001", maxSelect: 1 } }],
};
const META = {
  id: "meta00000000001",
  name: "meta",
  listRule: "", viewRule: "",
  schema: [{ name: "post", type: "relation", options: { collectionId: "post00000000001", maxSelect: 1 } }],
  indexes: ["CREATE UNIQUE INDEX idx_meta_post ON meta (post)"],
};

const P1 = rid("p1"), P2 = rid("p2");
const q = (s: string) => "?" + s.split("&").map((kv) => kv.split("=").map(encodeURIComponent).join("=")).join("&");

describe("records: expand and fields", () => {
  differential([
    collection(TAGS), collection(HIDDEN), collection(POSTS), collection(COMMENTS), collection(META),
    ...cases([
      ["user", admin.create("users", { id: rid("u1"), password: "12345678", passwordConfirm: "12345678", email: "u1@example.com", username: "user1" })],
      ["tag 1", admin.create("tags", { id: rid("t1"), name: "one" })],
      ["tag 2", admin.create("tags", { id: rid("t2"), name: "two" })],
      ["hidden", admin.create("hidden", { id: rid("h1"), name: "h" })],
      ["post 1", admin.create("posts", { id: P1, title: "Hello", body: "<p>Some <b>long</b> body text here &amp; more</p>", author: rid("u1"), tags: [rid("t2"), rid("t1")], secret: rid("h1") })],
      ["post 2", admin.create("posts", { id: P2, title: "T2", body: "<p>a</p><p>b<i>c</i>d</p><script>x()</script>  e &lt;f&gt; &#65; é" })],
      ["comment 1", admin.create("comments", { id: rid("c1"), msg: "c1", post: P1 })],
      ["comment 2", admin.create("comments", { id: rid("c2"), msg: "c2", post: P1 })],
      ["meta", admin.create("meta", { id: rid("m1"), post: P1 })],
      ["admin expands all", admin.view("posts", P1, q("expand=author,tags,secret,comments_via_post,meta_via_post,nope"))],
      ["guest expands what it may view", guest.view("posts", P1, q("expand=author,tags,secret,comments_via_post"))],
      ["nested", guest.view("comments", rid("c1"), q("expand=post.tags,post.comments_via_post.post"))],
      ["nested with spaces and blanks", admin.view("comments", rid("c1"), q("expand= post . author ,,"))],
      ["list with expand", guest.list("comments", q("expand=post&sort=id"))],
      // A page is expanded together (one query per relation field): shared, hidden, multiple, back and nested relations.
      ["list with every kind of expand", guest.list("posts", q("expand=author,tags,secret,comments_via_post.post.tags,meta_via_post&sort=id"))],
      ["list with nested expand as admin", admin.list("comments", q("expand=post.tags,post.author,post.secret&sort=-id"))],
      ["expand an empty relation", admin.view("posts", P2, q("expand=author,tags,comments_via_post"))],
      ["create with expand", admin.create("comments", { id: rid("c3"), msg: "c3", post: P1 }, q("expand=post"))],
      ["update with expand and fields", admin.update("comments", rid("c3"), { msg: "c3b" }, q("expand=post&fields=msg,expand.post.title"))],
      ["fields", guest.view("posts", P1, q("fields=id,title,body:excerpt(10,true),expand.tags.name&expand=tags"))],
      ["fields with * and excerpt", guest.list("posts", q("fields=*,body:excerpt(12)&perPage=1&sort=id"))],
      ["fields of the list envelope", guest.list("posts", q("fields=totalItems,items.id"))],
      ["excerpts of html", guest.view("posts", P2, q("fields=body:excerpt(100),title:excerpt(1,true),id:excerpt(3,1),created:excerpt(4,false)"))],
      ["fields with unknown modifier", guest.view("posts", P2, q("fields=body:nope(5)"))],
      ["excerpt with a bad number", guest.view("posts", P2, q("fields=body:excerpt(a)"))],
      ["excerpt with too many arguments", guest.view("posts", P2, q("fields=body:excerpt(5,true,1)"))],
      ["fields into a text", guest.view("posts", P2, q("fields=title,title.x"))],
      ["blank fields", guest.view("posts", P2, q("fields=,,"))],
    ]),
  ]);
});
