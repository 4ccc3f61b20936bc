import { createCipheriv, createDecipheriv, randomBytes } from "node:crypto";

/**
 * The settings encryption of PocketBase's `--encryptionEnv`: AES-GCM keyed with the
 * environment variable's bytes (32 bytes: AES-256; 16 and 24 pick AES-128/192, as Go's
 * aes package does), stored as standard base64 of nonce (12 bytes) || ciphertext || tag
 * (16 bytes), as plain text in `_params.value`.
 */
const NONCE = 12;
const TAG = 16;

function algorithm(key: Buffer): "aes-128-gcm" | "aes-192-gcm" | "aes-256-gcm" {
  switch (key.length) {
    case 16:
      return "aes-128-gcm";
    case 24:
      return "aes-192-gcm";
    case 32:
      return "aes-256-gcm";
    default:
      throw new Error(`invalid encryption key size ${key.length} (must be 16, 24 or 32 bytes)`);
  }
}

/** Whether a key can encrypt (16, 24 or 32 bytes). */
export function validEncryptionKey(key: string): boolean {
  return [16, 24, 32].includes(Buffer.byteLength(key));
}

export function encryptText(plain: string, key: string): string {
  const k = Buffer.from(key);
  const nonce = randomBytes(NONCE);
  const cipher = createCipheriv(algorithm(k), k, nonce);
  const body = Buffer.concat([cipher.update(plain, "utf8"), cipher.final()]);
  return Buffer.concat([nonce, body, cipher.getAuthTag()]).toString("base64");
}

/** The plain text, or null when the value is not this key's ciphertext. */
export function decryptText(value: string, key: string): string | null {
  try {
    const k = Buffer.from(key);
    const raw = Buffer.from(value, "base64");
    if (raw.length < NONCE + TAG) return null;
    const decipher = createDecipheriv(algorithm(k), k, raw.subarray(0, NONCE));
    decipher.setAuthTag(raw.subarray(raw.length - TAG));
    return Buffer.concat([decipher.update(raw.subarray(NONCE, raw.length - TAG)), decipher.final()]).toString("utf8");
  } catch {
    return null;
  }
}
