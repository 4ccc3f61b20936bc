/** Mutation keys of the public record confirmation calls. */
export const recordConfirmKeys = {
  all: ["record-confirm"] as const,
  verification: () => [...recordConfirmKeys.all, "verification"] as const,
  passwordReset: () => [...recordConfirmKeys.all, "password-reset"] as const,
  emailChange: () => [...recordConfirmKeys.all, "email-change"] as const,
};

/** Query keys of the records screens. */
export const recordsKeys = {
  all: ["records"] as const,
  lists: (collectionId: string) => [...recordsKeys.all, collectionId, "list"] as const,
  list: (collectionId: string, filter: string, sort: string) => [...recordsKeys.lists(collectionId), { filter, sort }] as const,
  detail: (collectionId: string, id: string) => [...recordsKeys.all, collectionId, "detail", id] as const,
  externalAuths: (collectionId: string, id: string) => [...recordsKeys.all, collectionId, "external-auths", id] as const,
  picker: (collectionId: string, filter: string) => [...recordsKeys.all, collectionId, "picker", { filter }] as const,
  byIds: (collectionId: string, ids: string[], batch: number) => [...recordsKeys.all, collectionId, "by-ids", ids, { batch }] as const,
  findById: (id: string) => [...recordsKeys.all, "find-by-id", id] as const,
  filePicker: (collectionId: string, filter: string) => [...recordsKeys.all, collectionId, "file-picker", { filter }] as const,
};
