/** Mutation keys of the public record confirmation calls. */
export const recordConfirmKeys = {
  all: ["record-confirm"] as const,
  verification: () => [...recordConfirmKeys.all, "verification"] as const,
  passwordReset: () => [...recordConfirmKeys.all, "password-reset"] as const,
  emailChange: () => [...recordConfirmKeys.all, "email-change"] as const,
};
