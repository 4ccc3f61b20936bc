/** Query and mutation keys of the authenticator app (TOTP) calls. */
export const totpKeys = {
  all: ["totp"] as const,
  admin: (id: string) => [...totpKeys.all, "admin", id] as const,
  record: (collectionId: string, id: string) => [...totpKeys.all, "record", collectionId, id] as const,
};
