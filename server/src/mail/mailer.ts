import type { SettingsStore } from "../settings/store.js";

export interface MailMessage {
  to: { address: string; name?: string }[];
  subject: string;
  html: string;
  text?: string;
}

/** Sends mail with the current settings: SMTP when enabled, otherwise the system sendmail. */
export class Mailer {
  constructor(private readonly settings: SettingsStore) {}

  async send(_msg: MailMessage): Promise<void> {
    throw new Error("mailer not implemented yet");
  }

  close(): void {}
}
