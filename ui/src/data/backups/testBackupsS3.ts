import { client } from "../../lib/client";

/** The S3 connection test gives up after 30 s. */
export const S3_TEST_TIMEOUT_MS = 30_000;
export const S3_TEST_TIMEOUT_MESSAGE = "S3 test connection timeout.";
/** The filesystem name the server tests for the backups storage. */
export const BACKUPS_FILESYSTEM = "backups";

/**
 * POST /api/settings/test/s3 {filesystem: "backups"} with its own cancel key. Resolves to ""
 * when connected, to the failure message otherwise; rejects only when cancelled by `signal`.
 */
export async function testBackupsS3(signal?: AbortSignal): Promise<string> {
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, S3_TEST_TIMEOUT_MS);
  const onAbort = () => controller.abort();
  signal?.addEventListener("abort", onAbort, { once: true });
  try {
    await client.settings.testS3(BACKUPS_FILESYSTEM, { requestKey: "backups_test_s3", signal: controller.signal });
    return "";
  } catch (err) {
    if (timedOut) return S3_TEST_TIMEOUT_MESSAGE;
    if (signal?.aborted) throw err;
    const e = err as { isAbort?: boolean; response?: { message?: string }; message?: string };
    if (e.isAbort) throw err;
    return e.response?.message || e.message || "Failed to establish S3 connection";
  } finally {
    clearTimeout(timer);
    signal?.removeEventListener("abort", onAbort);
  }
}
