import { describe, expect, it } from "vitest";
import type { AppEvent } from "../events/bus.js";
import { signToken } from "../auth/tokens.js";
import { recordsRepo } from "../db/records.js";
import { externalAuthsRepo } from "../db/externalAuths.js";
import { collectionsRepo } from "../db/collections.js";
import { call } from "../../test/support/client.js";
import { cairnWithEvents } from "../../test/support/events.js";
import { recordFromRow } from "../models/record.js";
import { LoginAlerts } from "./loginAlert.js";

type Update = Extract<AppEvent, { type: "record.update" }>;
type TokenKind = "recordVerificationToken" | "recordPasswordResetToken" | "recordEmailChangeToken";

/**
 * The mail flows' and the login alert's writes go through the one write path: each committed
 * change of an auth record is announced once on the bus (realtime keeps subscribers' auth by
 * these events alone), and a refused one announces nothing.
 */
describe("auth record writes of the mail flows and the login alert", () => {
  const env = cairnWithEvents();
  const C = "/api/collections/users";
  let userId = "";

  const updates = (from: number) => env.seen.slice(from).filter((e): e is Update => e.type === "record.update");
  const stored = async () => (await recordsRepo.findById(env.cairn.app.db, "users", userId))!;
  async function token(kind: TokenKind, extra: Record<string, unknown> = {}): Promise<string> {
    const row = await stored();
    const cfg = env.cairn.app.settings.get()[kind];
    const users = (await collectionsRepo.findByName(env.cairn.app.db, "users"))!;
    const claims = { id: userId, type: "authRecord" as const, collectionId: users.id, email: String(row.email), ...extra };
    return signToken(claims, String(row.tokenKey) + cfg.secret, cfg.duration);
  }

  it("verification, password reset and email change: one record.update each, after commit", async () => {
    const { cairn, token: admin } = env;
    const body = { email: "flow@example.com", password: "12345678", passwordConfirm: "12345678" };
    const created = await call(cairn, { method: "POST", path: `${C}/records`, token: admin, body });
    expect(created.status).toBe(200);
    userId = (created.body as { id: string }).id;

    let from = env.seen.length;
    expect((await call(cairn, { method: "POST", path: `${C}/confirm-verification`, body: { token: await token("recordVerificationToken") } })).status).toBe(204);
    expect(updates(from).map((e) => [e.collection.name, e.record.id, e.record.verified])).toEqual([["users", userId, true]]);
    // Already verified: nothing written, nothing announced.
    from = env.seen.length;
    expect((await call(cairn, { method: "POST", path: `${C}/confirm-verification`, body: { token: await token("recordVerificationToken") } })).status).toBe(204);
    expect(updates(from)).toEqual([]);

    from = env.seen.length;
    const oldKey = String((await stored()).tokenKey);
    const reset = { token: await token("recordPasswordResetToken"), password: "new-pass-1", passwordConfirm: "new-pass-1" };
    expect((await call(cairn, { method: "POST", path: `${C}/confirm-password-reset`, body: reset })).status).toBe(204);
    const [afterReset, ...more] = updates(from);
    expect(more).toEqual([]);
    expect(afterReset!.record.tokenKey).not.toBe(oldKey);
    expect(afterReset!.record.tokenKey).toBe((await stored()).tokenKey);
    expect(afterReset!.previous?.tokenKey).toBe(oldKey);

    // A refused confirm (wrong password) writes and announces nothing.
    from = env.seen.length;
    const change = { token: await token("recordEmailChangeToken", { newEmail: "moved@example.com" }), password: "wrong-password" };
    expect((await call(cairn, { method: "POST", path: `${C}/confirm-email-change`, body: change })).status).toBe(400);
    expect(updates(from)).toEqual([]);
    change.password = "new-pass-1";
    expect((await call(cairn, { method: "POST", path: `${C}/confirm-email-change`, body: change })).status).toBe(204);
    expect(updates(from).map((e) => e.record.email)).toEqual(["moved@example.com"]);
  });

  it("login alert: lastLoginAlertSentAt is written with one record.update", async () => {
    const { cairn } = env;
    const db = cairn.app.db;
    const users = (await collectionsRepo.findByName(db, "users"))!;
    const sent: unknown[] = [];
    const alerts = new LoginAlerts({ db, events: cairn.app.events, settings: cairn.app.settings, mailer: { send: async (m) => void sent.push(m) } });
    await db.transaction((tx) => externalAuthsRepo.insert(tx, users.id, userId, "google", "g-1"));
    const oauth2On = { ...users, options: { ...users.options, allowOAuth2Auth: true } };
    const from = env.seen.length;
    const record = recordFromRow(users, await stored());
    await alerts.afterPasswordLogin(oauth2On, { collection: oauth2On, record });
    expect(sent).toHaveLength(1);
    const [e, ...more] = updates(from);
    expect(more).toEqual([]);
    expect(e!.record.lastLoginAlertSentAt).toBe(record.lastLoginAlertSentAt);
    expect((await stored()).lastLoginAlertSentAt).toBe(record.lastLoginAlertSentAt);
  });
});
