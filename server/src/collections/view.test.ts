import { describe, expect, it } from "vitest";
import { parseViewIdentifiers, ViewQueryError } from "./view.js";

const ids = (q: string) => {
  const { columns, tables } = parseViewIdentifiers(q);
  return { columns: columns.map((c) => `${c.original}>${c.alias}`), tables: tables.map((t) => `${t.original}>${t.alias}`) };
};

describe("view query identifiers", () => {
  it("reads columns and tables", () => {
    expect(ids("select u.id, u.name as n, count(id) as c, `x`.\"y\" z from users as u left join posts p on p.owner = u.id where 1")).toEqual({
      columns: ["u.id>id", "u.name>n", "count(id)>c", "x.y>z"],
      tables: ["users>u", "posts>p"],
    });
    expect(ids("select distinct id, (ROW_NUMBER() OVER()) as id2, name 'n' from a join b on 1 join c cc on 2 order by id")).toEqual({
      columns: ["id>id", "(ROW_NUMBER() OVER())>id2", "name>n"],
      tables: ["a>a", "b>b", "c>cc"],
    });
    expect(ids("with x as (select id from users) select id from x limit 1 offset 2")).toEqual({ columns: ["id>id"], tables: ["x>x"] });
  });

  it.each([
    ["select id, name from users; delete from users", 'invalid identifier part - expected "as", got delete'],
    ["select id from users union select id from posts", 'invalid identifier part - expected "as", got union'],
    ["select id from users a b c d", "invalid identifier parts [users a b c d]"],
  ])("refuses %s", (q, message) => {
    expect(() => parseViewIdentifiers(q)).toThrow(new ViewQueryError(message));
  });
});
