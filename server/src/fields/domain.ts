// The reference's domain rule: dot separated labels of letters, digits and inner hyphens,
// ending with a letters-only top level label (case-insensitive, at most 255 characters).
// Its alternative for punycode top level labels starts with a space, so never matches a
// domain: "a.xn--p1ai" is refused, as by the reference.
const DOMAIN_RE = /^(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+(?:[a-z]{1,63}| xn--[a-z0-9]{1,59})$/i;

export function isDomain(value: string): boolean {
  return value.length <= 255 && DOMAIN_RE.test(value);
}
