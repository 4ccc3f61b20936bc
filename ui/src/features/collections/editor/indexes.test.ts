import { describe, expect, it } from "vitest";
import { buildIndex, hasColumns, indexLabel, newIndexSql, parseIndex, randomIndexName, replaceIndexesColumn, replaceIndexesTable, setIndexUnique, toggleIndexColumn } from "./indexes";

describe("index statements", () => {
  it("parses the parts", () => {
    const idx = parseIndex('CREATE UNIQUE INDEX IF NOT EXISTS "idx_a" ON `posts` (`title` COLLATE NOCASE DESC, lower(slug), created) WHERE title != \'\'');
    expect(idx).toEqual({
      unique: true,
      optional: true,
      indexName: "idx_a",
      tableName: "posts",
      columns: [
        { name: "title", collate: "NOCASE", sort: "DESC" },
        { name: "lower(slug)", collate: "", sort: "" },
        { name: "created", collate: "", sort: "" },
      ],
      where: "title != ''",
    });
    expect(parseIndex("garbage").indexName).toBe("");
  });

  it("builds like the server stores it (one column inline, several one per line)", () => {
    expect(buildIndex({ unique: false, optional: false, indexName: "idx_x", tableName: "t", columns: [{ name: "a", collate: "", sort: "" }], where: "" })).toBe("CREATE INDEX `idx_x` ON `t` (`a`)");
    expect(
      buildIndex({ unique: true, optional: false, indexName: "idx_x", tableName: "t", columns: [{ name: "a", collate: "", sort: "" }, { name: "b", collate: "", sort: "DESC" }], where: "a > 1" }),
    ).toBe("CREATE UNIQUE INDEX `idx_x` ON `t` (\n  `a`,\n  `b` DESC\n) WHERE a > 1");
  });

  it("rewrites the table on collection rename and columns on field rename", () => {
    const list = ["CREATE INDEX `idx_1` ON `posts` (`title`)", "CREATE UNIQUE INDEX `idx_2` ON `posts` (`slug`, `title`)"];
    expect(replaceIndexesTable(list, "articles")).toEqual(["CREATE INDEX `idx_1` ON `articles` (`title`)", "CREATE UNIQUE INDEX `idx_2` ON `articles` (\n  `slug`,\n  `title`\n)"]);
    expect(replaceIndexesColumn(list, "slug", "handle")).toEqual([list[0], "CREATE UNIQUE INDEX `idx_2` ON `posts` (\n  `handle`,\n  `title`\n)"]);
    expect(replaceIndexesColumn(list, "x", "x")).toEqual(list);
  });

  it("toggles columns and the unique flag", () => {
    let sql = newIndexSql("posts");
    expect(sql).toMatch(/^CREATE INDEX `idx_[a-z0-9]{7}` ON `posts` \(\)$/);
    expect(hasColumns(sql)).toBe(false);
    sql = toggleIndexColumn(sql, "title");
    expect(hasColumns(sql)).toBe(true);
    sql = toggleIndexColumn(sql, "created");
    expect(indexLabel(sql)).toBe("title, created");
    sql = toggleIndexColumn(sql, "title");
    expect(indexLabel(sql)).toBe("created");
    sql = setIndexUnique(sql, true);
    expect(parseIndex(sql).unique).toBe(true);
  });

  it("names new indexes idx_ plus 7 random characters", () => {
    const a = randomIndexName();
    expect(a).toMatch(/^idx_[a-z0-9]{7}$/);
    expect(randomIndexName()).not.toBe(a);
  });
});
