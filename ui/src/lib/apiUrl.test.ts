import { describe, expect, it } from "vitest";
import { resolveApiUrl } from "./apiUrl";

const win = (search: string, injected?: string) => ({ CAIRN_API_URL: injected, location: { search, origin: "http://page:1" } }) as unknown as Window;

describe("resolveApiUrl", () => {
  it("defaults to the page origin", () => {
    expect(resolveApiUrl(win(""), false)).toBe("http://page:1");
  });
  it("prefers an injected window.CAIRN_API_URL", () => {
    expect(resolveApiUrl(win("?api=http://q:2", "http://inj:3/"), true)).toBe("http://inj:3");
  });
  it("accepts an http(s) ?api= option on the dev server only", () => {
    expect(resolveApiUrl(win("?api=http%3A%2F%2Fq%3A2"), true)).toBe("http://q:2");
    expect(resolveApiUrl(win("?api=javascript:alert(1)"), true)).toBe("http://page:1");
    expect(resolveApiUrl(win("?api=http%3A%2F%2Fevil%3A2"), false)).toBe("http://page:1");
  });
});
