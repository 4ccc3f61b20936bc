import { client } from "../../lib/client";

export const TEST_EMAIL_REQUEST_KEY = "test_email";
/** The send gives up after this long. */
export const TEST_EMAIL_TIMEOUT_MS = 30_000;
export const TEST_EMAIL_TIMEOUT_MESSAGE = "Test email send timeout.";

/** POST /api/settings/test/email with the recipient and template name. */
export async function sendTestEmail(email: string, template: string): Promise<void> {
  await client.settings.testEmail(email, template, { requestKey: TEST_EMAIL_REQUEST_KEY });
}
