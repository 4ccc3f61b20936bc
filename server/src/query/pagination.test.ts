import { describe, expect, it } from "vitest";
import { QueryError } from "./errors.js";
import { pageOffset, parsePagination, totalPages } from "./pagination.js";

// Observed on the reference v0.22.20.
describe("parsePagination", () => {
  it.each<[Record<string, string | undefined>, [number, number, boolean]]>([
    [{}, [1, 30, false]],
    [{ page: "", perPage: "", skipTotal: "" }, [1, 30, false]],
    [{ page: "2", perPage: "10" }, [2, 10, false]],
    [{ page: "+2" }, [2, 30, false]],
    [{ page: "0" }, [1, 30, false]],
    [{ page: "-1" }, [1, 30, false]],
    [{ perPage: "0" }, [1, 30, false]],
    [{ perPage: "-5" }, [1, 30, false]],
    [{ perPage: "500" }, [1, 500, false]],
    [{ perPage: "501" }, [1, 500, false]],
    [{ perPage: "9223372036854775807" }, [1, 500, false]],
    [{ page: "007" }, [7, 30, false]],
    ...["1", "t", "T", "true", "TRUE", "True"].map((v): [Record<string, string>, [number, number, boolean]] => [{ skipTotal: v }, [1, 30, true]]),
    ...["0", "f", "F", "false", "FALSE", "False"].map((v): [Record<string, string>, [number, number, boolean]] => [{ skipTotal: v }, [1, 30, false]]),
  ])("%j", (q, [page, perPage, skipTotal]) => {
    expect(parsePagination(q)).toEqual({ page, perPage, skipTotal });
  });

  it.each([
    { page: "abc" }, { page: "2.5" }, { page: " 2" }, { page: "2 " }, { page: "0x2" }, { page: "1e3" },
    { page: "9223372036854775808" }, { perPage: "abc" }, { perPage: "2.5" }, { perPage: "-9223372036854775809" },
    { skipTotal: "yes" }, { skipTotal: "2" }, { skipTotal: "on" },
  ])("rejects %j", (q) => {
    expect(() => parsePagination(q)).toThrow(QueryError);
  });

  it("takes the first of repeated parameters", () => {
    expect(parsePagination({ page: ["3", "4"] as unknown as string })).toMatchObject({ page: 3 });
  });

  it("computes pages and offsets", () => {
    expect(totalPages(0, 30)).toBe(0);
    expect(totalPages(1, 30)).toBe(1);
    expect(totalPages(30, 30)).toBe(1);
    expect(totalPages(31, 30)).toBe(2);
    expect(pageOffset(1, 30)).toBe(0);
    expect(pageOffset(3, 10)).toBe(20);
    expect(pageOffset(9223372036854775807, 500)).toBe(Number.MAX_SAFE_INTEGER);
  });
});
