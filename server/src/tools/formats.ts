import { isIP, isIPv6 } from "node:net";

/**
 * String format checks with the acceptance of the reference's validators (URL, email
 * format, host), written as small linear-time scanners instead of one big backtracking
 * regular expression. Verified against the reference binary; see test/settings/formats.test.ts.
 */

// ---------------------------------------------------------------- email

// Characters of an unquoted local-part atom: ASCII letters, digits, the RFC 5322 atext
// symbols, and the BMP ranges the reference accepts.
const ATOM_RE = /^[a-zA-Z0-9!#$%&'*+\-/=?^_`{|}~\u00A0-\uD7FF\uF900-\uFDCF\uFDF0-\uFFEF]+$/u;
const DOMAIN_CHARS_RE = /^[a-zA-Z0-9\-._~\u00A0-\uD7FF\uF900-\uFDCF\uFDF0-\uFFEF]+$/u;
const LABEL_EDGE_RE = /^[a-zA-Z0-9\u00A0-\uD7FF\uF900-\uFDCF\uFDF0-\uFFEF]$/u;
const TLD_EDGE_RE = /^[a-zA-Z\u00A0-\uD7FF\uF900-\uFDCF\uFDF0-\uFFEF]$/u;

/**
 * An email address in the dot-atom form: `local@domain.tld`. The domain needs at least one
 * dot; its last label starts and ends with a letter; quoted local parts are rejected.
 */
export function isEmailFormat(value: string): boolean {
  const at = value.indexOf("@");
  if (at <= 0 || at !== value.lastIndexOf("@")) return false;
  const local = value.slice(0, at);
  if (!local.split(".").every((atom) => ATOM_RE.test(atom))) return false;
  let domain = [...value.slice(at + 1)];
  if (domain[domain.length - 1] === ".") domain = domain.slice(0, -1);
  if (domain.length < 3 || !DOMAIN_CHARS_RE.test(domain.join(""))) return false;
  if (!LABEL_EDGE_RE.test(domain[0]) || !TLD_EDGE_RE.test(domain[domain.length - 1])) return false;
  // Some dot must separate a part ending in a letter/digit from a tld starting with a letter.
  for (let i = 1; i < domain.length - 1; i++) {
    if (domain[i] === "." && LABEL_EDGE_RE.test(domain[i - 1]) && TLD_EDGE_RE.test(domain[i + 1])) return true;
  }
  return false;
}

// ---------------------------------------------------------------- host

const DNS_NAME_RE = /^[a-zA-Z0-9_][a-zA-Z0-9_-]{0,62}(?:\.[a-zA-Z0-9_][a-zA-Z0-9_-]{0,62})*[._]?$/;

/** An IP address (v4 or v6, no zone) or a DNS name. */
export function isHost(value: string): boolean {
  if (isIP(value) !== 0 && !value.includes("%")) return true;
  if (value === "" || value.replaceAll(".", "").length > 255) return false;
  return DNS_NAME_RE.test(value);
}

// ---------------------------------------------------------------- url

const MAX_URL_RUNES = 2083;
const MIN_URL_BYTES = 3;
const SCHEMES = ["ftp", "tcp", "udp", "ws", "wss", "http", "https"];

const IPV4_URL_RE =
  /^(?:[1-9]\d?|1\d\d|2[01]\d|22[0-3]|24\d|25[0-5])(?:\.(?:\d{1,2}|1\d\d|2[0-4]\d|25[0-5])){2}\.(?:[0-9]\d?|1\d\d|2[0-4]\d|25[0-5])$/;
// The parts of a host name, each unambiguous so matching stays linear.
const AN = "a-zA-Z0-9";
const UNI = "a-zA-Z\\u00a1-\\uffff";
const HOST_A_RE = new RegExp(`^[${AN}][${AN}_-]*[${AN}](?:\\.[${AN}]+(?:[-.][${AN}]+)*)?$`);
const HOST_S_RE = new RegExp(`^(?:www\\.|[${AN}](?:[-_.]?[${AN}])*[${AN}]\\.[${AN}]+)$`);
const HOST_B_RE = new RegExp(`^[${UNI}0-9]+(?:--?[${UNI}0-9]+)*(?:\\.[${UNI}]+)?$`, "u");
// Go's \s is [\t\n\f\r ] only.
const TAIL_RE = /^\.?(?::\d{1,5})?(?:[/?#][^\t\n\f\r ]*)?$/;
const HOST_CHAR_RE = new RegExp(`^[${UNI}0-9._-]$`, "u");
const LINK_LOCAL_ZONE_RE = /^fe80:(?::[0-9a-fA-F]{0,4}){0,4}%[0-9a-zA-Z]+$/;
const SPACE_RE = /^[\t\n\f\r ]$/;

/**
 * A URL as the reference's validator accepts it: an optional scheme (http, https, ftp, ws,
 * wss, tcp, udp), optional user info, a host name / IPv4 / [IPv6] host, an optional port
 * and path. A scheme-less "example.com" or "localhost:8090" passes; "localhost" does not.
 */
export function isUrl(value: string): boolean {
  if (value === "" || [...value].length >= MAX_URL_RUNES || Buffer.byteLength(value) <= MIN_URL_BYTES || value.startsWith(".")) {
    return false;
  }
  const parseable = value.includes(":") && !value.includes("://") ? "http://" + value : value;
  const parsed = goUrlParse(parseable);
  if (!parsed || parsed.host.startsWith(".")) return false;
  if (parsed.host === "" && parsed.path !== "" && !parsed.path.includes(".")) return false;
  return matchesUrlPattern([...value]);
}

/** Works on code points (arrays of single characters), as the reference matches runes. */
function matchesUrlPattern(chars: string[]): boolean {
  const bodies = [chars];
  const scheme = /^([a-z]+):\/\//.exec(chars.slice(0, 9).join(""));
  if (scheme && SCHEMES.includes(scheme[1])) bodies.push(chars.slice(scheme[0].length));
  for (const body of bodies) {
    // Optional user info: any run of non-space characters ending with "@".
    const starts = [0];
    for (let i = 0; i < body.length && !SPACE_RE.test(body[i]); i++) if (body[i] === "@" && i > 0) starts.push(i + 1);
    for (const start of starts) if (matchesHostAndTail(body.slice(start))) return true;
  }
  return false;
}

function matchesHostAndTail(rest: string[]): boolean {
  if (rest[0] === "[") {
    const end = rest.indexOf("]");
    const ip = rest.slice(1, end).join("");
    const validIp = ip.includes("%") ? LINK_LOCAL_ZONE_RE.test(ip) : isIPv6(ip);
    return end > 0 && validIp && TAIL_RE.test(rest.slice(end + 1).join(""));
  }
  let p = 0;
  while (p < rest.length && HOST_CHAR_RE.test(rest[p])) p++;
  for (const end of rest[p - 1] === "." ? [p, p - 1] : [p]) {
    if (end <= 0 || !TAIL_RE.test(rest.slice(end).join(""))) continue;
    if (isHostName(rest.slice(0, end))) return true;
  }
  return false;
}

function isHostName(host: string[]): boolean {
  const whole = host.join("");
  if (IPV4_URL_RE.test(whole) || HOST_B_RE.test(whole)) return true;
  // (A | S)? B: try each split point; A and S are ASCII-only, so stop at the first other char.
  for (let i = 1; i < host.length && host[i - 1].length === 1 && host[i - 1] < "\u0080"; i++) {
    const prefix = host.slice(0, i).join("");
    if ((HOST_A_RE.test(prefix) || HOST_S_RE.test(prefix)) && HOST_B_RE.test(host.slice(i).join(""))) return true;
  }
  return false;
}

// ---------------------------------------------------------------- a Go-like url parse

const USERINFO_OK = /^[a-zA-Z0-9\-._:~!$&'()*+,;=%@]*$/;
const HEX = /^[0-9a-fA-F]{2}$/;

function validEscapes(s: string): boolean {
  for (let i = s.indexOf("%"); i !== -1; i = s.indexOf("%", i + 1)) {
    if (!HEX.test(s.slice(i + 1, i + 3))) return false;
  }
  return true;
}

/**
 * The subset of a strict URL parse that can reject a string the URL pattern accepts:
 * control characters, bad percent escapes, bad user info or port. Returns host and path.
 */
export function goUrlParse(raw: string): { host: string; path: string } | null {
  if (/[\x00-\x1f\x7f]/.test(raw)) return null;
  let rest = raw;
  const hash = rest.indexOf("#");
  if (hash !== -1) {
    if (!validEscapes(rest.slice(hash + 1))) return null;
    rest = rest.slice(0, hash);
  }
  if (rest.startsWith(":")) return null; // missing protocol scheme
  const scheme = /^[a-zA-Z][a-zA-Z0-9+.-]*:/.exec(rest);
  if (scheme) rest = rest.slice(scheme[0].length);
  const q = rest.indexOf("?");
  if (q !== -1) rest = rest.slice(0, q);
  let host = "";
  if (rest.startsWith("//")) {
    rest = rest.slice(2);
    const slash = rest.indexOf("/");
    let authority = slash === -1 ? rest : rest.slice(0, slash);
    rest = slash === -1 ? "" : rest.slice(slash);
    const at = authority.lastIndexOf("@");
    if (at !== -1) {
      const userinfo = authority.slice(0, at);
      if (!USERINFO_OK.test(userinfo) || !validEscapes(userinfo)) return null;
      authority = authority.slice(at + 1);
    }
    if (authority.startsWith("[")) {
      const end = authority.indexOf("]");
      if (end === -1) return null;
      const port = authority.slice(end + 1);
      if (port !== "" && !/^:\d*$/.test(port)) return null;
    } else {
      const colon = authority.lastIndexOf(":");
      if (colon !== -1 && !/^:\d*$/.test(authority.slice(colon))) return null;
      if (/[\s"<>\\^`{|}]/.test(authority) || !validEscapes(authority)) return null;
    }
    host = authority;
  } else if (!scheme && rest.split("/")[0].includes(":")) {
    return null; // first path segment cannot contain a colon
  }
  if (!validEscapes(rest)) return null;
  return { host, path: rest };
}
