import { describe, expect, it } from "vitest";
import { compareNames } from "./compareNames";

const CHARS = "_0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ";

function randomName(rand: () => number): string {
  const len = 1 + Math.floor(rand() * 6);
  let s = "";
  // A small alphabet makes shared prefixes and case-only differences common.
  for (let i = 0; i < len; i++) s += "_0aAbB9zZ"[Math.floor(rand() * 9)] ?? "a";
  return s;
}

describe("compareNames", () => {
  it("orders word names exactly as localeCompare does", () => {
    let seed = 7;
    const rand = () => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31);
    for (let i = 0; i < 5000; i++) {
      const a = randomName(rand);
      const b = randomName(rand);
      expect(compareNames(a, b), `${a} vs ${b}`).toBe(Math.sign(a.localeCompare(b)));
    }
    for (const a of CHARS) for (const b of CHARS) expect(compareNames(a, b), `${a} vs ${b}`).toBe(Math.sign(a.localeCompare(b)));
  });

  it("sorts a list as localeCompare does", () => {
    const names = ["users", "Users", "_pb_users", "posts2", "posts_10", "posts10", "Posts", "a", "A_", "a_b", "ab"];
    expect([...names].sort(compareNames)).toEqual([...names].sort((a, b) => a.localeCompare(b)));
  });

  it("falls back to localeCompare for other characters", () => {
    expect(compareNames("é", "f")).toBe(Math.sign("é".localeCompare("f")));
    expect(compareNames("a-b", "a_b")).toBe(Math.sign("a-b".localeCompare("a_b")));
  });
});
