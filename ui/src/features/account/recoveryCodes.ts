/** The account page's rules for recovery codes and the otpauth address, kept apart to be unit tested. */

export const RECOVERY_FILE_NAME = "cairn-recovery-codes.txt";

/** The text of the downloaded file (also what "Copy codes" copies): a heading, then a code a line. */
export function recoveryCodesText(codes: string[], account: string, appName = "Cairn"): string {
  const lines = [
    `${appName} recovery codes for ${account}`,
    "Each code signs you in once in place of an authenticator app code. Keep them somewhere safe.",
    "",
    ...codes,
    "",
  ];
  return lines.join("\n");
}

/** The secret in groups of four, easier to type into an app by hand. */
export function groupSecret(secret: string): string {
  return secret.replace(/\s+/g, "").replace(/(.{4})(?=.)/g, "$1 ");
}

/** The label and issuer an otpauth:// address names (for the QR image's text alternative). */
export function otpauthLabel(uri: string): string {
  try {
    const u = new URL(uri);
    if (u.protocol !== "otpauth:") return "";
    return decodeURIComponent(u.pathname.replace(/^\/+/, ""));
  } catch {
    return "";
  }
}
