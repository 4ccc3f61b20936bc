import { startOidcServer } from "./support/oidcServer.js";
import { referenceDataDir } from "./support/dataDirs.js";
import { startReference } from "./support/servers.js";
import { adminToken, call } from "./support/client.js";
import { startTestSmtp } from "./mail/smtp.js";
const redirect = "http://127.0.0.1:9/cb";
const oidc = await startOidcServer({ redirectUris: [redirect] });
oidc.users.set("d", { sub: "d", email: "d@example.com", email_verified: true });
const smtp = await startTestSmtp({ hideSTARTTLS: true });
const ref = await startReference(referenceDataDir());
const token = await adminToken(ref);
const show = (l: string, r: any) => console.log(l, r.status, JSON.stringify(r.body));
await (await call(ref, { method: "PATCH", path: "/api/settings", token, body: { smtp: { enabled: true, host: "127.0.0.1", port: smtp.port }, oidcAuth: { enabled: true, clientId: oidc.clientId, clientSecret: oidc.clientSecret, authUrl: oidc.authUrl, tokenUrl: oidc.tokenUrl, userApiUrl: oidc.userApiUrl, displayName: "Test", pkce: true } } }));
await call(ref, { method: "POST", path: "/api/collections/users/records", body: { email: "zz@example.com", password: "1234567890", passwordConfirm: "1234567890" } });
const zz = await call(ref, { method: "POST", path: "/api/collections/users/auth-with-password", body: { identity: "zz@example.com", password: "1234567890" } });
const m = await call(ref, { path: `/api/collections/users/auth-methods` });
const p = (m.body as any).authProviders[0];
const q = await oidc.authorize(p.authUrl, redirect, "d");
show("link", await call(ref, { method: "POST", path: `/api/collections/users/auth-with-oauth2`, token: (zz.body as any).token, body: { provider: "oidc", code: q.get("code"), codeVerifier: p.codeVerifier, redirectUrl: redirect } }));
for (let i = 0; i < 2; i++) {
  const r = await call(ref, { method: "POST", path: "/api/collections/users/auth-with-password", body: { identity: "zz@example.com", password: "1234567890" } });
  console.log("pw", r.status, JSON.stringify((r.body as any).record ?? r.body));
  await new Promise((res) => setTimeout(res, 1000));
}
console.log(smtp.received.length);
for (const mail of smtp.received) console.log(mail.envelopeTo, mail.raw.slice(mail.raw.indexOf("<body"), mail.raw.indexOf("<body")+2500));
const rec = await call(ref, { path: `/api/collections/users/records?filter=email='zz@example.com'`, token });
console.log(JSON.stringify(rec.body));
await ref.stop(); await oidc.stop(); await smtp.close();
