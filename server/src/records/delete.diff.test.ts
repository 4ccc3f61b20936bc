import { describe } from "vitest";
import { differential } from "../../test/support/differential.js";
import { admin, cases, collection, rid } from "../../test/support/records.js";

const rel = (collectionId: string, opts: Record<string, unknown>, required = false) => [{ name: "p", type: "relation", required, options: { collectionId, ...opts } }];
const P = "par000000000001";

describe("records: delete with cascades and required relations", () => {
  differential([
    collection({ id: P, name: "parents", schema: [{ name: "name", type: "text" }] }),
    collection({ id: "kid000000000001", name: "kidsreq", schema: rel(P, { maxSelect: 1 }, true) }),
    collection({ id: "kid000000000002", name: "kidscas", schema: rel(P, { cascadeDelete: true }) }),
    collection({ id: "kid000000000003", name: "kidsopt", schema: rel(P, {}) }),
    collection({ id: "kid000000000004", name: "kidsreqm", schema: rel(P, {}, true) }),
    collection({ id: "kid000000000005", name: "grandkids", schema: rel("kid000000000002", { cascadeDelete: true, maxSelect: 1 }) }),
    ...cases([
      ...[1, 2, 3, 4, 5, 6].map((i): [string, ReturnType<typeof admin.create>] => [`parent ${i}`, admin.create("parents", { id: rid(`p${i}`) })]),
      ["required single", admin.create("kidsreq", { id: rid("kr1"), p: rid("p1") })],
      ["cascading multi", admin.create("kidscas", { id: rid("kc1"), p: [rid("p2"), rid("p3")] })],
      ["cascading single value", admin.create("kidscas", { id: rid("kc2"), p: [rid("p6")] })],
      ["grandkid", admin.create("grandkids", { id: rid("g1"), p: rid("kc2") })],
      ["optional multi", admin.create("kidsopt", { id: rid("ko1"), p: [rid("p3"), rid("p4")] })],
      ["required multi 1", admin.create("kidsreqm", { id: rid("km1"), p: [rid("p5"), rid("p4")] })],
      ["required multi 2", admin.create("kidsreqm", { id: rid("km2"), p: [rid("p5")] })],
      ["delete a parent of a required single relation", admin.del("parents", rid("p1"))],
      ["still there", admin.view("parents", rid("p1"))],
      ["delete one of two cascading parents", admin.del("parents", rid("p2"))],
      ["cascading kid keeps the other", admin.list("kidscas", "?sort=id")],
      ["delete a parent of optional and required multi", admin.del("parents", rid("p4"))],
      ["optional kid lost one", admin.list("kidsopt")],
      ["required multi kid lost one", admin.list("kidsreqm", "?sort=id")],
      ["delete the last parent of a required multi", admin.del("parents", rid("p5"))],
      ["delete the last cascading parent", admin.del("parents", rid("p3"))],
      ["cascaded kid gone", admin.list("kidscas", "?sort=id")],
      ["optional kid emptied", admin.list("kidsopt")],
      ["delete a parent that cascades two levels", admin.del("parents", rid("p6"))],
      ["grandkid gone", admin.list("grandkids")],
      ["kid gone", admin.list("kidscas")],
      ["delete the required kid first", admin.del("kidsreq", rid("kr1"))],
      ["then its parent", admin.del("parents", rid("p1"))],
      ["parents left", admin.list("parents", "?sort=id")],
    ]),
  ]);
});
