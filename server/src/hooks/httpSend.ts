/** What a hook's `$http.send(config)` asks for. */
export interface HttpSendRequest {
  url: string;
  method: string;
  body: string;
  headers: Record<string, string>;
  /** Seconds. */
  timeout: number;
}

/** Go's canonical header name: "content-type" -> "Content-Type". */
const canonical = (name: string) => name.split("-").map((p) => p.charAt(0).toUpperCase() + p.slice(1).toLowerCase()).join("-");

/**
 * Makes a hook's HTTP request as PocketBase v0.22's `$http.send` answers it: `statusCode`, `raw`
 * (the body as text), `json` (the body parsed, or null), `headers` (canonical names, each a list
 * of values) and `cookies` (by name).
 */
export async function httpSend(r: HttpSendRequest): Promise<Record<string, unknown>> {
  const res = await fetch(r.url, {
    method: r.method,
    headers: r.headers,
    body: r.body === "" || r.method === "GET" || r.method === "HEAD" ? undefined : r.body,
    signal: AbortSignal.timeout(r.timeout * 1000),
    redirect: "follow",
  });
  const raw = await res.text();
  let json: unknown = null;
  try {
    json = raw === "" ? null : JSON.parse(raw);
  } catch {
    json = null;
  }
  const headers: Record<string, string[]> = {};
  res.headers.forEach((value, name) => {
    if (name !== "set-cookie") headers[canonical(name)] = [value];
  });
  const setCookies = res.headers.getSetCookie();
  if (setCookies.length) headers["Set-Cookie"] = setCookies;
  const cookies: Record<string, unknown> = {};
  for (const line of setCookies) {
    const [pair = "", ...attrs] = line.split(";").map((p) => p.trim());
    const eq = pair.indexOf("=");
    if (eq <= 0) continue;
    const cookie: Record<string, unknown> = { name: pair.slice(0, eq), value: pair.slice(eq + 1), path: "", domain: "" };
    for (const a of attrs) {
      const [k = "", v = ""] = a.split("=");
      if (k.toLowerCase() === "path") cookie.path = v;
      if (k.toLowerCase() === "domain") cookie.domain = v;
    }
    cookies[String(cookie.name)] = cookie;
  }
  return { statusCode: res.status, raw, json, headers, cookies };
}
