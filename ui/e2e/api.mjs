// Direct HTTP calls used by the journeys to prepare state (never through the dashboard).
export function createApi(baseUrl) {
  async function call(method, path, { body, token } = {}) {
    const res = await fetch(baseUrl + path, {
      method,
      headers: { "content-type": "application/json", ...(token ? { authorization: token } : {}) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    let json = null;
    try {
      json = text ? JSON.parse(text) : null;
    } catch {
      json = text;
    }
    return { status: res.status, json };
  }
  return {
    baseUrl,
    call,
    async adminToken(email, password) {
      const r = await call("POST", "/api/admins/auth-with-password", { body: { identity: email, password } });
      if (r.status !== 200) throw new Error(`admin sign-in failed (${r.status}): ${JSON.stringify(r.json)}`);
      return r.json.token;
    },
    async expectOk(method, path, opts) {
      const r = await call(method, path, opts);
      if (r.status >= 400) throw new Error(`${method} ${path} -> ${r.status} ${JSON.stringify(r.json)}`);
      return r.json;
    },
  };
}
