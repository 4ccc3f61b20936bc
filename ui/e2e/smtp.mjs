// A local SMTP server (npm smtp-server) that keeps every received message for the journeys.
import { SMTPServer } from "smtp-server";

/** Decodes quoted-printable soft breaks and =XX escapes (enough to read links in mails). */
export function decodeQuotedPrintable(text) {
  return text.replace(/=\r?\n/g, "").replace(/=([0-9A-F]{2})/gi, (_, h) => String.fromCharCode(parseInt(h, 16)));
}

export async function startSmtp() {
  const mails = [];
  const waiters = new Set();
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS", "AUTH"],
    logger: false,
    onData(stream, session, callback) {
      let raw = "";
      stream.setEncoding("utf8");
      stream.on("data", (c) => (raw += c));
      stream.on("end", () => {
        const mail = { to: session.envelope.rcptTo.map((r) => r.address), raw, text: decodeQuotedPrintable(raw) };
        mails.push(mail);
        for (const w of [...waiters]) w();
        callback();
      });
    },
  });
  await new Promise((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = server.server.address().port;
  return {
    port,
    mails,
    /** Resolves with the first mail (received now or later) to the address. */
    waitForMail(to, timeoutMs = 15000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          const m = mails.find((x) => x.to.includes(to) && !x.taken);
          if (m) {
            m.taken = true;
            waiters.delete(check);
            clearTimeout(timer);
            resolve(m);
            return true;
          }
          return false;
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`no mail to ${to} within ${timeoutMs} ms`));
        }, timeoutMs);
        if (!check()) waiters.add(check);
      });
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/** The token from a link like .../confirm-password-reset/TOKEN in a mail. */
export function tokenFromMail(mail, action) {
  const re = new RegExp(`${action}/([A-Za-z0-9_\\-]+\\.[A-Za-z0-9_\\-]+\\.[A-Za-z0-9_\\-]+)`);
  const m = mail.text.match(re);
  if (!m) throw new Error(`no ${action} link in mail:\n${mail.text.slice(0, 2000)}`);
  return m[1];
}
