import { describe, expect, it } from "vitest";
import type { RateLimitRule } from "../models/settings.js";
import { RateLimiter, type RateLimitedRequest } from "./limiter.js";
import { MemoryRateLimitStore } from "./memoryStore.js";
import type { RateLimitStore } from "./store.js";
import { actionTags, routeAction } from "./tags.js";

const rule = (label: string, maxRequests: number, duration = 10, audience: RateLimitRule["audience"] = ""): RateLimitRule => ({ label, maxRequests, duration, audience });
const req = (over: Partial<RateLimitedRequest> = {}): RateLimitedRequest => ({ method: "GET", paths: ["/api/health"], tags: [], authId: "", ip: "1.1.1.1", ...over });

function limiter(rules: RateLimitRule[]) {
  let t = 1_000_000;
  const l = new RateLimiter({ enabled: true, rules }, new MemoryRateLimitStore(), () => t);
  return { l, advance: (ms: number) => (t += ms) };
}

describe("RateLimiter", () => {
  it("lets exactly maxRequests through per window, then refuses with the seconds left", async () => {
    const { l, advance } = limiter([rule("/api/", 3, 10)]);
    expect([l.hit(req()), l.hit(req()), l.hit(req())]).toEqual([null, null, null]);
    advance(2500);
    expect((await l.hit(req()))?.retryAfter).toBe(8);
    advance(7499);
    expect(l.hit(req())).not.toBeNull();
    advance(1);
    expect(l.hit(req())).toBeNull();
  });

  it("counts a batch's requests all or none, waiting for the last window it overran", async () => {
    const { l, advance } = limiter([rule("/api/health", 2, 10), rule("/api/", 3, 30)]);
    const other = req({ paths: ["/api/x"] });
    expect(l.hit(req())).toBeNull();
    advance(1000);
    // One over /api/health (9 s left) and one over /api/ (30 s): refused, nothing counted.
    expect((await l.hitAll([req(), req(), other, other, other, other]))?.retryAfter).toBe(30);
    expect(l.hitAll([req(), other, other, other])).toBeNull();
    expect(l.hit(req())).not.toBeNull();
    expect(l.hit(other)).not.toBeNull();
    expect(l.hitAll([])).toBeNull();
  });

  it("is off when disabled or without rules", () => {
    expect(new RateLimiter({ enabled: false, rules: [rule("/api/", 1)] }, new MemoryRateLimitStore()).enabled).toBe(false);
    expect(new RateLimiter({ enabled: true, rules: [] }, new MemoryRateLimitStore()).enabled).toBe(false);
    expect(new RateLimiter({ enabled: true, rules: [rule("/api/", 1)] }, new MemoryRateLimitStore()).enabled).toBe(true);
  });

  it("counts guests per IP and signed-in callers per auth id", () => {
    const { l } = limiter([rule("/api/", 1)]);
    expect(l.hit(req({ ip: "1.1.1.1" }))).toBeNull();
    expect(l.hit(req({ ip: "2.2.2.2" }))).toBeNull();
    expect(l.hit(req({ ip: "1.1.1.1" }))).not.toBeNull();
    expect(l.hit(req({ ip: "1.1.1.1", authId: "u1" }))).toBeNull();
    expect(l.hit(req({ ip: "1.1.1.1", authId: "u2" }))).toBeNull();
    expect(l.hit(req({ ip: "9.9.9.9", authId: "u1" }))).not.toBeNull();
  });

  it("picks the audience's own rule over the one for everybody", () => {
    const rules = [rule("/api/", 100), rule("/api/", 1, 10, "@guest"), rule("/api/", 2, 10, "@auth")];
    const { l } = limiter(rules);
    expect(l.ruleFor(req())).toBe(rules[1]);
    expect(l.ruleFor(req({ authId: "u" }))).toBe(rules[2]);
    const onlyAuth = limiter([rule("/api/", 1, 10, "@auth")]).l;
    expect(onlyAuth.ruleFor(req())).toBeNull();
  });

  it("matches tags before exact paths before the longest prefix; methods narrow", () => {
    const rules = [rule("/api/", 1), rule("/api/collections/", 1), rule("POST /api/collections/", 1), rule("/api/health", 1), rule("posts:create", 1), rule("*:create", 1)];
    const { l } = limiter(rules);
    expect(l.ruleFor(req({ paths: ["/api/logs"] }))?.label).toBe("/api/");
    expect(l.ruleFor(req({ paths: ["/api/collections/x/records"] }))?.label).toBe("/api/collections/");
    expect(l.ruleFor(req({ method: "POST", paths: ["/api/collections/x/records"] }))?.label).toBe("POST /api/collections/");
    expect(l.ruleFor(req({ paths: ["/api/health"] }))?.label).toBe("/api/health");
    expect(l.ruleFor(req({ paths: ["/api/healthz"] }))?.label).toBe("/api/");
    expect(l.ruleFor(req({ method: "POST", paths: ["/api/collections/posts/records"], tags: actionTags(["posts"], "create") }))?.label).toBe("posts:create");
    expect(l.ruleFor(req({ method: "POST", paths: ["/api/collections/notes/records"], tags: actionTags(["notes"], "create") }))?.label).toBe("*:create");
    expect(l.ruleFor(req({ paths: ["/other"] }))).toBeNull();
  });

  it("matches a collection by its name or its id, labels in any case, and HEAD as GET", () => {
    const rules = [rule("POST /api/collections/Users/auth-with-password", 1), rule("GET /api/collections/_pb_users_auth_/records", 1), rule("USERS:view", 1)];
    const { l } = limiter(rules);
    const paths = (tail: string) => [`/api/collections/users/${tail}`, `/api/collections/_pb_users_auth_/${tail}`];
    expect(l.ruleFor(req({ method: "POST", paths: paths("auth-with-password") }))).toBe(rules[0]);
    expect(l.ruleFor(req({ method: "GET", paths: paths("records") }))).toBe(rules[1]);
    expect(l.ruleFor(req({ method: "HEAD", paths: paths("records") }))).toBe(rules[1]);
    expect(l.ruleFor(req({ method: "GET", paths: paths("records/abc"), tags: actionTags(["users", "_pb_users_auth_"], "view") }))).toBe(rules[2]);
    // A HEAD label counts GETs too: both are the same read.
    const head = limiter([rule("HEAD /api/health", 1)]).l;
    expect(head.ruleFor(req({ method: "GET" }))?.label).toBe("HEAD /api/health");
  });

  it("starts counting over when the rules change", () => {
    const { l } = limiter([rule("/api/", 1)]);
    l.hit(req());
    expect(l.hit(req())).not.toBeNull();
    l.configure({ enabled: true, rules: [rule("/api/", 1)] });
    expect(l.hit(req())).not.toBeNull();
    l.configure({ enabled: true, rules: [rule("/api/", 2)] });
    expect(l.hit(req())).toBeNull();
  });
});

describe("route action tags", () => {
  it("names the records, auth and file routes", () => {
    expect(routeAction("GET", "/api/collections/:collection/records")).toBe("list");
    expect(routeAction("POST", "/api/collections/:collection/records")).toBe("create");
    expect(routeAction("GET", "/api/collections/:collection/records/:id")).toBe("view");
    expect(routeAction("PATCH", "/api/collections/:collection/records/:id")).toBe("update");
    expect(routeAction("DELETE", "/api/collections/:collection/records/:id")).toBe("delete");
    expect(routeAction("POST", "/api/collections/:collection/auth-with-password")).toBe("authWithPassword");
    expect(routeAction("GET", "/api/collections/:collection/auth-methods")).toBe("listAuthMethods");
    expect(routeAction("POST", "/api/collections/:collection/request-password-reset")).toBe("requestPasswordReset");
    expect(routeAction("GET", "/api/files/:collection/:record/:filename")).toBe("file");
    expect(routeAction("GET", "/api/health")).toBeNull();
    expect(actionTags(["users", "_pb_users_auth_"], "authWithPassword")).toEqual([
      "users:authWithPassword",
      "_pb_users_auth_:authWithPassword",
      "*:authWithPassword",
      "users:auth",
      "_pb_users_auth_:auth",
      "*:auth",
    ]);
  });
});

describe("RateLimiter over a store that answers later", () => {
  // A shared store (PostgreSQL) answers with promises: the limiter's answers are the same, later.
  function later(): RateLimitStore {
    const mem = new MemoryRateLimitStore();
    return {
      hit: async (key, windowMs, now) => mem.hit(key, windowMs, now),
      takeAll: async (takes, now) => mem.takeAll(takes, now),
      clear: async () => mem.clear(),
    };
  }

  it("counts and refuses as with the memory store", async () => {
    let t = 1_000_000;
    const l = new RateLimiter({ enabled: true, rules: [rule("/api/health", 2, 10), rule("/api/", 3, 30)] }, later(), () => t);
    const other = req({ paths: ["/api/x"] });
    const first = l.hit(req());
    expect(first).toBeInstanceOf(Promise);
    expect(await first).toBeNull();
    t += 1000;
    expect((await l.hitAll([req(), req(), other, other, other, other]))?.retryAfter).toBe(30);
    expect(await l.hitAll([req(), other, other, other])).toBeNull();
    expect((await l.hit(req()))?.retryAfter).toBe(9);
    expect(await l.hit(other)).not.toBeNull();
  });
});
