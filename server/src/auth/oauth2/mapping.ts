import { primaryVerifiedEmail, userEmailsUrl } from "./emails.js";
import type { FetchContext, MappedUser, ProviderDefinition } from "./provider.js";

/** The sign-in user's fields a provider maps from its profile payload (the payload itself is `rawUser`). */
export type ProfileFields = Omit<MappedUser, "rawUser">;

type FetchUser = ProviderDefinition["fetchUser"];

/** Reads the profile JSON at the provider's `userApiUrl` (with the access token). */
async function readProfile({ getJson, endpoints }: FetchContext): Promise<Record<string, unknown>> {
  return (await getJson(endpoints.userApiUrl)) as Record<string, unknown>;
}

/**
 * `fetchUser` for the providers whose user is one profile document: reads it and maps it with
 * `map`, so a provider module only states where each field lives.
 */
export function profileUser(map: (raw: Record<string, unknown>, ctx: FetchContext) => ProfileFields): FetchUser {
  return async (ctx) => {
    const raw = await readProfile(ctx);
    return { rawUser: raw, ...map(raw, ctx) };
  };
}

/**
 * `fetchUser` for the providers whose profile email may be unverified (GitHub, Gitea, Bitbucket):
 * maps the profile (which may refuse it first), then takes the primary verified address from the
 * `<userApiUrl>/emails` list.
 */
export function profileUserWithEmailList(
  keys: Parameters<typeof primaryVerifiedEmail>[1],
  map: (raw: Record<string, unknown>) => Omit<ProfileFields, "email">,
): FetchUser {
  return async (ctx) => {
    const raw = await readProfile(ctx);
    const fields = map(raw);
    const emails = await ctx.getJson(userEmailsUrl(ctx.endpoints.userApiUrl));
    return { rawUser: raw, ...fields, email: primaryVerifiedEmail(emails, keys) };
  };
}
