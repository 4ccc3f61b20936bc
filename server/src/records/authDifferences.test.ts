import { sideBySide } from "../../test/support/sideBySide.js";

/**
 * Record-auth behaviours side by side with the reference binary (issue 9 item 4): each
 * step runs on both servers with that server's own tokens; status and body must match
 * (generated usernames and collection ids masked).
 */
const step = sideBySide();
const U = "/api/collections/users";
const M = "/api/collections/members";
step("create members", (v) => ({ method: "POST", path: "/api/collections", token: v.admin, body: { name: "members", type: "auth", schema: [], createRule: "", listRule: "", viewRule: "", updateRule: "", options: { allowEmailAuth: true, allowUsernameAuth: true, minPasswordLength: 8, manageRule: "@request.auth.id != ''" } } }));
step("create u1", () => ({ method: "POST", path: `${U}/records`, body: { id: "aaaaaaaaaaaaaa1", email: "u1@example.com", password: "1234567890", passwordConfirm: "1234567890" } }));
step("an id already used in another auth collection is refused", () => ({ method: "POST", path: `${M}/records`, body: { id: "aaaaaaaaaaaaaa1", email: "m1@example.com", password: "1234567890", passwordConfirm: "1234567890" } }));
step("... also for admins", (v) => ({ method: "POST", path: `${M}/records`, token: v.admin, body: { id: "aaaaaaaaaaaaaa1", email: "m1@example.com", password: "1234567890", passwordConfirm: "1234567890" } }));
step("m2", () => ({ method: "POST", path: `${M}/records`, body: { id: "bbbbbbbbbbbbbb2", email: "m2@example.com", password: "1234567890", passwordConfirm: "1234567890" } }));
step("m3", () => ({ method: "POST", path: `${M}/records`, body: { id: "bbbbbbbbbbbbbb3", email: "m3@example.com", password: "1234567890", passwordConfirm: "1234567890" } }));
step("m2 signs in", () => ({ method: "POST", path: `${M}/auth-with-password`, body: { identity: "m2@example.com", password: "1234567890" } }), (a, v) => { v.m2 = (a.body as { token: string }).token; });
step("u1 signs in", () => ({ method: "POST", path: `${U}/auth-with-password`, body: { identity: "u1@example.com", password: "1234567890" } }), (a, v) => { v.u1 = (a.body as { token: string }).token; });
step("auth-refresh with a token of another auth collection", (v) => ({ method: "POST", path: `${U}/auth-refresh`, token: v.m2 }));
step("the manager sees the email despite emailVisibility", (v) => ({ path: `${M}/records/bbbbbbbbbbbbbb3`, token: v.m2 }));
step("the manager lists with emails", (v) => ({ path: `${M}/records`, token: v.m2 }));
step("a record of another auth collection passing the manageRule sees the email", (v) => ({ path: `${M}/records/bbbbbbbbbbbbbb3`, token: v.u1 }));
step("the manager sets verified, email and password without the old password", (v) => ({ method: "PATCH", path: `${M}/records/bbbbbbbbbbbbbb3`, token: v.m2, body: { verified: true, email: "m3new@example.com", password: "abcdefghij", passwordConfirm: "abcdefghij" } }));
step("m3 new password", () => ({ method: "POST", path: `${M}/auth-with-password`, body: { identity: "m3new@example.com", password: "abcdefghij" } }));
step("users token updates m3 verified", (v) => ({ method: "PATCH", path: `${M}/records/bbbbbbbbbbbbbb3`, token: v.u1, body: { verified: false } }));
step("onlyVerified", (v) => ({ method: "PATCH", path: M, token: v.admin, body: { options: { onlyVerified: true, allowEmailAuth: true, allowUsernameAuth: true, minPasswordLength: 8, manageRule: "@request.auth.id != ''" } } }));
step("auth-refresh of an unverified record with onlyVerified", (v) => ({ method: "POST", path: `${M}/auth-refresh`, token: v.m2 }));
step("password off", (v) => ({ method: "PATCH", path: M, token: v.admin, body: { options: { allowEmailAuth: false, allowUsernameAuth: false, allowOAuth2Auth: true, minPasswordLength: 8 } } }));
step("request-password-reset while password sign-in is off", () => ({ method: "POST", path: `${M}/request-password-reset`, body: { email: "m2@example.com" } }));
step("request-password-reset off invalid", () => ({ method: "POST", path: `${M}/request-password-reset`, body: { email: "x" } }));
step("request-password-reset off malformed", () => ({ method: "POST", path: `${M}/request-password-reset`, rawBody: "{x" }));
step("confirm-password-reset off", () => ({ method: "POST", path: `${M}/confirm-password-reset`, body: { token: "x", password: "1234567890", passwordConfirm: "1234567890" } }));
step("request-verification off", () => ({ method: "POST", path: `${M}/request-verification`, body: { email: "m2@example.com" } }));
step("an invalid create reports every field error at once", () => ({ method: "POST", path: `${U}/records`, body: { id: "short", email: "bad", username: "!", password: "1", passwordConfirm: "2", name: 5, avatar: "x" } }));
step("an invalid create without an id", () => ({ method: "POST", path: `${U}/records`, body: { email: "bad", username: "ab", password: "1", emailVisibility: "x" } }));
