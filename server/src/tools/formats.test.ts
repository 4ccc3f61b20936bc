import { describe, expect, it } from "vitest";
import { isEmailFormat, isHost, isUrl } from "./formats.js";

// Every expectation below was observed on the reference binary (PATCH /api/settings).
const URLS: [string, boolean][] = [
  ["ftp://x", true], ["localhost:8090", true], ["http://localhost", true], ["http://a b", false], ["example.com", true],
  ["http://192.168.1.1:80/x?y#z", true], ["//example.com", false], ["http://", false], ["   ", false], ["http://localhost:8090/", true],
  ["https://ex_ample.com", true], ["http://x", true], ["mailto:a@b.co", true], ["http://[::1]:80", true], ["http://localhost:99999", true],
  ["http://foo.bar.", true], ["http://-a.com", false], ["http://a.com:abc", false], ["a.b", false], ["x", false], ["http://ex ample.com", false],
  ["HTTP://EXAMPLE.COM", false], ["http://user:pw@host.com", true], ["http://host.com/path with space", false], ["http://ünicode.com", true],
  ["http://127.0.0.1", true], ["http://1.2.3", false], ["http://a.b.c.d.e", false], ["notaurl", false], ["http://a.b", true],
  ["abcd", false], ["abcd.e", true], ["http://a__b.com", true], ["http://a---b.com", true], ["http://ab.cd1", true], ["http://0.1.2.3", false],
  ["http://256.1.1.1", false], ["http://www.x", true], ["http://x.com/%zz", false], ["http://x.com?%zz", true], ["http://x.com#%zz", false],
  ["http://u^v@x.com", false], ["http://x.com:123456", false], ["http://[fe80::1%25eth0]", true], ["http://[1.2.3.4]", false], ["wss://x.com", true],
  ["file://x.com", false], ["http:x.com", false], ["x.com/path", true], ["user@x.com", true], ["@x.com", false], ["http://x.ü", true],
  ["http://😀.com", false], ["http://x.com/😀", true], ["a:b", false], ["http://x.com\\", false], ["http://x.com/\"", true],
  ["http://localhost.", true], ["1.2.3.4:80", true], ["http://1.2.3.04", true], ["https://www.google.com/search?q=a b", false],
];

const EMAILS: [string, boolean][] = [
  ["a@b", false], ["a@b.c", true], ["a+b@x.y", true], ["A@B.CO", true], ["a..b@x.co", false], [".a@x.co", false], ["a@-x.co", false],
  ["a@x_y.co", true], ['"a b"@x.co', false], ['"ab"@x.co', false], ["a@[1.2.3.4]", false], ["a@localhost", false], ["ü@x.co", true],
  ["a@ü.co", true], ["a@x.co.", true], ["a@x..co", false], ["a@x.c-o", true], ["a@x.c1", false], ["a@1.co", true], ["a@x.co1", false],
  ["a@x-.co", false], ["a@x.-co", false], ["a@x~y.co", true], ["a~b@x.co", true], ["a/b@x.co", true], ["a'b@x.co", true], ["a@ü", false],
  ["a@x.ü", true], ["😀@x.co", false], ["a@😀.co", false], ["a@b.co ", false], [" a@b.co", false], ["a b@x.co", false],
  ["a(b)@x.co", false], ["a\\b@x.co", false], ["a@b@c.co", false], ["a.@b.co", false], ["a@b.c.", true], ["a@b.c..", false],
];

const HOSTS: [string, boolean][] = [
  ["bad host", false], ["x", true], ["-x.com", false], ["a_b", true], ["x_y.com", true], ["[::1]", false], ["::1", true],
  ["127.0.0.1", true], ["my.host", true], ["localhost", true], ["1.2.3", true], ["256.1.1.1", true], ["a..b", false], ["a.", true],
  ["a._", true], [".a", false], ["a:80", false], ["fe80::1%eth0", false], ["::ffff:1.2.3.4", true], ["1::2::3", false], ["ü.com", false],
  ["a".repeat(63), true], ["a".repeat(64), false], ["*.a.com", false],
];

describe("isUrl", () => {
  it.each(URLS)("%j -> %s", (value, valid) => expect(isUrl(value)).toBe(valid));

  it("stays fast on long hostile input", () => {
    const started = Date.now();
    for (const s of ["http://" + "a-".repeat(1000) + "!", "a@".repeat(1000), "http://" + "a.".repeat(1000) + "1", "x".repeat(2082)]) isUrl(s);
    expect(Date.now() - started).toBeLessThan(2000);
  });
});

describe("isEmailFormat", () => {
  it.each(EMAILS)("%j -> %s", (value, valid) => expect(isEmailFormat(value)).toBe(valid));
});

describe("isHost", () => {
  it.each(HOSTS)("%j -> %s", (value, valid) => expect(isHost(value)).toBe(valid));
});
