import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ADMIN_EMAIL } from "../../test/support/dataDirs.js";
import { call } from "../../test/support/client.js";
import type { RunningCairn, RunningServer } from "../../test/support/servers.js";
import { signToken } from "./tokens.js";
import { startBothServers, stopBothServers } from "../../test/support/bothServers.js";

/** Tokens signed with the real admin key of a data directory both servers share, then re-spelled or re-dated. */
describe("admin tokens the reference refuses", () => {
  let ref: RunningServer;
  let cairn: RunningCairn;
  let sign: (extra?: Record<string, unknown>) => Promise<string>;

  beforeAll(async () => {
    ({ ref, cairn } = await startBothServers());
    const admin = (await cairn.app.admins.findByEmail(ADMIN_EMAIL))!;
    const secret = cairn.app.settings.get().adminAuthToken.secret;
    sign = (extra = {}) => signToken({ id: admin.id, type: "admin", ...extra }, admin.tokenKey + secret, 3600);
  });

  afterAll(() => stopBothServers({ ref, cairn }));

  /** Both servers' answer to GET /api/admins with this token; they must agree. */
  async function judge(token: string): Promise<number> {
    const [a, b] = await Promise.all([call(ref, { path: "/api/admins", token }), call(cairn, { path: "/api/admins", token })]);
    expect(b.status, `cairn vs reference for ${token}`).toBe(a.status);
    if (a.status !== 200) expect(b.body).toEqual(a.body);
    return a.status;
  }

  const now = () => Math.floor(Date.now() / 1000);

  it("accepts the token as signed, and with an issue time in the past", async () => {
    expect(await judge(await sign())).toBe(200);
    expect(await judge(await sign({ iat: now() - 600 }))).toBe(200);
  });

  it("refuses a signature re-encoded with padding or in standard base64", async () => {
    const token = await sign();
    expect(await judge(token + "=")).toBe(401);
    // A signature holding a character that differs between the two alphabets.
    let special = token;
    for (let i = 0; !/[-_]/.test(special.split(".")[2]!); i++) special = await sign({ n: i });
    expect(await judge(special)).toBe(200);
    const [h, p, s] = special.split(".") as [string, string, string];
    expect(await judge(`${h}.${p}.${s.replace(/-/g, "+").replace(/_/g, "/")}`)).toBe(401);
    expect(await judge(`${h}.${p}.${s.replace(/-/g, "+").replace(/_/g, "/")}=`)).toBe(401);
    expect(await judge(`${h}=.${p}.${s}`)).toBe(401);
  });

  it("refuses a token issued in the future, or with an issue time that is not a number", async () => {
    expect(await judge(await sign({ iat: now() + 600 }))).toBe(401);
    expect(await judge(await sign({ iat: String(now() - 600) }))).toBe(401);
  });
});
