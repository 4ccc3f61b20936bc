/** Query and mutation keys of the collections area. */
export const collectionsKeys = {
  all: ["collections"] as const,
  list: () => [...collectionsKeys.all, "list"] as const,
  save: () => [...collectionsKeys.all, "save"] as const,
  remove: () => [...collectionsKeys.all, "delete"] as const,
};
