/** Query and mutation keys of the backups area. */
export const backupsKeys = {
  all: ["backups"] as const,
  list: () => [...backupsKeys.all, "list"] as const,
  progress: () => [...backupsKeys.all, "progress"] as const,
  create: () => [...backupsKeys.all, "create"] as const,
  remove: () => [...backupsKeys.all, "delete"] as const,
  restore: () => [...backupsKeys.all, "restore"] as const,
  upload: () => [...backupsKeys.all, "upload"] as const,
};
