import { describe, expect, it } from "vitest";
import { buildIndex, IndexNameError, isValidIndex, parseIndex, splitTopLevel, withTable } from "./indexes.js";

const norm = (sql: string) => buildIndex(parseIndex(sql));

describe("index statements", () => {
  it.each([
    ["create index idx_t on b1 (t)", "CREATE INDEX `idx_t` ON `b1` (`t`)"],
    ["create unique index idx_t on b2 (t2 collate nocase desc, n) where t2 != ''", "CREATE UNIQUE INDEX `idx_t` ON `b2` (\n  `t2` COLLATE nocase DESC,\n  `n`\n) WHERE t2 != ''"],
    ["CREATE INDEX IF NOT EXISTS idx_x ON whatever (s,r)", "CREATE INDEX IF NOT EXISTS `idx_x` ON `whatever` (\n  `s`,\n  `r`\n)"],
    ["create index i1 on c1 (lower(t), n desc)", "CREATE INDEX `i1` ON `c1` (\n  lower(t),\n  `n` DESC\n)"],
    ["  CREATE   INDEX   i1   ON   `c1`   (  `t`  ASC , [n] collate binary )  ", "CREATE INDEX `i1` ON `c1` (\n  `t` ASC,\n  `n` COLLATE binary\n)"],
    ["create index i1 on c1 (t) where", "CREATE INDEX `i1` ON `c1` (`t`)"],
    ["create index main.i1 on c1 (t)", "CREATE INDEX `main`.`i1` ON `c1` (`t`)"],
    ["create index i1 on c1 (t) junk", "CREATE INDEX `i1` ON `c1` (`t`)"],
    ["select 1; create index i1 on c1 (t)", "CREATE INDEX `i1` ON `c1` (`t`)"],
    ["create index i1 on c1 (t, )", "CREATE INDEX `i1` ON `c1` (`t`)"],
    ['create index i1 on c1 ("t" COLLATE NOCASE)', "CREATE INDEX `i1` ON `c1` (`t` COLLATE NOCASE)"],
    ["create index i1 on c1 (t) where t = 'a;b'", "CREATE INDEX `i1` ON `c1` (`t`) WHERE t = 'a;b'"],
    ["CREATE INDEX i1 ON c1 (t)\nWHERE n > 1", "CREATE INDEX `i1` ON `c1` (`t`) WHERE n > 1"],
    ["create index i1 on c1(t)", "CREATE INDEX `i1` ON `c1` (`t`)"],
  ])("%s", (sql, expected) => expect(norm(sql)).toBe(expected));

  it.each([
    "bad", "create index i1 on c1 ()", 'create unique index i1 on c1 (t) where (t != "")', "create index `i 1` on c1 (t)",
    "create index i1 on c1 (t); create index i2 on c1 (n)", "create index i1 on c1 (t) where (n > 1) and (n < 5)",
  ])("refuses %s", (sql) => expect(isValidIndex(parseIndex(sql))).toBe(false));

  it("has no name for `create index on t (c)`", () => {
    expect(() => parseIndex("create index on c1 (t)")).toThrow(IndexNameError);
  });

  it("moves to another table", () => {
    expect(buildIndex(withTable(parseIndex("create index i on old (a)"), "new"))).toBe("CREATE INDEX `i` ON `new` (`a`)");
  });

  it("splits outside quotes and brackets", () => {
    expect(splitTopLevel("a, f(b, c), 'd,e' ,, x", ",")).toEqual(["a", "f(b, c)", "'d,e'", "x"]);
    expect(splitTopLevel("a, (b", ",")).toBeNull();
  });
});
