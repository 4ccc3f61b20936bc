import type { S3Config } from "../models/settings.js";
import { randomString } from "../tools/random.js";
import { S3FileSystem } from "./s3.js";

const ALPHANUM = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789";

/**
 * Checks that an S3 configuration works the way the reference checks it: a small test file
 * is uploaded under a random `pb_settings_test_*` prefix and deleted again. Throws with the
 * reference's wording ("failed to upload a test file: ...") when a step fails.
 */
export async function testS3Connection(config: S3Config): Promise<void> {
  const fs = new S3FileSystem(config);
  const key = `pb_settings_test_${randomString(5, ALPHANUM)}/test.txt`;
  const step = async (what: string, fn: () => Promise<unknown>) => {
    try {
      await fn();
    } catch (err) {
      throw new Error(`failed to ${what} a test file: ${err instanceof Error ? err.message : String(err)}`);
    }
  };
  try {
    await step("upload", () => fs.put(key, Buffer.from("test"), "text/plain; charset=utf-8"));
    await step("delete", () => fs.delete(key));
  } finally {
    await fs.close();
  }
}
