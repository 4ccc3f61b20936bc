import { createHash, createHmac, timingSafeEqual } from "node:crypto";
import type { Db, Tx } from "../db/types.js";
import { peekToken, signToken, verifyToken, type TokenClaims } from "../auth/tokens.js";
import { decryptText, encryptText } from "../settings/encryption.js";
import { randomString } from "../tools/random.js";
import type { HostHandler } from "../migrations/bridge.js";
import { migrationHost, type MigrationServices } from "../migrations/host.js";
import { httpSend, type HttpSendRequest } from "./httpSend.js";

/** The Dao's calls that only read. */
const READS = new Set([
  "findCollection", "findCollections", "isCollectionNameUnique", "findRecordById", "findRecordsByIds", "findFirstRecordByData",
  "findAuthRecordByEmail", "findRecordsByFilter", "queryOne", "queryAll", "hashPassword",
]);

/** What a hook's calls reach: the migrations' services (its `$app.dao()`), the settings, a log. */
export interface HookHostServices extends MigrationServices {
  db: Db;
  settings: () => unknown;
  log: (level: string, message: string, attrs: unknown[]) => void;
}

/**
 * The answers to a hook's calls (vmHookGlobals.ts and the migrations' Dao): `$security`, `$os`,
 * the logger here; database calls as a migration's, in `tx` when the hook runs inside a write's
 * transaction (a before hook), else each in a transaction of its own.
 */
export function hookHost(s: HookHostServices, tx?: Tx): HostHandler {
  const own: Record<string, (...args: any[]) => unknown> = {
    log: (level: string, message: string, attrs: unknown[]) => s.log(level, message, attrs),
    settings: () => s.settings(),
    getenv: (name: string) => process.env[name] ?? "",
    randomString: (n: number, alphabet: string) => (alphabet ? randomString(Math.max(0, n), alphabet) : randomString(Math.max(0, n))),
    hash: (algorithm: string, text: string) => createHash(algorithm).update(text).digest("hex"),
    hmac: (algorithm: string, text: string, secret: string) => createHmac(algorithm, secret).update(text).digest("hex"),
    equal: (a: string, b: string) => {
      const [x, y] = [Buffer.from(a), Buffer.from(b)];
      return x.length === y.length && timingSafeEqual(x, y);
    },
    bytesToString: (bytes: number[]) => Buffer.from(bytes).toString("utf8"),
    createJWT: (payload: Record<string, unknown>, secret: string, seconds: number) => signToken(payload as Omit<TokenClaims, "exp">, secret, seconds),
    parseJWT: async (token: string, secret: string | null) => {
      const claims = secret === null ? peekToken(token) : await verifyToken(token, secret);
      if (!claims) throw new Error("token is invalid");
      return claims;
    },
    httpSend: (request: HttpSendRequest) => httpSend(request),
    encrypt: (data: string, key: string) => encryptText(data, key),
    decrypt: (data: string, key: string) => {
      const plain = decryptText(data, key);
      if (plain === null) throw new Error("cipher: message authentication failed");
      return plain;
    },
  };
  return async (op, args) => {
    const fn = own[op];
    if (fn) return fn(...args);
    if (tx) return migrationHost(tx, s)(op, args);
    // Reads need no transaction (and wait for no writer); they only read through what they are given.
    if (READS.has(op)) return migrationHost(s.db as unknown as Tx, s)(op, args);
    return s.db.transaction((t) => migrationHost(t, s)(op, args));
  };
}
