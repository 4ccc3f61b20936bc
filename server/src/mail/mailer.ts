import { accessSync, constants, statSync } from "node:fs";
import path from "node:path";
import type { ConnectionOptions } from "node:tls";
import nodemailer from "nodemailer";
import type { EventBus } from "../events/bus.js";
import type { SettingsStore } from "../settings/store.js";
import type { Settings } from "../models/settings.js";
import { htmlToText } from "./htmlToText.js";

export interface MailAddress {
  address: string;
  name?: string;
}

export interface MailAttachment {
  filename: string;
  content: Buffer | string;
  contentType?: string;
}

export interface MailMessage {
  /** Defaults to meta.senderName <meta.senderAddress>. */
  from?: MailAddress;
  to: MailAddress[];
  cc?: MailAddress[];
  bcc?: MailAddress[];
  subject: string;
  html: string;
  /** Plain-text alternative; generated from `html` when absent. */
  text?: string;
  headers?: Record<string, string>;
  attachments?: MailAttachment[];
}

export interface MailerOptions {
  /** Extra TLS options for SMTP connections (e.g. `ca` for a server with a private certificate). */
  tls?: ConnectionOptions;
  /** The sendmail binary. Default: `sendmail` on PATH, then /usr/sbin/sendmail, /usr/bin/sendmail. */
  sendmailPath?: string;
  /** SMTP connection and greeting timeout in ms (default 15000). */
  connectTimeoutMs?: number;
  /** SMTP idle socket timeout in ms (default 60000). */
  socketTimeoutMs?: number;
}

/** What a transport needs to send one message (nodemailer's transporter, reduced). */
interface Transport {
  sendMail(msg: Record<string, unknown>): Promise<unknown>;
  close(): void;
}

const SENDMAIL_FALLBACKS = ["/usr/sbin/sendmail", "/usr/bin/sendmail"];

/**
 * Sends mail with the current settings: through SMTP when `smtp.enabled`, otherwise by
 * piping the message to the system `sendmail` binary, as the reference does. The
 * transport is built once and reused until the settings it depends on change.
 */
export class Mailer {
  private transport: { key: string; transport: Transport } | null = null;
  private readonly unsubscribe: () => void;

  constructor(
    private readonly settings: SettingsStore,
    events: EventBus,
    private readonly opts: MailerOptions = {},
  ) {
    // Drop a transport built from settings that just changed (its connection details are stale).
    this.unsubscribe = events.on("settings.save", ({ settings: s }) => {
      if (this.transport && this.transport.key !== transportKey(s)) this.dropTransport();
    });
  }

  async send(msg: MailMessage): Promise<void> {
    const settings = this.settings.get();
    const { meta } = settings;
    if (msg.to.length === 0) throw new Error("the message has no recipients");
    const transport = this.transportFor(settings);
    await transport.sendMail({
      from: msg.from ?? { name: meta.senderName, address: meta.senderAddress },
      to: msg.to,
      cc: msg.cc,
      bcc: msg.bcc,
      subject: msg.subject,
      html: msg.html,
      text: msg.text ?? htmlToText(msg.html),
      headers: msg.headers,
      attachments: msg.attachments,
    });
  }

  /** Closes the current transport; a later send builds a new one. */
  close(): void {
    this.unsubscribe();
    this.dropTransport();
  }

  private dropTransport(): void {
    const current = this.transport;
    this.transport = null;
    current?.transport.close();
  }

  private transportFor(settings: Settings): Transport {
    const key = transportKey(settings);
    if (this.transport?.key === key) return this.transport.transport;
    this.dropTransport();
    const transport = settings.smtp.enabled ? this.smtpTransport(settings.smtp) : this.sendmailTransport();
    this.transport = { key, transport };
    return transport;
  }

  private smtpTransport(smtp: Settings["smtp"]): Transport {
    const connectTimeout = this.opts.connectTimeoutMs ?? 15_000;
    return nodemailer.createTransport({
      host: smtp.host,
      port: smtp.port,
      // `tls` means implicit TLS from the first byte; otherwise STARTTLS is used when the server offers it.
      secure: smtp.tls,
      name: smtp.localName || "localhost",
      auth: smtp.username ? { user: smtp.username, pass: smtp.password } : undefined,
      authMethod: smtp.authMethod || "PLAIN",
      connectionTimeout: connectTimeout,
      greetingTimeout: connectTimeout,
      socketTimeout: this.opts.socketTimeoutMs ?? 60_000,
      tls: { ...this.opts.tls },
    }) as unknown as Transport;
  }

  private sendmailTransport(): Transport {
    const bin = this.opts.sendmailPath ?? findSendmail();
    if (!bin) throw new Error("failed to locate a sendmail executable path");
    // sendmail -i <recipients...>: the message (headers included) is piped on stdin.
    return nodemailer.createTransport({ sendmail: true, path: bin, args: [] }) as unknown as Transport;
  }
}

/** Changes whenever the settings a transport is built from change. */
function transportKey(s: Settings): string {
  return s.smtp.enabled ? JSON.stringify(["smtp", s.smtp]) : "sendmail";
}

/** The first executable `sendmail` on PATH, then in the usual system locations; null when none. */
export function findSendmail(envPath = process.env.PATH ?? ""): string | null {
  const candidates = [...envPath.split(path.delimiter).filter(Boolean).map((dir) => path.join(dir, "sendmail")), ...SENDMAIL_FALLBACKS];
  for (const file of candidates) {
    try {
      accessSync(file, constants.X_OK);
      if (statSync(file).isFile()) return file;
    } catch {
      /* try the next one */
    }
  }
  return null;
}
