/** Mutation keys of the auth area. */
export const authKeys = {
  all: ["auth"] as const,
  signIn: () => [...authKeys.all, "sign-in"] as const,
  authWithTotp: () => [...authKeys.all, "auth-with-totp"] as const,
  createFirstAdmin: () => [...authKeys.all, "create-first-admin"] as const,
  requestPasswordReset: () => [...authKeys.all, "request-password-reset"] as const,
  confirmPasswordReset: () => [...authKeys.all, "confirm-password-reset"] as const,
};
