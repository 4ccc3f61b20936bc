import { get, text, truthy } from "./provider.js";

/**
 * The primary verified address from a provider's list of emails (GitHub, Gitea, Gitee,
 * Bitbucket): the profile's own email may be unverified, so only this one links accounts.
 */
export function primaryVerifiedEmail(list: unknown, keys: { email: string; primary: string; verified: string; items?: string }): string {
  const items = keys.items ? get(list, keys.items) : list;
  if (!Array.isArray(items)) return "";
  for (const item of items) {
    if (truthy(get(item, keys.primary)) && truthy(get(item, keys.verified))) return text(get(item, keys.email));
  }
  return "";
}

/** `https://host/api/v1/user` -> `https://host/api/v1/user/emails`. */
export const userEmailsUrl = (userApiUrl: string): string => {
  const u = new URL(userApiUrl);
  u.pathname = u.pathname.replace(/\/+$/, "") + "/emails";
  return u.href;
};
