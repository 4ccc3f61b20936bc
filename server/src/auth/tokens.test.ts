import { createHmac } from "node:crypto";
import { describe, expect, it } from "vitest";
import { peekToken, signToken, verifyToken } from "./tokens.js";

const sign = (header: object, payload: object, key: string) => {
  const body = `${Buffer.from(JSON.stringify(header)).toString("base64url")}.${Buffer.from(JSON.stringify(payload)).toString("base64url")}`;
  return `${body}.${createHmac("sha256", key).update(body).digest("base64url")}`;
};

describe("HS256 tokens", () => {
  it("round-trips claims with exp first, like the reference", async () => {
    const t = await signToken({ id: "abc", type: "admin" }, "key", 60);
    const payload = JSON.parse(Buffer.from(t.split(".")[1]!, "base64url").toString());
    expect(Object.keys(payload)).toEqual(["exp", "id", "type"]);
    expect((await verifyToken(t, "key"))?.id).toBe("abc");
    expect(peekToken(t)?.type).toBe("admin");
  });

  it("verifies a token the reference minted (known key and payload)", async () => {
    const exp = Math.floor(Date.now() / 1000) + 100;
    const t = sign({ alg: "HS256", typ: "JWT" }, { exp, id: "x", type: "admin" }, "tokenKeySecret");
    expect(await verifyToken(t, "tokenKeySecret")).toMatchObject({ id: "x", exp });
  });

  it.each([
    ["wrong key", async () => ({ t: await signToken({ id: "a", type: "admin" }, "k1", 60), key: "k2" })],
    ["expired", async () => ({ t: sign({ alg: "HS256", typ: "JWT" }, { exp: 1, id: "a", type: "admin" }, "k"), key: "k" })],
    ["no exp", async () => ({ t: sign({ alg: "HS256", typ: "JWT" }, { id: "a", type: "admin" }, "k"), key: "k" })],
    ["alg none", async () => ({ t: sign({ alg: "none" }, { exp: 9e9, id: "a", type: "admin" }, "k"), key: "k" })],
    ["tampered payload", async () => {
      const t = await signToken({ id: "a", type: "admin" }, "k", 60);
      const [h, , s] = t.split(".");
      return { t: `${h}.${Buffer.from(JSON.stringify({ exp: 9e9, id: "b", type: "admin" })).toString("base64url")}.${s}`, key: "k" };
    }],
    ["garbage", async () => ({ t: "a.b.c", key: "k" })],
    ["two parts", async () => ({ t: "a.b", key: "k" })],
  ])("rejects %s", async (_name, make) => {
    const { t, key } = await make();
    expect(await verifyToken(t, key)).toBeNull();
  });
});
