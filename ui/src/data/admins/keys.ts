/** Query and mutation keys of the admins area. */
export const adminsKeys = {
  all: ["admins"] as const,
  lists: () => [...adminsKeys.all, "list"] as const,
  list: (filter: string, sort: string) => [...adminsKeys.lists(), { filter, sort }] as const,
  save: () => [...adminsKeys.all, "save"] as const,
  remove: () => [...adminsKeys.all, "delete"] as const,
};
