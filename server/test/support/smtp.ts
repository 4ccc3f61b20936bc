import { SMTPServer, type SMTPServerOptions, type SMTPServerSession } from "smtp-server";
import { freePort } from "./ports.js";

/** A message as a test SMTP server received it. */
export interface ReceivedMail {
  envelopeFrom: string;
  envelopeTo: string[];
  /** The EHLO/HELO name the client introduced itself with. */
  clientName: string;
  /** Whether the session was encrypted (implicit TLS or STARTTLS). */
  secure: boolean;
  /** Authenticated user and method, when the client signed in. */
  auth: { method: string; username: string; password: string } | null;
  raw: string;
  mail: ParsedMail;
}

export interface TestSmtp {
  port: number;
  received: ReceivedMail[];
  /** Resolves once `count` messages have arrived. */
  waitFor(count: number, timeoutMs?: number): Promise<ReceivedMail[]>;
  close(): Promise<void>;
}

/**
 * Starts a real SMTP server (the `smtp-server` package) on 127.0.0.1 and a free port.
 * `users` switches authentication on (required) with those credentials.
 */
export async function startTestSmtp(opts: Partial<SMTPServerOptions> & { users?: Record<string, string> } = {}): Promise<TestSmtp> {
  const { users, ...serverOpts } = opts;
  const received: ReceivedMail[] = [];
  const auths = new Map<string, ReceivedMail["auth"]>();
  const waiters: (() => void)[] = [];
  const server = new SMTPServer({
    logger: false,
    authOptional: !users,
    allowInsecureAuth: true,
    authMethods: ["PLAIN", "LOGIN"],
    onAuth(auth, session, cb) {
      if (!users || users[auth.username ?? ""] !== auth.password) return cb(new Error("Invalid username or password"));
      auths.set(session.id, { method: auth.method, username: auth.username ?? "", password: auth.password ?? "" });
      cb(null, { user: auth.username });
    },
    onData(stream, session: SMTPServerSession, cb) {
      const chunks: Buffer[] = [];
      stream.on("data", (c: Buffer) => chunks.push(c));
      stream.on("end", () => {
        const raw = Buffer.concat(chunks).toString("utf8");
        received.push({
          envelopeFrom: session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
          envelopeTo: session.envelope.rcptTo.map((r) => r.address),
          clientName: session.hostNameAppearsAs,
          secure: session.secure,
          auth: auths.get(session.id) ?? null,
          raw,
          mail: parseMail(raw),
        });
        waiters.splice(0).forEach((w) => w());
        cb();
      });
    },
    ...serverOpts,
  });
  const port = await freePort();
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, "127.0.0.1", () => resolve());
  });
  return {
    port,
    received,
    async waitFor(count, timeoutMs = 5000) {
      const deadline = Date.now() + timeoutMs;
      while (received.length < count) {
        if (Date.now() > deadline) throw new Error(`expected ${count} mails, got ${received.length}`);
        await new Promise<void>((resolve) => {
          waiters.push(resolve);
          setTimeout(resolve, 50);
        });
      }
      return received;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

// ---------------------------------------------------------------- a small MIME reader for assertions

export interface ParsedMail {
  headers: Record<string, string>;
  from: string;
  to: string;
  subject: string;
  html: string;
  text: string;
}

function splitHead(raw: string): { headers: Record<string, string>; body: string } {
  const sep = raw.search(/\r?\n\r?\n/);
  const head = sep === -1 ? raw : raw.slice(0, sep);
  const body = sep === -1 ? "" : raw.slice(sep).replace(/^\r?\n\r?\n/, "");
  const headers: Record<string, string> = {};
  for (const line of head.replace(/\r?\n[ \t]+/g, " ").split(/\r?\n/)) {
    const i = line.indexOf(":");
    if (i > 0) headers[line.slice(0, i).trim().toLowerCase()] = line.slice(i + 1).trim();
  }
  return { headers, body };
}

function decodeWords(s: string): string {
  return s.replace(/=\?([^?]+)\?([bBqQ])\?([^?]*)\?=\s*(?==\?)?/g, (_m, _charset, enc: string, text: string) =>
    enc.toUpperCase() === "B" ? Buffer.from(text, "base64").toString("utf8") : decodeQp(text.replace(/_/g, " ")),
  );
}

function decodeQp(s: string): string {
  const bytes: number[] = [];
  const src = s.replace(/=\r?\n/g, "");
  for (let i = 0; i < src.length; i++) {
    if (src[i] === "=" && /^[0-9A-Fa-f]{2}$/.test(src.slice(i + 1, i + 3))) {
      bytes.push(parseInt(src.slice(i + 1, i + 3), 16));
      i += 2;
    } else bytes.push(...Buffer.from(src[i], "utf8"));
  }
  return Buffer.from(bytes).toString("utf8");
}

function decodeBody(body: string, encoding = ""): string {
  const e = encoding.toLowerCase();
  if (e === "base64") return Buffer.from(body.replace(/\s+/g, ""), "base64").toString("utf8");
  if (e === "quoted-printable") return decodeQp(body);
  return body;
}

function collectParts(raw: string, out: { html: string; text: string }): void {
  const { headers, body } = splitHead(raw);
  const type = headers["content-type"] ?? "text/plain";
  const boundary = /boundary="?([^";]+)"?/i.exec(type)?.[1];
  if (type.toLowerCase().startsWith("multipart/") && boundary) {
    const parts = body.split(`--${boundary}`).slice(1);
    for (const part of parts) {
      if (part.startsWith("--")) break;
      collectParts(part.replace(/^\r?\n/, ""), out);
    }
    return;
  }
  const content = decodeBody(body, headers["content-transfer-encoding"]).replace(/\r\n/g, "\n").replace(/\n$/, "");
  if (type.toLowerCase().startsWith("text/html")) out.html ||= content;
  else if (type.toLowerCase().startsWith("text/plain")) out.text ||= content;
}

/** Reads headers, the text/html and text/plain parts of a message as nodemailer writes them. */
export function parseMail(raw: string): ParsedMail {
  const { headers } = splitHead(raw);
  const parts = { html: "", text: "" };
  collectParts(raw, parts);
  return {
    headers,
    from: decodeWords(headers.from ?? ""),
    to: decodeWords(headers.to ?? ""),
    subject: decodeWords(headers.subject ?? ""),
    ...parts,
  };
}
