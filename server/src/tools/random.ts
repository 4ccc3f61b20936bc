import { randomInt } from "node:crypto";

const ID_ALPHABET = "abcdefghijklmnopqrstuvwxyz0123456789";
const TOKEN_ALPHABET = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789";

/** Cryptographically random string drawn from `alphabet` (rejection-free via randomInt). */
export function randomString(length: number, alphabet = TOKEN_ALPHABET): string {
  let out = "";
  for (let i = 0; i < length; i++) out += alphabet[randomInt(alphabet.length)];
  return out;
}

/** A 15 character `[a-z0-9]` id, as the reference generates for models. */
export function newId(): string {
  return randomString(15, ID_ALPHABET);
}
