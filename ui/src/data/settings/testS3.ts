import { client } from "../../lib/client";

/** The test gives up after this long. */
export const S3_TEST_TIMEOUT_MS = 30_000;
export const S3_TEST_TIMEOUT_MESSAGE = "S3 test connection timeout.";

/** POST /api/settings/test/s3 for a filesystem ('storage' for files, 'backups' for backups). */
export async function testS3(filesystem: string, requestKey: string): Promise<void> {
  await client.settings.testS3(filesystem, { requestKey });
}

export function cancelS3Test(requestKey: string): void {
  client.cancelRequest(requestKey);
}
