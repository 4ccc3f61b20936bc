import { signToken } from "../auth/tokens.js";
import type { Settings } from "../models/settings.js";
import type { Mailer } from "./mailer.js";
import { otpMail, templateMail, type TemplateKind } from "./templates.js";

/** The placeholder record a test mail is written for (its token opens nothing). */
export const TEST_RECORD = { id: "__pb_test_id__", collectionId: "__pb_test_collection_id__" } as const;

const TOKEN_CONFIG: Record<TemplateKind, keyof Settings> = {
  verification: "recordVerificationToken",
  "password-reset": "recordPasswordResetToken",
  "email-change": "recordEmailChangeToken",
};

/**
 * Sends one of the settings mail templates to `to`, filled in for a placeholder record,
 * so an admin can check the mail settings and how the template renders.
 */
export async function sendTestEmail(deps: { settings: { get(): Settings }; mailer: Pick<Mailer, "send"> }, kind: TemplateKind | "otp", to: string): Promise<void> {
  const settings = deps.settings.get();
  if (kind === "otp") return deps.mailer.send(otpMail(settings, to, "12345678", TEST_RECORD.id));
  const cfg = settings[TOKEN_CONFIG[kind]] as { secret: string; duration: number };
  const claims: Record<string, unknown> = { id: TEST_RECORD.id, type: "authRecord", collectionId: TEST_RECORD.collectionId, email: to };
  if (kind === "email-change") claims.newEmail = to;
  const token = await signToken(claims as { id: string; type: "authRecord" }, cfg.secret, cfg.duration);
  await deps.mailer.send(templateMail(settings, kind, to, token));
}
